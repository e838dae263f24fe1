import Foundation
import NavVizArtifacts
import Testing
import _NavVizTestSupport

/// navviz replaces only what it wrote, and an interrupted run leaves nothing behind: its
/// workers end, its staging is removed, the previous output is intact, and a staging
/// directory left by a killed run is cleaned by the next run into the same place. (Which
/// bundles `Animation.write` replaces, and how: NavVizArtifactsTests' OutputDirectoryTests.)
struct ReplaceAndInterruptTests {
    /// The number of a process that has ended.
    static func deadPID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    @Test func aDirectoryNavvizDidNotMakeIsRefusedAndKept() throws {
        let tmp = try Scratch.directory("replace")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dir = tmp.appendingPathComponent("DIR")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "mine".write(to: dir.appendingPathComponent("mine.txt"), atomically: true, encoding: .utf8)
        let r = try NavVizBinary.run(["animate", "Samples/tab-switch.sequence.json", "-o", dir.path])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr == "\(dir.path): error: cannot replace '\(dir.path)': it is not empty and has no navviz manifest.json, so navviz did not make it; give -o a new or empty directory, or empty it yourself\n")
        #expect(r.stdout.isEmpty)
        #expect(Scratch.tree(tmp) == ["DIR", "DIR/mine.txt"])
        #expect(try String(contentsOf: dir.appendingPathComponent("mine.txt"), encoding: .utf8) == "mine")
    }

    /// `-o .` in a directory holding the input: refused, the input and everything else kept.
    @Test func currentDirectoryIsNeverEmptied() throws {
        let tmp = try Scratch.directory("replace")
        defer { try? FileManager.default.removeItem(at: tmp) }
        try FileManager.default.copyItem(atPath: PackagePaths.sample("tab-switch.sequence.json"), toPath: tmp.appendingPathComponent("seq.json").path)
        let p = Process()
        p.executableURL = NavVizBinary.url
        p.arguments = ["animate", "seq.json", "-o", "."]
        p.currentDirectoryURL = tmp
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 73, "\(message)")
        #expect(message.hasPrefix(".: error: cannot replace '.': it is not empty"), "\(message)")
        #expect(Scratch.tree(tmp) == ["seq.json"])
    }

    /// No command overwrites its input.
    @Test(arguments: [["render", "IN", "--format", "json", "-o", "IN"], ["timeline", "IN", "--format", "json", "-o", "IN"],
                      ["diff", "IN", "IN", "--format", "json", "-o", "IN"], ["check", "IN", "--expect", "IN", "--record"]])
    func theInputIsNeverOverwritten(arguments: [String]) throws {
        let tmp = try Scratch.directory("replace")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let input = tmp.appendingPathComponent("in.json")
        try FileManager.default.copyItem(atPath: PackagePaths.sample("tab-switch.sequence.json"), toPath: input.path)
        let before = try Data(contentsOf: input)
        let r = try NavVizBinary.run(arguments.map { $0 == "IN" ? input.path : $0 })
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr == "\(input.path): error: cannot replace '\(input.path)': it is the input '\(input.path)'; give -o another file\n")
        #expect(try Data(contentsOf: input) == before)
        #expect(Scratch.tree(tmp) == ["in.json"])
    }

    /// Starts `navviz ARGS` without waiting.
    static func start(_ arguments: [String]) throws -> (Process, Pipe) {
        let p = Process()
        p.executableURL = NavVizBinary.url
        p.arguments = arguments
        p.currentDirectoryURL = PackagePaths.root
        p.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        return (p, err)
    }

    /// Processes whose command line mentions `text` (``ProcessTable``: /proc on Linux, ps
    /// on macOS).
    static func processes(mentioning text: String) -> [String] {
        ProcessTable.now().mentioning(text)
    }

    /// Waits until a staging directory beside `out` holds the `frames` folder that `parent`'s
    /// Graphviz worker processes are about to fill (the workers start earlier, for the union
    /// layout, before the directory exists); returns the directory and the workers' pids.
    /// (Waiting for the first frame file instead waits for a whole batch of 64 frames to be
    /// drawn: about 0.6 s more of CPU for each interrupted run, to no purpose.)
    static func waitForWorkers(beside out: URL, of parent: Int32, timeout: TimeInterval = 120) -> (URL, [Int32])? {
        let deadline = Date().addingTimeInterval(Sanitizer.seconds(timeout))
        let directory = out.deletingLastPathComponent()
        while Date() < deadline {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix(".\(out.lastPathComponent).navviz-new-") {
                let staging = directory.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                let frames = FileManager.default.fileExists(atPath: staging.appendingPathComponent("frames").path, isDirectory: &isDirectory) && isDirectory.boolValue
                let workers = Self.workers(of: parent)
                if frames, !workers.isEmpty { return (staging, workers) }
            }
            usleep(20_000)
        }
        return nil
    }

    /// The running (not zombie) `navviz graphviz-worker` children of `parent`.
    static func workers(of parent: Int32) -> [Int32] {
        ProcessTable.now().children(of: parent, mentioning: "graphviz-worker")
    }

    /// Whether `pid` still runs (a zombie has ended).
    static func running(_ pid: Int32) -> Bool {
        ProcessTable.now().running(pid)
    }

    /// A recording long enough to interrupt: 60 states of a five-tab app whose stacks grow
    /// and shrink (as PNG in two workers, it takes seconds after they start).
    static func longRecording(in tmp: URL) throws -> String {
        let path = tmp.appendingPathComponent("long.json").path
        var frames: [String] = []
        for i in 0..<60 {
            let tabs = (0..<5).map { t -> String in
                let depth = 1 + (i * (t + 1) + t) % 7
                var chain = "{\"id\": \"t\(t)s\(depth - 1)\", \"label\": \"Screen \(depth - 1) of tab \(t)\"}"
                for d in stride(from: depth - 2, through: 0, by: -1) {
                    chain = "{\"id\": \"t\(t)s\(d)\", \"label\": \"Screen \(d) of tab \(t)\", \"active\": \"t\(t)s\(d + 1)\", \"children\": [\(chain)]}"
                }
                return "{\"id\": \"tab\(t)\", \"kind\": \"stack\", \"active\": \"t\(t)s0\", \"children\": [\(chain)]}"
            }
            frames.append("{\"label\": \"state \(i)\", \"tree\": {\"id\": \"tabs\", \"kind\": \"tabs\", \"active\": \"tab\(i % 5)\", \"children\": [\(tabs.joined(separator: ", "))]}}")
        }
        try "{\"navviz\": 1, \"frames\": [\n\(frames.joined(separator: ",\n"))]}\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func aSignalEndsWorkersRemovesStagingAndKeepsThePreviousBundle(signal: Int32, status: Int32) throws {
        let tmp = try Scratch.directory("replace")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("out")
        let first = try MadeBundles.copy("Samples/tab-switch.sequence.json", to: out)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Scratch.contents(out)
        let long = try Self.longRecording(in: tmp)
        let (p, err) = try Self.start(["animate", long, "-o", out.path, "--png", "--jobs", "2"])
        let (staging, workers) = try #require(Self.waitForWorkers(beside: out, of: p.processIdentifier))
        kill(p.processIdentifier, signal)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == status, "\(message)")
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal] ?? "?"
        #expect(message.hasSuffix("error: interrupted by \(name)\n"), "\(message)")
        #expect(workers.filter(Self.running).isEmpty, "workers left running")
        #expect(!FileManager.default.fileExists(atPath: staging.path))
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted()
        #expect(left == ["long.json", "out"], "\(left): \(Scratch.tree(tmp))")
        #expect(try Scratch.contents(out) == before)
    }

    /// A run killed outright leaves its staging directory; its workers end with it, and the
    /// next run into the same place removes the directory.
    @Test func aKilledRunsStagingIsCleanedByTheNextRun() throws {
        let tmp = try Scratch.directory("replace")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("out")
        let long = try Self.longRecording(in: tmp)
        let (p, _) = try Self.start(["animate", long, "-o", out.path, "--png", "--jobs", "2"])
        let (staging, workers) = try #require(Self.waitForWorkers(beside: out, of: p.processIdentifier))
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: staging.path))
        let deadline = Date().addingTimeInterval(Sanitizer.seconds(10))
        while !workers.filter(Self.running).isEmpty && Date() < deadline { usleep(50_000) }
        #expect(workers.filter(Self.running).isEmpty, "a worker outlived its parent: \(workers.filter(Self.running))")
        // The next run into the same place: the library's call, which the command makes.
        _ = try Animation.write(PackagePaths.sample("tab-switch.sequence.json"), to: out.path, options: Animation.Options())
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted()
        #expect(left == ["long.json", "out"], "\(left): \(Scratch.tree(tmp))")
    }

    /// Only what is provably a dead run's staging is removed: the name pattern, a marker naming
    /// the process, and that process gone. Anything else that looks alike stays.
    @Test(arguments: ["animate", "render"])
    func onlyProvableStagingIsCleaned(command: String) throws {
        let tmp = try Scratch.directory("replace")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let name = command == "animate" ? "out" : "tree.svg"
        let dead = try Self.deadPID(), alive = getpid()
        func staging(_ pid: Int32, marker: Int32?, suffix: String = "1") throws -> String {
            let dir = ".\(name).navviz-new-\(pid)-\(suffix)"
            try FileManager.default.createDirectory(at: tmp.appendingPathComponent(dir + "/frames"), withIntermediateDirectories: true)
            try "x".write(to: tmp.appendingPathComponent(dir + "/frames/0001.svg"), atomically: true, encoding: .utf8)
            if let marker {
                try "navviz staging directory of process \(marker); removed by the next navviz run\n"
                    .write(to: tmp.appendingPathComponent(dir + "/.navviz-staging"), atomically: true, encoding: .utf8)
            }
            return dir
        }
        let cleaned = try staging(dead, marker: dead)
        let kept = [try staging(alive, marker: alive),          // its process still runs
                    try staging(dead, marker: nil, suffix: "2"),  // no marker
                    try staging(dead, marker: alive, suffix: "3"),  // the marker names another process
                    try staging(dead, marker: dead, suffix: "x4")]  // not the pattern
        let args = command == "animate"
            ? ["animate", "Samples/tab-switch.sequence.json", "-o", tmp.appendingPathComponent(name).path]
            : ["render", "Samples/katana-tabs.json", "-o", tmp.appendingPathComponent(name).path]
        let r = try NavVizBinary.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path)
        #expect(!left.contains(cleaned))
        #expect(Set(kept).isSubset(of: Set(left)), "\(left)")
    }

    /// A run killed between moving the old bundle aside and moving the new one in: the next
    /// run puts the old bundle back first, so when that run is interrupted too, the old
    /// bundle is where it was.
    @Test func anOldBundleMovedAsideIsPutBack() throws {
        let tmp = try Scratch.directory("replace")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("out")
        let first = try MadeBundles.copy("Samples/tab-switch.sequence.json", to: out)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Scratch.contents(out)
        let long = try Self.longRecording(in: tmp)
        try FileManager.default.moveItem(at: out, to: tmp.appendingPathComponent(".out.navviz-old-\(try Self.deadPID())-7"))
        let (p, _) = try Self.start(["animate", long, "-o", out.path, "--png", "--jobs", "2"])
        _ = try #require(Self.waitForWorkers(beside: out, of: p.processIdentifier))
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        #expect(p.terminationStatus == 143)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted() == ["long.json", "out"])
        #expect(try Scratch.contents(out) == before)
    }
}
