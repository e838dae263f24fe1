import Foundation
import Testing
import _NavVizTestSupport

/// A full disk ends a run with `DESTINATION: error: cannot write: …: no space left on
/// device` (exit 74), naming the destination as given on the command line, never the hidden
/// staging directory, and never a crash. `/dev/full` stands for a full disk where a single
/// write is enough; a 64 KB tmpfs (mounted when the tests run as root and may mount) for
/// a bundle that fills it part way.
struct FullDiskTests {
    static let devFull = FileManager.default.fileExists(atPath: "/dev/full")

    @Test(.enabled(if: devFull)) func outputFileOnAFullDevice() throws {
        let r = try NavVizBinary.run(["render", "Samples/katana-tabs.json", "-o", "/dev/full", "--format", "svg"])
        #expect(r.status == 74)
        #expect(r.stderr == "/dev/full: error: cannot write: no space left on device\n")
    }

    @Test(.enabled(if: devFull)) func standardOutputOnAFullDevice() throws {
        let process = Process()
        process.executableURL = NavVizBinary.url
        process.arguments = ["render", "Samples/katana-tabs.json", "--format", "svg"]
        process.currentDirectoryURL = PackagePaths.root
        process.environment = ["NO_COLOR": "1"].merging(Sanitizer.environment) { kept, _ in kept }
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else {
            Issue.record("cannot open /dev/full for writing")
            return
        }
        process.standardOutput = full
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(stderr == "<stdout>: error: cannot write: no space left on device\n")
    }

    /// A 64 KB tmpfs, or nil where this process may not mount one.
    static func smallDisk() -> URL? {
        guard geteuid() == 0 else { return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-full-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)) != nil else { return nil }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir.path]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { return nil }
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: dir)
            return nil
        }
        return dir
    }

    static func unmount(_ dir: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [dir.path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(at: dir)
    }

    @Test(arguments: [[], ["--png"], ["--png", "--gif", "--jobs", "2"]])
    func animateOnAFullDiskNamesTheDestination(_ options: [String]) throws {
        guard let disk = Self.smallDisk() else { return }  // not root, or no mount here
        defer { Self.unmount(disk) }
        let out = disk.appendingPathComponent("bundle").path
        // The 7 frames of the deep-link script with PNGs, or a player of them, outgrow 64 KB.
        let r = try NavVizBinary.run(["animate", "Samples/nivelir-deeplink.script.json", "-o", out] + options + (options.isEmpty ? ["--delay", "20"] : []))
        let lines = r.stderr.split(separator: "\n").map(String.init)
        if options.isEmpty, r.status == 0 { return }  // SVG alone may fit
        #expect(r.status == 74, "\(r.stderr)")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("\(out): error: cannot write: "), "\(line)")
            // A full disk, or the estimate from the first frames that they would not fit.
            #expect(line.hasSuffix(": no space left on device") || line.hasSuffix("free; draw part of the recording with --states A..B"), "\(line)")
            #expect(!line.contains(".navviz-new-"), "\(line)")
        }
        // Nothing is left behind: no bundle, no staging directory.
        #expect((try FileManager.default.contentsOfDirectory(atPath: disk.path)) == [])
    }

    /// A recording whose first frames fit but whose whole would not is refused after its
    /// first frames, with the estimate, before the disk is full.
    @Test func animateThatWouldNotFitIsRefusedFromItsFirstFrames() throws {
        guard let disk = Self.smallDisk() else { return }
        defer { Self.unmount(disk) }
        let log = disk.appendingPathComponent("session.ndjson")
        let lines = (0..<400).map { i in #"{"id": "nav", "kind": "stack", "children": [{"id": "home"}"# + (i % 2 == 1 ? #", {"id": "d\#(i % 5)"}"# : "") + "]}" }
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let out = disk.appendingPathComponent("bundle").path
        let r = try NavVizBinary.run(["animate", log.path, "-o", out])
        #expect(r.status == 74)
        #expect(r.stderr.hasPrefix("\(out): error: cannot write: 799 frames need about "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("free; draw part of the recording with --states A..B\n"), "\(r.stderr)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: disk.path)) == ["session.ndjson"])
    }
}
