import Foundation
import Testing
import NavVizCore
import NavVizFiles
import _NavVizTestSupport

/// The inputs libFuzzer found crashing (Fuzz/Regressions/TARGET/, docs/security.md,
/// "Fuzzing"), replayed through every reader and the timeline in every dialect: each ends
/// in a document or in `FILE: error: …` lines.
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
            do {
                let document = try DocumentFile.load(bytes: bytes, name: "fuzz", format: format).document
                for dialect in DiffDialect.allCases {
                    let timeline = TimelineBuilder.build(document, dialect: dialect)
                    _ = TimelineWriter.text(timeline)
                    _ = TimelineWriter.json(timeline)
                }
            } catch {
                #expect(!error.lines.isEmpty && error.lines.allSatisfy { $0.hasPrefix("fuzz") && $0.contains(": error: ") })
            }
        }
    }
}
