import Foundation
import Testing
import _NavVizTestSupport

/// Outputs are all-or-nothing: `animate` builds its bundle in a temporary directory beside
/// the destination and renames it into place, `-o FILE` writes a temporary file and renames
/// it; an unwritable destination exits 74 and leaves what was there, with no temporaries.
/// (A bundle replaced whole by a run that succeeds: NavVizArtifactsTests' OutputDirectoryTests.)
///
/// Read-only directories do not stop root, so when the tests run as root the binary runs as
/// `nobody` through `setpriv` (util-linux) for those cases; without it they are skipped.
struct OutputSafetyTests {
    static let setpriv = "/usr/bin/setpriv"
    static let asRoot = geteuid() == 0
    static let canDropPrivileges = !asRoot || FileManager.default.isExecutableFile(atPath: setpriv)

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: url.path)
        return url
    }

    /// Runs navviz as an unprivileged user when this process is root, with `stdin` as input.
    static func runUnprivileged(_ arguments: [String], stdin: String) throws -> NavVizBinary.Result {
        let process = Process()
        if asRoot {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", NavVizBinary.url.path] + arguments
        } else {
            process.executableURL = NavVizBinary.url
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: "/tmp")
        process.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"].merging(Sanitizer.environment) { kept, _ in kept }
        let input = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try? input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return NavVizBinary.Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                                   status: process.terminationStatus, stdoutBytes: Array(outData))
    }

    static let script = #"{"navviz": 1, "initial": {"id": "r"}, "steps": [{"label": "push", "actions": [{"push": {"id": "a"}}]}]}"#

    @Test(.enabled(if: canDropPrivileges))
    func animateIntoAReadOnlyDirectoryExits74AndKeepsTheOldBundle() throws {
        let tmp = try Self.temporaryDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tmp.appendingPathComponent("ro").path)
            try? FileManager.default.removeItem(at: tmp)
        }
        let ro = tmp.appendingPathComponent("ro"), out = ro.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: ro, withIntermediateDirectories: true)
        let first = try MadeBundles.copy("Samples/tempura-showhide.script.json", to: out)
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: ro.path)
        let before = Scratch.tree(tmp)
        let r = try Self.runUnprivileged(["animate", "-", "-o", out.path], stdin: Self.script)
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("\(out.path): error: cannot write: "), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(Scratch.tree(tmp) == before)
        #expect(try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8) == summary)
    }

    @Test(.enabled(if: canDropPrivileges))
    func renderIntoAReadOnlyDirectoryExits74AndWritesNothing() throws {
        let tmp = try Self.temporaryDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tmp.appendingPathComponent("ro").path)
            try? FileManager.default.removeItem(at: tmp)
        }
        let ro = tmp.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: ro, withIntermediateDirectories: true)
        try "old".write(to: ro.appendingPathComponent("tree.svg"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: ro.path)
        for format in ["svg", "txt"] {
            let target = ro.appendingPathComponent("tree.\(format)")
            let r = try Self.runUnprivileged(["render", "-", "-o", target.path, "--format", format == "txt" ? "text" : format], stdin: #"{"id": "r"}"#)
            #expect(r.status == 74, "\(r.stderr)")
            #expect(r.stderr.contains("error: cannot write"), "\(r.stderr)")
        }
        #expect(Scratch.tree(ro) == ["tree.svg"])
        #expect(try String(contentsOf: ro.appendingPathComponent("tree.svg"), encoding: .utf8) == "old")
    }

    @Test func animateOverAFileOrUnderAFileExits74AndTouchesNothing() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = tmp.appendingPathComponent("file")
        try "keep".write(to: file, atomically: true, encoding: .utf8)
        for target in [file.path, file.path + "/under"] {
            let r = try NavVizBinary.run(["animate", "-", "-o", target], stdin: Self.script)
            #expect(r.status == 74, "\(target): \(r.stderr)")
            #expect(r.stderr.hasPrefix("\(target): error: cannot write"), "\(r.stderr)")
        }
        #expect(Scratch.tree(tmp) == ["file"])
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
    }
}
