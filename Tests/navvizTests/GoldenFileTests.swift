import Foundation
import NavVizCore
import NavVizRender
import Testing
import _NavVizTestSupport

/// What navviz prints for every sample, in every format that does not depend on the Graphviz
/// version, kept as plain files under `Tests/Goldens/SAMPLE/` and compared byte for byte, so
/// every change to an output is a diff someone reviews. `make goldens` re-records them all
/// (and removes the files no run writes any more).
///
/// Each file is one run of the built binary: its standard output, and beside it
/// `NAME.stderr` (the exit status, then standard error) when the run failed or printed on
/// standard error. SVG, PNG and PDF are not kept: their bytes differ between the Graphviz
/// versions CI tests against (2.43 and 14.1.3), and between machines with other fonts; the
/// DOT kept here is every decision navviz makes about a picture.
///
/// One exception, for time: `render --format json|dot|mermaid` of a sample is the library's
/// encoder applied to the frame `render --format text` of the same sample draws (its last),
/// so those files are made in this process (``Run/inProcess``, ``rendered(_:format:)``) for
/// every sample but ``renderedByBinary``, whose runs of the binary are also compared with
/// what this process makes: the binary adds nothing else to them. The text render of every
/// sample is a run of the binary.
struct GoldenFileTests {
    /// One golden file: the command that writes it, and where.
    struct Run: CustomTestStringConvertible, Sendable {
        /// The file under `Tests/Goldens/`, e.g. `katana-tabs.json/render.txt`.
        var file: String
        var arguments: [String]
        /// Made in this process by ``rendered(_:format:)`` rather than by running the binary.
        var inProcess = false
        var testDescription: String { file }
    }

    /// The samples whose `render --format json|dot|mermaid` run the binary (one of each kind
    /// of document, and the UIKit pastes, which only the binary reads), and are compared with
    /// what ``rendered(_:format:)`` makes too.
    static let renderedByBinary: Set<String> = [
        "nivelir-chat.yaml", "shop-related.sequence.json", "nivelir-deeplink.script.json", "portus-example-4.route.json",
        "uikit-tabs.paste.txt", "uikit-session.pastes.txt",
    ]

    static let directory = PackagePaths.root.appendingPathComponent("Tests/Goldens")
    static let recording = ProcessInfo.processInfo.environment["NAVVIZ_RECORD_GOLDENS"] != nil

    /// The samples animated for their `summary.md` (those `make demo` animates): an animation
    /// costs dot layouts, so not every sequence is drawn here.
    static let animated: Set<String> = ["nivelir-deeplink.script.json", "portus-readme.script.json"]

    /// Every run, derived from the samples: what each kind of document is read by.
    static func runs() -> [Run] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.samples.path)) ?? [])
            .filter { ["json", "yaml", "yml", "ndjson", "jsonl", "txt"].contains(($0 as NSString).pathExtension) }
            .sorted()
        var runs: [Run] = []
        func add(_ dir: String, _ file: String, _ arguments: [String]) {
            runs.append(Run(file: "\(dir)/\(file)", arguments: arguments))
        }
        for name in names {
            let path = "Samples/\(name)"
            for (format, ext) in [("text", "txt"), ("json", "json"), ("dot", "dot"), ("mermaid", "mmd")] {
                add(name, "render.\(ext)", ["render", path, "--format", format])
                runs[runs.count - 1].inProcess = format != "text" && !renderedByBinary.contains(name)
            }
            guard let document = try? Samples.load(name) else {
                Issue.record("sample \(name) does not load")
                continue
            }
            switch document {
            case .snapshot:
                break
            case .sequence:
                for (format, ext) in [("text", "txt"), ("json", "json"), ("dot", "dot"), ("mermaid", "mmd")] {
                    add(name, "diff.\(ext)", ["diff", path, "--format", format])
                }
                add(name, "timeline.txt", ["timeline", path, "--format", "text"])
                add(name, "timeline.json", ["timeline", path, "--format", "json"])
            case .script:
                add(name, "timeline.txt", ["timeline", path, "--format", "text"])
                add(name, "timeline.json", ["timeline", path, "--format", "json"])
            case .route:
                for (format, ext) in [("text", "txt"), ("json", "json"), ("dot", "dot"), ("mermaid", "mmd")] {
                    add(name, "route.\(ext)", ["route", path, "--format", format])
                }
                add(name, "timeline.txt", ["timeline", path, "--format", "text"])
                add(name, "timeline.json", ["timeline", path, "--format", "json"])
            }
            if animated.contains(name) {
                add(name, "animate.summary.md", ["animate", path, "-o", "OUTDIR"])
            }
            // A before/after pair: the diff in every dialect.
            if name.hasSuffix(".before.json") {
                let stem = String(name.dropLast(".before.json".count))
                let after = "Samples/\(stem).after.json"
                guard names.contains("\(stem).after.json") else { continue }
                for dialect in ["navviz", "katana", "reswift", "tempura"] {
                    add("\(stem).diff", "\(dialect).txt", ["diff", path, after, "--dialect", dialect])
                    add("\(stem).diff", "\(dialect).json", ["diff", path, after, "--dialect", dialect, "--format", "json"])
                }
                add("\(stem).diff", "navviz.dot", ["diff", path, after, "--format", "dot"])
                add("\(stem).diff", "navviz.mmd", ["diff", path, after, "--format", "mermaid"])
            }
        }
        // A route given on the command line instead of in a request.
        add("portus-tree.json", "route-to.txt", ["route", "Samples/portus-tree.json", "--to", "switchNode1/node1/node6"])
        add("portus-tree.json", "route-to.json", ["route", "Samples/portus-tree.json", "--to", "switchNode1/node1/node6", "--format", "json"])
        return runs
    }

    @Test(arguments: runs())
    func output(_ run: Run) throws {
        var arguments = run.arguments
        if let i = arguments.firstIndex(of: "OUTDIR") {
            // An animation: its summary.md is the output kept.
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-golden-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            arguments[i] = dir.path
            let result = try NavVizBinary.run(arguments)
            let summary = (try? Data(contentsOf: dir.appendingPathComponent("summary.md"))).map { Array($0) } ?? []
            try compare(run, result: result, stdout: summary)
            return
        }
        if run.inProcess {
            let bytes = try Self.rendered(arguments[1], format: arguments[3])
            let result = NavVizBinary.Result(stdout: String(decoding: bytes, as: UTF8.self), stderr: "", status: 0, stdoutBytes: bytes)
            try compare(run, result: result, stdout: bytes)
            if run.file.hasSuffix(".json") { Self.expectJSON(run, result) }
            return
        }
        let result = try NavVizBinary.shared(arguments)
        try compare(run, result: result, stdout: result.stdoutBytes)
        if run.file.hasSuffix(".json") { Self.expectJSON(run, result) }
        if arguments[0] == "render", arguments.last != "text", Self.renderedByBinary.contains(URL(fileURLWithPath: arguments[1]).lastPathComponent),
           !arguments[1].hasSuffix(".txt") {
            #expect(result.stdoutBytes == (try Self.rendered(arguments[1], format: arguments[3])),
                    "`navviz \(arguments.joined(separator: " "))` is not what the library makes of the sample's last frame")
        }
    }

    /// `navviz render PATH --format FORMAT` (json, dot or mermaid) made in this process: the
    /// encoder the binary uses, on the frame it draws by default (the last).
    static func rendered(_ path: String, format: String) throws -> [UInt8] {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let frame = try #require(Samples.lastState(of: try Samples.load(name)), "\(name) has no frame")
        switch format {
        case "json":
            return Array(DocumentEncoder.snapshot(frame.tree).utf8)
        case "dot":
            return Array(DOTEncoder.encode(TreeScene.make(frame.tree, theme: .light, title: frame.label)).utf8)
        case "mermaid":
            return Array(MermaidEncoder.encode(TreeScene.make(frame.tree, theme: .light, title: frame.label)).utf8)
        default:
            Issue.record("no in-process render for --format \(format)")
            return []
        }
    }

    /// A JSON output parses as JSON (for OutputFormatTests' rule that every command's JSON
    /// output is JSON); an unreachable route (status 1) writes nothing at all.
    static func expectJSON(_ run: Run, _ result: NavVizBinary.Result) {
        if result.status == 1 && run.arguments[0] == "route" {
            #expect(result.stdout.isEmpty, "\(run.file): an unreachable destination printed \(result.stdout.prefix(120))")
            return
        }
        #expect(result.status == 0 || result.status == 1, "\(run.arguments): \(result.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(result.stdoutBytes))) != nil, "\(run.arguments) printed no JSON: \(result.stdout.prefix(120))")
    }

    /// Compares (or records) the output and the `.stderr` file beside it.
    private func compare(_ run: Run, result: NavVizBinary.Result, stdout: [UInt8]) throws {
        #expect(!result.timedOut)
        let failed = result.status != 0 || !result.stderr.isEmpty
        let command = "`navviz \(run.arguments.joined(separator: " "))`" + (run.inProcess ? " (made in this process, as the binary makes it)" : "")
        let files: [(String, [UInt8]?)] = [
            (run.file, stdout),
            (run.file + ".stderr", failed ? Array("exit status \(result.status)\n\(result.stderr)".utf8) : nil),
        ]
        for (file, expected) in files {
            let url = Self.directory.appendingPathComponent(file)
            if Self.recording {
                if let expected {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(expected).write(to: url)
                } else {
                    try? FileManager.default.removeItem(at: url)
                }
                continue
            }
            let kept = try? Data(contentsOf: url)
            switch (kept, expected) {
            case (nil, nil):
                break
            case (nil, let actual?):
                Issue.record("no golden file Tests/Goldens/\(file) for \(command); run `make goldens` and review it:\n\(String(decoding: actual, as: UTF8.self))")
            case (_?, nil):
                Issue.record("Tests/Goldens/\(file) is kept, but \(command) no longer writes it; run `make goldens`")
            case (let kept?, let actual?):
                if Array(kept) != actual {
                    Issue.record("""
                        \(command) differs from Tests/Goldens/\(file) \
                        (run `make goldens` and review the diff if the change is meant):
                        --- kept
                        \(String(decoding: kept, as: UTF8.self))
                        --- now
                        \(String(decoding: actual, as: UTF8.self))
                        """)
                }
            }
        }
    }

    /// No golden file is left that no run writes (a renamed sample, a dropped format).
    @Test func noStrayGoldenFiles() throws {
        let expected = Set(Self.runs().flatMap { [$0.file, $0.file + ".stderr"] })
        let base = Self.directory.standardizedFileURL.path + "/"
        var stray: [String] = []
        if let walk = FileManager.default.enumerator(at: Self.directory, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                let file = String(url.standardizedFileURL.path.dropFirst(base.count))
                if !expected.contains(file) { stray.append(file) }
            }
        }
        if Self.recording {
            for file in stray { try FileManager.default.removeItem(at: Self.directory.appendingPathComponent(file)) }
            return
        }
        #expect(stray.isEmpty, "golden files no run writes (run `make goldens`): \(stray.sorted())")
    }
}
