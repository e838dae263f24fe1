import Foundation
import Testing
import _NavVizTestSupport

/// `make install` / `make uninstall`'s copying half (Scripts/install.sh), on a staged tree
/// like the one `make install-stage` lays out: everything or nothing is installed, a file
/// install did not write is never replaced, uninstall removes exactly what the manifest
/// lists. (`make install` itself builds navviz in release and generates the man pages: a
/// trial of it is in docs/platforms.md's figures, not in the suite.)
final class InstallTests: ScratchSuite {
    static let script = PackagePaths.root.appendingPathComponent("Scripts/install.sh").path
    static let files = ["bin/navviz", "share/man/man1/navviz.1", "share/man/man1/navviz.render.1",
                        "share/bash-completion/completions/navviz", "share/zsh/site-functions/_navviz",
                        "share/fish/vendor_completions.d/navviz.fish"]

    /// A stage as `make install-stage` leaves it.
    func stage() throws -> String {
        let stage = tmp.appendingPathComponent("stage")
        for file in Self.files {
            let url = stage.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (file == "bin/navviz" ? "#!/bin/sh\necho navviz\n" : "\(file)\n").write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: file == "bin/navviz" ? 0o755 : 0o644], ofItemAtPath: url.path)
        }
        return stage.path
    }

    func run(_ arguments: [String], as user: Int32? = nil) throws -> NavVizBinary.Result {
        if let user {
            return try NavVizBinary.run(executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
                                        ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "/bin/bash", Self.script] + arguments,
                                        in: tmp, environment: [:], timeout: 60)
        }
        return try NavVizBinary.run(executable: URL(fileURLWithPath: "/bin/bash"), [Self.script] + arguments, in: tmp, environment: [:], timeout: 60)
    }

    @Test func installThenUninstallLeavesThePrefixAsItWas() throws {
        let stage = try stage()
        let prefix = tmp.appendingPathComponent("prefix")
        // Someone else's files in the same directories stay.
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/man/man1"), withIntermediateDirectories: true)
        try "theirs\n".write(to: prefix.appendingPathComponent("share/man/man1/other.1"), atomically: true, encoding: .utf8)
        let before = Scratch.tree(prefix)

        let r = try run(["install", stage, prefix.path])
        #expect(r.status == 0, "\(r.stderr)")
        for file in Self.files + ["share/navviz/install-manifest.txt"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/navviz").path))
        let manifest = try String(contentsOf: prefix.appendingPathComponent("share/navviz/install-manifest.txt"), encoding: .utf8)
        let listed = manifest.split(separator: "\n").filter { !$0.hasPrefix("dir ") }.map(String.init)
        #expect(Set(listed) == Set((Self.files + ["share/navviz/install-manifest.txt"]).map { prefix.path + "/" + $0 }))
        #expect(!manifest.contains("other.1"))
        // Installing again (an upgrade) replaces only its own files.
        #expect(try run(["install", stage, prefix.path]).status == 0)

        let u = try run(["uninstall", prefix.path])
        #expect(u.status == 0, "\(u.stderr)")
        #expect(Scratch.tree(prefix) == before)
        let again = try run(["uninstall", prefix.path])
        #expect(again.status == 0)
        #expect(again.stdout.contains("nothing to remove"))
    }

    /// A PREFIX that cannot be written is named, and nothing is written.
    @Test func anUnwritablePrefixInstallsNothing() throws {
        let stage = try stage()
        let locked = tmp.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        let prefix = locked.appendingPathComponent("usr")
        // As root every directory is writable: run as nobody.
        let asUser: Int32? = getuid() == 0 ? 65534 : nil
        if asUser != nil {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tmp.path)
        }
        let r = try run(["install", stage, prefix.path], as: asUser)
        #expect(r.status == 73)
        #expect(r.stderr == "install: error: cannot install into PREFIX '\(prefix.path)': '\(locked.path)' is not writable (run with sudo, or choose another PREFIX=)\n")
        #expect(Scratch.tree(locked).isEmpty)
        // A file in the way, or not a directory: named, nothing written.
        let file = tmp.appendingPathComponent("file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let f = try run(["install", stage, file.appendingPathComponent("usr").path])
        #expect(f.status == 73)
        #expect(f.stderr.contains("'\(file.path)' is not a directory"))
        let relative = try run(["install", stage, "usr/local"])
        #expect(relative.status == 64)
    }

    /// A navviz already there that install did not write (another package's) is kept.
    @Test func aFileInstallDidNotWriteIsNeverReplaced() throws {
        let stage = try stage()
        let prefix = tmp.appendingPathComponent("prefix")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try "someone else's\n".write(to: prefix.appendingPathComponent("bin/navviz"), atomically: true, encoding: .utf8)
        let r = try run(["install", stage, prefix.path])
        #expect(r.status == 73)
        #expect(r.stderr.contains("'\(prefix.path)/bin/navviz' is there and navviz's install did not write it"))
        #expect(Scratch.tree(prefix) == ["bin", "bin/navviz"])
        #expect(try String(contentsOf: prefix.appendingPathComponent("bin/navviz"), encoding: .utf8) == "someone else's\n")
    }

    /// DESTDIR: files under DESTDIR/PREFIX, the manifest naming PREFIX's paths.
    @Test func destdirStagesForPackagers() throws {
        let stage = try stage()
        let destdir = tmp.appendingPathComponent("pkgroot").path
        #expect(try run(["install", stage, "/usr/local", destdir]).status == 0)
        let manifest = try String(contentsOfFile: destdir + "/usr/local/share/navviz/install-manifest.txt", encoding: .utf8)
        #expect(manifest.contains("/usr/local/bin/navviz\n") && !manifest.contains(destdir))
        #expect(try run(["uninstall", "/usr/local", destdir]).status == 0)
        #expect(Scratch.tree(URL(fileURLWithPath: destdir)) == [])
    }
}
