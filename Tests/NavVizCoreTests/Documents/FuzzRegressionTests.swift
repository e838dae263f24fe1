import Foundation
import Testing
import NavVizCore
import NavVizFiles
import _NavVizTestSupport

/// The inputs libFuzzer found crashing (Fuzz/Regressions/TARGET/, docs/security.md,
/// "Fuzzing"), replayed through every reader and the timeline in every dialect: each ends
/// in a document or in `FILE: error: …` lines; a snapshot or sequence also written as YAML,
/// as `navviz import --format yaml` writes it, which must read back to the same document
/// (fuzz-importers' check).
struct FuzzRegressionTests {
    static var inputs: [URL] {
        let folder = PackagePaths.root.appendingPathComponent("Fuzz/Regressions")
        let targets = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return targets.flatMap { (try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil)) ?? [] }
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
    }

    @Test func thereAreInputsToReplay() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(arguments: inputs)
    func replaysToADocumentOrAnError(_ input: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: input))
        for format in InputFormat.allCases {
            let document: Document
            do {
                document = try DocumentFile.load(bytes: bytes, name: "fuzz", format: format).document
            } catch {
                #expect(!error.diagnostics.isEmpty && error.diagnostics.map(\.description).allSatisfy { $0.hasPrefix("fuzz") && $0.contains(": error: ") })
                continue
            }
            try expectYAMLRoundTrip(document)
            for dialect in DiffDialect.allCases {
                let timeline = TimelineBuilder.build(document, dialect: dialect)
                _ = TimelineWriter.text(timeline)
                _ = TimelineWriter.json(timeline)
            }
        }
    }

    func expectYAMLRoundTrip(_ document: Document) throws {
        let json: String
        switch document {
        case .snapshot(let tree): json = DocumentEncoder.snapshot(tree)
        case .sequence(let sequence): json = DocumentEncoder.sequence(sequence)
        case .script, .route: return
        }
        let yaml: String
        do {
            yaml = try YAMLWriter.yaml(json: json)
        } catch YAMLWriter.WriteError.tooDeep {
            return
        }
        let again = try DocumentFile.load(bytes: Array(yaml.utf8), name: "import.yaml", format: .yaml).document
        switch again {
        case .snapshot(let tree): #expect(DocumentEncoder.snapshot(tree) == json, "\(yaml)")
        case .sequence(let sequence): #expect(DocumentEncoder.sequence(sequence) == json, "\(yaml)")
        case .script, .route: Issue.record("the YAML reads back as a \(again.kindName)")
        }
    }
}
