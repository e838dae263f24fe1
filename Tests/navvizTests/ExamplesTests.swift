import Foundation
import Testing
import _NavVizTestSupport

/// Every example in `--help`, the README and docs/ runs as written.
///
/// Examples are taken out mechanically:
/// - from each command's help, the lines of its `Examples:` section (a line ending in `\`
///   continues on the next);
/// - from README.md and docs/*.md, fenced `sh` blocks (every line is a command, or, where the
///   block uses `$ ` prompts, the prompted lines are commands and the lines after one are its
///   output) and other fenced blocks with `$ ` prompts; a `  # comment` is dropped. `make` and
///   `swift` lines and `Scripts/` (building, testing and benchmarking navviz itself) are not
///   run here;
/// - from README.md and docs/*.md, every fenced `json` block: it parses, and when it is a
///   document (a node, snapshot, sequence, script or route request) `navviz validate` accepts
///   it.
///
/// Each file's commands run in order through `/bin/sh`, with the built `navviz` first on
/// PATH, in a scratch directory holding a copy of Samples/ (and of the plugin fixture's Nav/,
/// the app folder the README's CI examples check, `navigation.ndjson`, the recording
/// docs/recorder.md reads, and an empty `out/`, as `make demo` leaves it), with
/// `GITHUB_STEP_SUMMARY` a file there. A command succeeds, unless the
/// output shown after it has an `error:` line: then it fails, and says that. Every line of
/// shown output (lines with `…` excepted) appears in what the command printed.
struct ExamplesTests {
    struct Example: CustomStringConvertible {
        var source: String
        var command: String
        var shown: [String]
        var description: String { "\(source): \(command)" }
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PackagePaths.samples, to: url.appendingPathComponent("Samples"))
        // The README's "In CI" section checks an app's Nav/ folder: the plugin fixture's.
        try FileManager.default.copyItem(at: PackagePaths.root.appendingPathComponent("Tests/Fixtures/PluginConsumer/Nav"),
                                         to: url.appendingPathComponent("Nav"))
        // `make demo` (the README's first command) leaves out/ for the examples that write there.
        try FileManager.default.createDirectory(at: url.appendingPathComponent("out"), withIntermediateDirectories: false)
        // docs/recorder.md reads the log an app's recorder wrote: one snapshot per line.
        let sequence = try JSONSerialization.jsonObject(with: Data(contentsOf: PackagePaths.samples.appendingPathComponent("tab-switch.sequence.json"))) as? [String: Any]
        let lines = try ((sequence?["frames"] as? [Any]) ?? []).map { frame in
            String(decoding: try JSONSerialization.data(withJSONObject: frame), as: UTF8.self)
        }
        try (lines.joined(separator: "\n") + "\n").write(to: url.appendingPathComponent("navigation.ndjson"), atomically: true, encoding: .utf8)
        return url
    }

    /// The documents whose examples run: README.md and every docs/*.md.
    static var documents: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static let subcommands = ["render", "validate", "diff", "route", "timeline", "animate", "check", "import"]

    /// Fenced blocks of a Markdown text: the language word and the lines with their numbers
    /// (a line ending in `\` joined with the next, under the first one's number).
    static func blocks(_ text: String) -> [(language: String, lines: [(Int, String)])] {
        var out: [(String, [(Int, String)])] = []
        var current: (String, [(Int, String)])?
        var continued: (Int, String)?
        for (n, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let c = current {
                    out.append(c)
                    current = nil
                } else {
                    current = (String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
                }
            } else if current != nil {
                let joined = continued.map { ($0.0, $0.1 + " " + trimmed) } ?? (n + 1, line)
                if current!.0 != "json", joined.1.hasSuffix("\\") {
                    continued = (joined.0, String(joined.1.dropLast()).trimmingCharacters(in: .whitespaces))
                } else {
                    continued = nil
                    current!.1.append(joined)
                }
            }
        }
        return out
    }

    /// A command line without a trailing `  # comment`.
    static func withoutComment(_ line: String) -> String {
        guard let r = line.range(of: "  #") else { return line.trimmingCharacters(in: .whitespaces) }
        return String(line[..<r.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    /// Whether a command builds, tests, fuzzes, benchmarks or installs navviz itself (`make …`,
    /// `swift …`, `Scripts/…`, a fuzz target `Fuzz/.build/…`, a download, a clone, a
    /// package manager's install or a copy off a simulator or device: `curl`, `git`, `brew`,
    /// `sudo`, `apt-get`, `cd`, `cp`, `xcrun`, with variables before it): not examples of navviz.
    static func isTooling(_ command: String) -> Bool {
        let words = command.split(separator: " ").drop { $0.contains("=") && !$0.hasPrefix("-") }
        return ["make", "swift", "curl", "git", "brew", "sudo", "apt-get", "cd", "cp", "xcrun"].contains(words.first ?? "")
            || words.first?.hasPrefix("Scripts/") == true || words.first?.hasPrefix("Fuzz/.build/") == true
    }

    static func markdownExamples(_ file: String) throws -> [Example] {
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
        var out: [Example] = []
        for block in blocks(text) {
            let prompted = block.lines.contains { $0.1.hasPrefix("$ ") }
            guard block.language == "sh" || block.language == "shell" || prompted else { continue }
            for (n, line) in block.lines {
                if prompted {
                    if line.hasPrefix("$ ") {
                        out.append(Example(source: "\(file):\(n)", command: withoutComment(String(line.dropFirst(2))), shown: []))
                    } else if !out.isEmpty, out[out.count - 1].source.hasPrefix(file) {
                        out[out.count - 1].shown.append(line)
                    }
                } else {
                    let command = withoutComment(line)
                    if !command.isEmpty && !command.hasPrefix("#") {
                        out.append(Example(source: "\(file):\(n)", command: command, shown: []))
                    }
                }
            }
        }
        return out.filter { !isTooling($0.command) }
    }

    static func helpExamples(_ command: String) throws -> [Example] {
        let help = try NavVizBinary.shared(["help", command]).stdout
        var out: [Example] = []
        var inExamples = false
        var pending = ""
        for line in help.components(separatedBy: "\n") {
            if line == "Examples:" || line == "Example:" {
                inExamples = true
                continue
            }
            guard inExamples else { continue }
            if line.isEmpty { break }
            let text = line.trimmingCharacters(in: .whitespaces)
            pending += (pending.isEmpty ? "" : " ") + (text.hasSuffix("\\") ? String(text.dropLast()).trimmingCharacters(in: .whitespaces) : text)
            if !text.hasSuffix("\\") {
                out.append(Example(source: "navviz help \(command)", command: pending, shown: []))
                pending = ""
            }
        }
        return out
    }

    /// Runs `examples` in order in one scratch directory.
    static func run(_ examples: [Example]) throws -> [String] {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var problems: [String] = []
        for example in examples {
            let path = NavVizBinary.url.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let r = try NavVizBinary.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", example.command], in: dir,
                                         environment: ["PATH": path, "GITHUB_STEP_SUMMARY": dir.appendingPathComponent("step-summary.md").path])
            let printed = r.stdout + r.stderr
            let expectsError = example.shown.contains { $0.contains("error:") }
            if expectsError ? r.status == 0 : r.status != 0 {
                problems.append("\(example): exit status \(r.status)\(expectsError ? " (the example shows an error)" : ""):\n\(printed.prefix(600))")
                continue
            }
            for line in example.shown where !line.contains("…") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !printed.contains(line.trimmingCharacters(in: .whitespaces)) {
                    problems.append("\(example): the example shows a line navviz did not print: \(line)\n--- printed:\n\(printed.prefix(800))")
                }
            }
        }
        return problems
    }

    @Test(arguments: documents)
    func markdownCommandsRunAsWritten(file: String) throws {
        let examples = try Self.markdownExamples(file)
        if file == "README.md" { #expect(examples.count >= 12, "\(examples)") }
        let problems = try Self.run(examples)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    @Test(arguments: subcommands)
    func helpExamplesRunAsWrittenAndAreNotWrapped(command: String) throws {
        let help = try NavVizBinary.shared(["help", command]).stdout
        // A wrapped example line would start at the margin instead of under its command.
        if let section = help.components(separatedBy: "Example").dropFirst().first {
            let lines = section.components(separatedBy: "\n").dropFirst().prefix { !$0.isEmpty }
            for line in lines { #expect(line.hasPrefix("  "), "help \(command): an example is wrapped: \(line)") }
        }
        let examples = try Self.helpExamples(command)
        #expect(!examples.isEmpty, "help \(command) has no examples")
        let problems = try Self.run(examples)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    /// Help names only files that exist, and no document outside the repository.
    @Test(arguments: subcommands + ["render-frames"])
    func helpNamesOnlyRealFiles(command: String) throws {
        let help = try NavVizBinary.shared(["help", command]).stdout
        #expect(!help.contains("FORMAT.md"), "help \(command) names FORMAT.md, which is not in the repository")
        for word in help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "'" || $0 == "(" || $0 == ")" || $0 == "," })
        where word.hasPrefix("Samples/") || word.hasPrefix("docs/") {
            let path = String(word.drop { _ in false }.reversed().drop { ".;:".contains($0) }.reversed())
            guard !path.hasSuffix("/") else { continue }
            #expect(FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent(path).path) || examplesWrite(path, in: help),
                    "help \(command) names \(path), which does not exist")
        }
    }

    /// Whether the help's examples write `path` (an example's output, not an input).
    func examplesWrite(_ path: String, in help: String) -> Bool {
        help.contains("-o \(path)") || help.contains("--expect \(path)") || help.contains(":\(path)")
    }

    /// JSON examples parse, and documents among them validate.
    @Test(arguments: documents)
    func jsonExamplesAreValid(file: String) throws {
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
        for block in Self.blocks(text) where block.language == "json" {
            let json = block.lines.map(\.1).joined(separator: "\n")
            let where_ = "\(file):\(block.lines.first?.0 ?? 0)"
            guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else {
                Issue.record("\(where_): a json example that is not JSON:\n\(json.prefix(300))")
                continue
            }
            guard let object = value as? [String: Any], object["op"] == nil,
                  !Set(object.keys).isDisjoint(with: ["tree", "frames", "initial", "id"]) else { continue }
            let r = try NavVizBinary.run(["validate", "-"], stdin: json)
            #expect(r.status == 0, "\(where_): the example document is not valid: \(r.stderr)")
        }
    }

    /// docs/ links only to files in the repository.
    @Test(arguments: documents)
    func linksStayInTheRepository(file: String) throws {
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
        let base = PackagePaths.root.appendingPathComponent(file).deletingLastPathComponent()
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            let target = String(after[..<close])
            rest = after[close...]
            if target.hasPrefix("http") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
            let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
            let url = base.appendingPathComponent(path).standardizedFileURL
            #expect(url.path.hasPrefix(PackagePaths.root.standardizedFileURL.path + "/"), "\(file) links outside the repository: \(target)")
            #expect(FileManager.default.fileExists(atPath: url.path), "\(file) links to a missing file: \(target)")
        }
    }
}
