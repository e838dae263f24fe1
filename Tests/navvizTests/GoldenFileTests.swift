import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizFiles
import NavVizRender
import Testing
import _NavVizTestSupport

/// What navviz prints for every sample, in every format that does not depend on the Graphviz
/// version, kept as plain files under `Tests/Goldens/SAMPLE/` and compared byte for byte, so
/// every change to an output is a diff someone reviews. `make goldens` re-records them all
/// (and removes the files no run writes any more).
///
/// Each file is what one command prints: its standard output, and beside it
/// `NAME.stderr` (the exit status, then standard error) when the run failed or printed on
/// standard error. SVG, PNG and PDF are not kept: their bytes differ between the Graphviz
/// versions CI tests against (2.43 and 14.1.3), and between machines with other fonts; the
/// DOT kept here is every decision navviz makes about a picture.
///
/// Most files are made in this process instead, for time (a start of the debug binary costs
/// 30 to 40 ms of CPU, and the binary adds nothing to these outputs but the reading of its
/// arguments): ``made(_:)`` calls the library as each command does (NavVizArtifacts' reader
/// and `Document.states`, then NavVizCore's and NavVizRender's writers) for `render`,
/// `timeline`, `diff` and `route` in every text format, where the command would succeed and
/// print nothing on standard error. Every run of a sample in ``byBinary`` is a run of the
/// binary, compared with what ``made(_:)`` gives too, which covers each command in each
/// format (a snapshot, a sequence, a script, a route request, the UIKit pastes, and a
/// before/after pair in every dialect): there, the in-process call is checked against the
/// binary's output, and elsewhere against the kept file. Runs that fail or
/// warn (the unreachable routes, whose messages are the command's), and `route --to`, are
/// runs of the binary. (SamplesTests' `everySampleValidates` reads every sample through the
/// binary.) An animation's summary.md is written by `Animation.write` in this process
/// (``LibraryRuns/animate(_:to:options:)``; AnimateCommandTests compares the command's
/// bundle with the library's).
struct GoldenFileTests {
    /// One golden file: the command that writes it, and where.
    struct Run: CustomTestStringConvertible, Sendable {
        /// The file under `Tests/Goldens/`, e.g. `katana-tabs.json/render.txt`.
        var file: String
        var arguments: [String]
        /// Made in this process by ``made(_:)`` where it can (not a sample of ``byBinary``),
        /// rather than by running the binary.
        var inProcess: Bool {
            ["render", "timeline", "diff", "route"].contains(arguments[0]) && !arguments.contains("--to")
                && !byBinary.contains(URL(fileURLWithPath: arguments[1]).lastPathComponent)
        }
        var testDescription: String { file }
    }

    /// The samples whose runs are all runs of the binary, compared with what ``made(_:)``
    /// makes: one of each kind of document (a snapshot, a sequence, a script, a route
    /// request), the UIKit pastes, and the before/after pair whose diff is kept in every
    /// dialect.
    static let byBinary: Set<String> = [
        "nivelir-chat.yaml", "shop-related.sequence.json", "nivelir-deeplink.script.json", "portus-example-4.route.json",
        "uikit-tabs.paste.txt", "uikit-session.pastes.txt", "katana-article.before.json",
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
            // An animation: its summary.md is the output kept, written by the library's call
            // in this process (AnimateCommandTests shows the command writes the same bundle).
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-golden-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            arguments[i] = dir.path
            let result = LibraryRuns.animate(arguments[1], to: dir.path)
            let summary = (try? Data(contentsOf: dir.appendingPathComponent("summary.md"))).map { Array($0) } ?? []
            try compare(run, result: result, stdout: summary)
            return
        }
        if run.inProcess, let bytes = try Self.made(arguments) {
            let result = NavVizBinary.Result(stdout: String(decoding: bytes, as: UTF8.self), stderr: "", status: 0, stdoutBytes: bytes)
            try compare(run, result: result, stdout: bytes, madeInProcess: true)
            if run.file.hasSuffix(".json") { Self.expectJSON(run, result) }
            return
        }
        let result = try NavVizBinary.shared(arguments)
        try compare(run, result: result, stdout: result.stdoutBytes)
        if run.file.hasSuffix(".json") { Self.expectJSON(run, result) }
        if result.status == 0, result.stderr.isEmpty, let made = try Self.made(arguments) {
            #expect(result.stdoutBytes == made, "`navviz \(arguments.joined(separator: " "))` is not what the library makes in this process")
        }
    }

    /// What `navviz render|timeline|diff|route PATH … [--format FORMAT] [--dialect D]` (text,
    /// json, dot or mermaid) prints, made in this process by the library calls the command
    /// makes, with the command's defaults (the last frame, the light theme, no legend): nil
    /// where the command would fail or print on standard error (a warning, a failing step,
    /// an unreachable destination), and for other commands and options.
    static func made(_ arguments: [String]) throws -> [UInt8]? {
        func option(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        let known: Set<String> = ["--format", "--dialect"]
        var files: [String] = []
        var i = 1
        while i < arguments.count {
            if known.contains(arguments[i]) {
                i += 2
            } else if arguments[i].hasPrefix("-") {
                return nil
            } else {
                files.append(arguments[i])
                i += 1
            }
        }
        guard let path = files.first, let dialect = DiffDialect(rawValue: option("--dialect") ?? "navviz") else { return nil }
        let format = option("--format") ?? "text"
        var warned = false
        let diagnostics = Diagnostics(report: { _ in warned = true })
        func load(_ path: String) throws -> Document {
            try DocumentFile.load(PackagePaths.root.appendingPathComponent(path).path, options: DocumentFile.Options(), diagnostics: diagnostics)
        }
        func last(_ path: String) -> Snapshot? {
            (try? load(path).states(file: path))?.last
        }
        let bytes: String
        switch (arguments[0], format) {
        case ("render", _):
            guard files.count == 1, let frame = last(path) else { return nil }
            switch format {
            case "text": bytes = TreeWriter.render(frame.tree)
            case "json": bytes = DocumentEncoder.snapshot(frame.tree)
            case "dot": bytes = DOTEncoder.encode(TreeScene.make(frame.tree, theme: .light, title: frame.label))
            case "mermaid": bytes = MermaidEncoder.encode(TreeScene.make(frame.tree, theme: .light, title: frame.label))
            default: return nil
            }
        case ("timeline", "text"), ("timeline", "json"):
            guard files.count == 1 else { return nil }
            let timeline = TimelineSettings(dialect: dialect).timeline(of: try load(path))
            guard timeline.failure == nil else { return nil }
            bytes = format == "json" ? TimelineWriter.json(timeline) : TimelineWriter.text(timeline)
        case ("diff", _):
            // BEFORE and AFTER (each its last frame), or a sequence's transitions, titled as
            // the command titles them; a picture shows one transition, the last.
            var steps: [DiffReport.Transition]
            let single = files.count == 2
            if single {
                guard let before = last(files[0]), let after = last(files[1]) else { return nil }
                steps = [DiffReport.Transition(from: 0, to: 1, before: before, after: after, title: "\(files[0]) → \(files[1])")]
            } else {
                guard files.count == 1, case .sequence(let sequence) = try load(path), sequence.snapshots.count > 1 else { return nil }
                let frames = sequence.snapshots
                steps = frames.indices.dropLast().map { i in
                    DiffReport.Transition(from: i, to: i + 1, before: frames[i], after: frames[i + 1],
                                    title: "frames[\(i)] → frames[\(i + 1)]" + (frames[i + 1].label.map { " (\($0))" } ?? ""))
                }
            }
            switch format {
            case "text": bytes = DiffReport.text(steps, dialect: dialect, headers: !single)
            case "json": bytes = DiffReport.json(steps, dialect: dialect, array: single)
            case "dot", "mermaid":
                let step = steps[steps.count - 1]
                let operations = TreeDiff.operations(from: step.before.tree, to: step.after.tree, dialect: dialect)
                let scene = DiffScene.make(old: step.before.tree, new: step.after.tree, operations: operations, dialect: dialect,
                                           theme: .light, title: step.title)
                bytes = format == "dot" ? DOTEncoder.encode(scene) : MermaidEncoder.encode(scene)
            default: return nil
            }
        case ("route", _):
            guard files.count == 1, case .route(let request) = try load(path) else { return nil }
            let result = Router.route(request)
            guard result.failure == nil else { return nil }
            switch format {
            case "text": bytes = RouteWriter.text(result)
            case "json": bytes = OperationWriter.jsonArray(result.operations)
            case "dot": bytes = DOTEncoder.encode(RouteScene.make(result, theme: .light))
            case "mermaid": bytes = MermaidEncoder.encode(RouteScene.make(result, theme: .light))
            default: return nil
            }
        default:
            return nil
        }
        return warned ? nil : Array(bytes.utf8)
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
    private func compare(_ run: Run, result: NavVizBinary.Result, stdout: [UInt8], madeInProcess: Bool = false) throws {
        #expect(!result.timedOut)
        let failed = result.status != 0 || !result.stderr.isEmpty
        let command = "`navviz \(run.arguments.joined(separator: " "))`" + (madeInProcess ? " (made in this process, as the binary makes it)" : "")
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
