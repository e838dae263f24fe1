import Foundation
import Testing
import _NavVizTestSupport

/// How every command reads its input: cut logs, YAML on standard input, `--input-format`,
/// and pipes (`<(command)`, FIFOs).
@Suite struct InputCommandTests {
    static let log = """
        {"tree": {"id": "root", "children": [{"id": "a"}], "active": "a"}}
        {"label": "push", "tree": {"id": "root", "children": [{"id": "a", "children": [{"id": "b"}], "active": "b"}], "active": "a"}}
        {"label": "cut", "tree": {"id": "root", "chil
        """

    static func temporary(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func aCutLastLineIsAWarningAndStrictAnError() throws {
        let file = try Self.temporary("trunc.ndjson", Self.log)
        let r = try NavVizBinary.run(["diff", file, "--format", "json"])
        #expect(r.status == 0)
        #expect(r.stdout.contains(#""op": "push", "id": "b""#))
        #expect(r.stderr == "\(file):3: warning: the last line is cut off (the app stopped while writing it?); it is skipped and the 2 complete lines before it are read (--strict makes this an error)\n")
        let strict = try NavVizBinary.run(["diff", file, "--strict"])
        #expect(strict.status == 65)
        #expect(strict.stdout == "")
        #expect(strict.stderr.hasPrefix("\(file):3: error: invalid JSON"))
        // Streamed by animate: the same warning, once, and --strict an error
        // (NavVizArtifactsTests' AnimationSourceTests; routeAndAnimateTakeInputFormat here
        // shows animate printing it).
        // Standard input: detected as a log although its last line does not end in '}'.
        let piped = try NavVizBinary.run(["timeline", "-"], stdin: Self.log)
        #expect(piped.status == 0)
        #expect(piped.stderr.hasPrefix("<stdin>:3: warning: the last line is cut off"))
    }

    @Test func yamlOnStandardInputIsDetected() throws {
        let yaml = try String(contentsOfFile: PackagePaths.sample("nivelir-chat.yaml"), encoding: .utf8)
        let fromFile = try NavVizBinary.run(["render", "Samples/nivelir-chat.yaml"])
        let piped = try NavVizBinary.run(["render", "-"], stdin: yaml)
        #expect(piped.status == 0)
        #expect(piped.stderr == "")
        #expect(piped.stdout == fromFile.stdout)
        let forced = try NavVizBinary.run(["render", "-", "--input-format", "json"], stdin: yaml)
        #expect(forced.status == 65)
        #expect(forced.stderr.hasPrefix("<stdin>:1:1: error: invalid JSON"))
    }

    /// Every command takes --input-format.
    @Test(arguments: [
        ["render"], ["validate"], ["diff"], ["timeline"], ["check", "--expect", "/nonexistent/x.json", "--record"],
    ])
    func inputFormatOverridesTheExtension(command: [String]) throws {
        let file = try Self.temporary("recording.json", Self.log)
        let asJSON = try NavVizBinary.run([command[0], file] + command.dropFirst())
        #expect(asJSON.status == 65, "\(command)")
        let asLog = try NavVizBinary.run([command[0], file, "--input-format", "ndjson"] + command.dropFirst())
        #expect(asLog.stderr.contains("warning: the last line is cut off"), "\(command): \(asLog.stderr)")
        #expect(asLog.stderr.contains("error:") == (command[0] == "check"), "\(command): \(asLog.stderr)")
    }

    @Test func routeAndAnimateTakeInputFormat() throws {
        let yaml = "tree:\n  id: root\n  kind: tabs\n  children:\n    - id: a\n    - id: b\n  active: a\n"
        let file = try Self.temporary("tree.txt", yaml)
        #expect(try NavVizBinary.run(["route", file, "--to", "root/b"]).status == 0)
        #expect(try NavVizBinary.run(["route", file, "--to", "root/b", "--input-format", "json"]).status == 65)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-fmt-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let log = try Self.temporary("session.txt", Self.log)
        let r = try NavVizBinary.run(["animate", log, "-o", out, "--input-format", "log", "--png", "--jobs", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "warning:").count == 2, "the warning is printed once: \(r.stderr)")
    }

    /// `navviz diff <(cat a.json) <(cat b.json)` reads the pipes.
    @Test func processSubstitutionAndFIFOs() throws {
        let shell = "\"$0\" diff <(cat Samples/katana-article.before.json) <(cat Samples/katana-article.after.json)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", shell, NavVizBinary.url.path]
        process.currentDirectoryURL = PackagePaths.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stdout.hasPrefix("1. change tabTwo: pop childTwo; push inbox"))

        // animate from a pipe reads it once, whole, in one process.
        let out2 = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-fifo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out2) }
        let animate = Process()
        animate.executableURL = URL(fileURLWithPath: "/bin/bash")
        animate.arguments = ["-c", "\"$0\" animate <(cat Samples/tab-switch.sequence.json) -o \"$1\" --png", NavVizBinary.url.path, out2]
        animate.currentDirectoryURL = PackagePaths.root
        animate.standardOutput = FileHandle.nullDevice
        let animateErr = Pipe()
        animate.standardError = animateErr
        try animate.run()
        let animateStderr = String(decoding: animateErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        animate.waitUntilExit()
        #expect(animate.terminationStatus == 0, "\(animateStderr)")
        #expect(FileManager.default.fileExists(atPath: out2 + "/frames/0001.png"))
    }
}
