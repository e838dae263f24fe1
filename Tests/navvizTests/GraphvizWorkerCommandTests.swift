import Foundation
import NavVizArtifacts
@testable import navviz
import Testing
import _NavVizTestSupport

/// navviz's Graphviz worker processes, seen from the command line: a crash is an error that
/// names its frame, and workers do not outlive navviz.
struct GraphvizWorkerCommandTests {
    /// A sequence of `count` snapshots of a tab bar whose active tab moves on each time.
    static func sequence(_ count: Int) throws -> URL {
        let tabs = (0..<6).map { #"{"id": "tab\#($0)", "kind": "stack", "children": [{"id": "screen\#($0)"}]}"# }
        let frames = (0..<count).map { i in
            #"{"tree": {"id": "root", "kind": "tabs", "active": "tab\#(i % 6)", "children": [\#(tabs.joined(separator: ", "))]}}"#
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-workers-\(UUID().uuidString).json")
        try Data(#"{"navviz": 1, "frames": [\#(frames.joined(separator: ",\n"))]}"#.utf8).write(to: url)
        return url
    }

    /// A worker that crashes while drawing a frame (here: on purpose, on the frame that
    /// first shows `screen3`) makes navviz fail with a message naming that frame, exit 70,
    /// and leave no output directory.
    @Test func aCrashNamesItsFrame() throws {
        let input = try Self.sequence(8)
        defer { try? FileManager.default.removeItem(at: input) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-crash-\(UUID().uuidString)")
        let r = try NavVizBinary.run(["animate", input.path, "-o", out.path, "--layout", "per-frame", "--png",
                                      "--worker-crash-on", "node-tab3\", class=\"active"])
        #expect(r.status == 70)
        #expect(r.stderr.hasPrefix("\(input.path): error: frame "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix(": graphviz crashed in a worker process: signal 6 (\(String(cString: strsignal(6))))\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // The frame named is one whose DOT has tab3 active (the workers draw runs of frames in
        // parallel: the first to crash is named, not one left undrawn because of it): the
        // frames' DOT, as the library writes it for the same document.
        let number = r.stderr.split(separator: " ").dropFirst(3).first.flatMap { Int($0.dropLast()) }
        let dots = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-crash-dot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dots) }
        var options = Animation.Options()
        (options.layout, options.dotOnly) = (.perFrame, true)
        _ = try Animation.write(input.path, to: dots.path, options: options)
        let crashing = try Set((1...15).filter { i in
            let name = dots.appendingPathComponent(String(format: "frames/%04d.dot", i))
            return try String(contentsOf: name, encoding: .utf8).contains("node-tab3\", class=\"active")
        })
        #expect(!crashing.isEmpty)
        #expect(number.map(crashing.contains) == true, "frame \(number.map(String.init) ?? "?") does not draw tab3 active (those that do: \(crashing.sorted()))")
    }

    /// The last layout window is laid out while the windows before it are drawn: a worker
    /// that crashes laying it out (here: on purpose, on a screen only that window has) still
    /// fails the animation, exit 70, and the output of an earlier run is left as it was.
    @Test func aCrashLayingOutTheLastWindowFailsTheAnimation() throws {
        // Three phases of 120 screens each: a layout window holds at most 200 nodes, so each
        // phase is a window of its own, and only the last shows `lastWindowOnly`.
        func frame(_ phase: String, _ extra: String = "") -> String {
            let screens = (0..<120).map { #"{"id": "\#(phase)\#($0)"}"# }.joined(separator: ", ")
            return #"{"tree": {"id": "root", "kind": "stack", "children": [\#(screens)\#(extra)]}}"#
        }
        let frames = [frame("a"), frame("a"), frame("b"), frame("b"), frame("c", #", {"id": "lastWindowOnly"}"#)]
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-windows-\(UUID().uuidString).json")
        try Data(#"{"navviz": 1, "frames": [\#(frames.joined(separator: ",\n"))]}"#.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-window-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let earlier = try NavVizBinary.run(["animate", input.path, "-o", out.path])
        #expect(earlier.status == 0, "\(earlier.stderr)")
        let page = try Data(contentsOf: out.appendingPathComponent("index.html"))
        let r = try NavVizBinary.run(["animate", input.path, "-o", out.path, "--worker-crash-on", "lastWindowOnly"])
        #expect(r.status == 70)
        #expect(r.stderr.hasPrefix("\(input.path): error: "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("graphviz crashed in a worker process: signal 6 (\(String(cString: strsignal(6))))\n"), "\(r.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("index.html")) == page)
        let left = try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)
        #expect(!left.contains { $0.hasPrefix(".\(out.lastPathComponent).") }, "a staged directory was left: \(left.filter { $0.contains(out.lastPathComponent) })")
    }

    /// A worker that crashes drawing a look of a window's first chunk, which a short
    /// animation draws ahead beside the planning (here: on purpose, on `tab3` active), fails
    /// the animation as a crash drawing it later would: the chunk draws the look again, exit
    /// 70, and no output directory.
    @Test func aCrashDrawingALookAheadFailsTheAnimation() throws {
        let input = try Self.sequence(8)
        defer { try? FileManager.default.removeItem(at: input) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-ahead-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try NavVizBinary.run(["animate", input.path, "-o", out.path, "--worker-crash-on", "node-tab3\", class=\"active"])
        #expect(r.status == 70)
        #expect(r.stderr == "\(input.path): error: graphviz crashed in a worker process: signal 6 (\(String(cString: strsignal(6))))\n", "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // Without the marker, the same animation is drawn.
        let drawn = try NavVizBinary.run(["animate", input.path, "-o", out.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
    }

    /// The worker processes of a navviz that is killed (SIGKILL: nothing of navviz runs) or
    /// terminated end too, within moments: their socket ends with navviz. (150 states are 299
    /// frames, each laid out and drawn as PNG by a worker: seconds of work left when the two
    /// workers are seen; 600 only took longer to plan.)
    @Test(arguments: [SIGKILL, SIGTERM])
    func workersDieWithNavviz(signal: Int32) throws {
        let input = try Self.sequence(150)
        defer { try? FileManager.default.removeItem(at: input) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let (navviz, workers) = try Self.animate(["animate", input.path, "-o", out.path, "--layout", "per-frame", "--png", "--jobs", "2"])
        try #require(workers.count == 2, "navviz started no workers")
        kill(navviz.processIdentifier, signal)
        navviz.waitUntilExit()
        let alive = Self.survivors(workers)
        #expect(alive.isEmpty, "workers \(alive) outlived navviz")
        alive.forEach { kill($0, SIGKILL) }
    }

    /// Starts `navviz ARGUMENTS` (its output discarded) and waits until it has two worker
    /// processes, or has ended, or 10 s have passed; navviz and its workers.
    static func animate(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (Process, [Int32]) {
        let navviz = Process()
        navviz.executableURL = NavVizBinary.url
        navviz.arguments = arguments
        navviz.environment = environment
        navviz.standardOutput = FileHandle.nullDevice
        navviz.standardError = FileHandle.nullDevice
        try navviz.run()
        var workers: [Int32] = []
        for _ in 0..<1000 where workers.count < 2 && navviz.isRunning {
            usleep(10_000)
            workers = children(of: navviz.processIdentifier)
        }
        return (navviz, workers)
    }

    /// Those of `pids` still running after up to 5 s.
    static func survivors(_ pids: [Int32]) -> [Int32] {
        var alive = pids
        for _ in 0..<200 where !alive.isEmpty {
            usleep(25_000)
            alive = alive.filter(isRunning)
        }
        return alive
    }

    /// On Linux, `navviz animate` forks its workers rather than spawning `navviz
    /// graphviz-worker` (which it does with `NAVVIZ_WORKER` set): a forked worker's command
    /// line reads as a spawned one's, its name is `graphviz-worker` (a spawned one's is the
    /// executable's), both draw the same bytes, and neither leaves a worker running.
    @Test func animateForksItsWorkersOnLinux() throws {
        let input = try Self.sequence(150)
        defer { try? FileManager.default.removeItem(at: input) }
        var written: [[String: Data]] = []
        for spawned in [false, true] {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-fork-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: out) }
            var environment = ProcessInfo.processInfo.environment
            environment["NAVVIZ_WORKER"] = spawned ? NavVizBinary.url.path : nil
            let (navviz, workers) = try Self.animate(["animate", input.path, "-o", out.path, "--layout", "per-frame", "--jobs", "2"], environment: environment)
            let lines = workers.compactMap { pid in
                (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map { String(decoding: $0, as: UTF8.self).split(separator: "\0").map(String.init) }
            }
            let names = workers.compactMap { pid in
                (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            navviz.waitUntilExit()
            #expect(navviz.terminationStatus == 0)
            #if os(Linux)
            try #require(!workers.isEmpty, "navviz started no workers")
            #expect(lines.allSatisfy { $0.count == 2 && $0[1] == "graphviz-worker" }, "\(lines)")
            #expect(names.allSatisfy { $0 == (spawned ? "navviz" : "graphviz-worker") }, "\(names)")
            #endif
            let alive = Self.survivors(workers)
            #expect(alive.isEmpty, "workers \(alive) outlived navviz")
            let files = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { !$0.hasSuffix("/") }
            written.append(try Dictionary(uniqueKeysWithValues: files.compactMap { name in
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path, isDirectory: &isDirectory)
                return !exists || isDirectory.boolValue ? nil : (name, try Data(contentsOf: out.appendingPathComponent(name)))
            }))
        }
        #expect(written[0].count > 290)
        #expect(written[0] == written[1])
    }

    /// navviz started with its standard descriptors closed (`<&- >&- 2>&-`) draws as usual
    /// and leaves no worker behind: a worker's socket never takes descriptor 2 (a forked
    /// worker that inherited it there held both ends of its own socket and never ended).
    @Test func closedStandardDescriptorsLeaveNoWorker() throws {
        let input = try Self.sequence(20)
        defer { try? FileManager.default.removeItem(at: input) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-closed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A name of its own, so that its workers (whose command lines start with it) are found.
        let navviz = dir.appendingPathComponent("navviz")
        try FileManager.default.createSymbolicLink(at: navviz, withDestinationURL: NavVizBinary.url)
        for closing in ["<&- >&- 2>&-", ">/dev/null 2>&-"] {
            let out = dir.appendingPathComponent("out")
            try? FileManager.default.removeItem(at: out)
            let r = try NavVizBinary.run(executable: URL(fileURLWithPath: "/bin/sh"),
                                         ["-c", "\"$0\" animate \"$1\" -o \"$2\" \(closing); echo $?", navviz.path, input.path, out.path], in: dir)
            #expect(r.stdout == "0\n", "\(closing): \(r.stdout) \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path), "\(closing)")
            var left = ProcessTable.now().entries.filter { $0.command.hasPrefix(navviz.path) && $0.state != "Z" }
            for _ in 0..<100 where !left.isEmpty {
                usleep(20_000)
                left = ProcessTable.now().entries.filter { $0.command.hasPrefix(navviz.path) && $0.state != "Z" }
            }
            #expect(left.isEmpty, "\(closing): \(left.map(\.command)) outlived navviz")
            for process in left { kill(process.pid, SIGKILL) }
        }
    }

    /// The workers forked before the argument parser runs are as many as `--jobs` asks.
    @Test(arguments: [
        (["FILE", "-o", "DIR"], nil), (["FILE", "--jobs", "3"], 3), (["--jobs=2", "FILE"], 2),
        (["--jobs", "1", "--jobs", "4"], 4), (["--jobs", "0"], nil), (["--jobs", "65"], nil),
        (["--jobs", "x"], nil), (["--jobs"], nil), (["--", "--jobs", "2"], nil),
    ] as [([String], Int?)])
    func forkedWorkersFollowJobs(_ arguments: [String], _ expected: Int?) {
        #expect(NavVizCommand.AnimateCommand.jobs(in: arguments) == expected)
    }

    /// No worker is forked for a command line that asks for help or the version.
    @Test func helpForksNoWorker() {
        #expect(NavVizCommand.AnimateCommand.draws(["FILE", "-o", "DIR"]))
        #expect(NavVizCommand.AnimateCommand.draws(["--", "--help"]))
        for asking in [["--help"], ["FILE", "-h"], ["--version"], ["--experimental-dump-help"]] {
            #expect(!NavVizCommand.AnimateCommand.draws(asking), "\(asking)")
        }
    }

    /// The pids of `parent`'s child processes.
    static func children(of parent: Int32) -> [Int32] {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ps.arguments = ["ps", "-A", "-o", "pid=,ppid="]
        let pipe = Pipe()
        ps.standardOutput = pipe
        guard (try? ps.run()) != nil else { return [] }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ps.waitUntilExit()
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").compactMap { Int32($0) }
            return fields.count == 2 && fields[1] == parent ? fields[0] : nil
        }
    }

    /// Whether `pid` is a process that has not ended (a zombie waiting to be reaped has).
    static func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ps.arguments = ["ps", "-o", "stat=", "-p", String(pid)]
        let pipe = Pipe()
        ps.standardOutput = pipe
        guard (try? ps.run()) != nil else { return true }
        let state = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ps.waitUntilExit()
        return !state.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && !state.contains("Z")
    }
}
