import Foundation
import NavVizCore
import NavVizFiles

/// Where the package's files are, for tests.
public enum PackagePaths {
    /// The package root (the folder holding Package.swift).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Samples/`.
    public static var samples: URL { root.appendingPathComponent("Samples") }

    /// The path of a sample by file name.
    public static func sample(_ name: String) -> String { samples.appendingPathComponent(name).path }

    /// Every sample document (JSON, YAML and logs), sorted.
    public static func allSamples() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        return names.filter { ["json", "yaml", "yml", "ndjson", "jsonl"].contains(($0 as NSString).pathExtension) }.sorted()
    }
}

/// Loading documents in tests.
public enum Samples {
    /// Loads a sample by file name, failing the test loudly if it does not load.
    public static func load(_ name: String) throws -> Document {
        try DocumentFile.load(PackagePaths.sample(name))
    }

    /// Decodes a JSON document given as text.
    public static func document(_ json: String) throws -> Document {
        try DocumentReader.json(Array(json.utf8))
    }

    /// The tree of a snapshot given as JSON text (a bare node, `{"tree": …}` or `null`).
    public static func tree(_ json: String) throws -> Tree {
        guard case .snapshot(let t) = try document(json) else { throw SampleError.notASnapshot }
        return t
    }

    public enum SampleError: Error { case notASnapshot }

    /// The state `navviz render` draws by default: a document's last (a snapshot's tree, a
    /// sequence's last frame, the state after a script's or a route's last step).
    public static func lastState(of document: Document) -> Snapshot? {
        switch document {
        case .snapshot(let tree): Snapshot(tree: tree)
        case .sequence(let sequence): sequence.snapshots.last
        case .route, .script: TimelineBuilder.build(document).states.last
        }
    }

    /// A sequence of the frames a, a>b, a>b>c (three states, two transitions), or its first
    /// `frames` of them: the smallest document whose expectations can drift in length.
    public static func growingSequence(frames: Int) -> String {
        let trees = [#"{"id": "a"}"#, #"{"id": "a", "active": "b", "children": [{"id": "b"}]}"#,
                     #"{"id": "a", "active": "b", "children": [{"id": "b", "active": "c", "children": [{"id": "c"}]}]}"#]
        return "{\"navviz\": 1, \"frames\": [\n" + trees.prefix(frames).map { "  {\"tree\": \($0)}" }.joined(separator: ",\n") + "\n]}\n"
    }

    /// The error a JSON document gives, or nil when it is valid.
    public static func error(_ json: String) -> DocumentError? {
        do {
            _ = try DocumentReader.json(Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    /// The error a log gives, or nil when it is valid.
    public static func logError(_ text: String) -> DocumentError? {
        do {
            _ = try DocumentReader.log(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    /// The problems (`path: message`) a JSON document has; empty when valid, or the syntax
    /// error as `line L, column C: message`.
    public static func problems(_ json: String) -> [String] {
        switch error(json) {
        case nil: return []
        case .invalid(let problems): return problems.map(\.description)
        case .syntax(let line, let column, let message), .tooLarge(let line, let column, let message):
            return ["line \(line), column \(column): \(message)"]
        }
    }
}

/// Runs the built `navviz` binary, as a user would.
public enum NavVizBinary {
    /// What one run printed and returned.
    public struct Result: Sendable {
        public var stdout: String
        public var stderr: String
        public var status: Int32
        public var stdoutBytes: [UInt8]
        /// The run was killed for taking longer than its timeout.
        public var timedOut = false

        public init(stdout: String, stderr: String, status: Int32, stdoutBytes: [UInt8], timedOut: Bool = false) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
            self.stdoutBytes = stdoutBytes
            self.timedOut = timedOut
        }
    }

    /// The binary: `NAVVIZ_BIN` (`make test` sets it to the release build, which users run),
    /// else the one beside the test bundle (the debug build), else `.build/debug/navviz`.
    public static var url: URL {
        if let env = ProcessInfo.processInfo.environment["NAVVIZ_BIN"] { return URL(fileURLWithPath: env) }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navviz")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        for candidate in [".build/debug/navviz", ".build/release/navviz"] {
            let u = PackagePaths.root.appendingPathComponent(candidate)
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        return beside
    }

    /// Runs `navviz ARGS` in the package root with optional standard input.
    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Result {
        try run(arguments, input: stdin.map { Array($0.utf8) }, environment: environment)
    }

    /// Runs `navviz ARGS` once for every test that asks: for a command that reads only files
    /// of the repository and writes only to standard output (a golden run, `help`), whose
    /// result is the same every time. A second caller with the same arguments gets the first
    /// run's result (waiting for it if it is still running) instead of starting the binary
    /// again: each start of the debug binary costs 30 to 40 ms of CPU.
    public static func shared(_ arguments: [String]) throws -> Result {
        let entry = SharedRuns.entry(arguments)
        return try entry.lock.withLock {
            if let result = entry.result { return try result.get() }
            let result = Swift.Result { try run(arguments) }
            entry.result = result
            return try result.get()
        }
    }

    /// The runs ``shared(_:)`` made, by arguments. `@unchecked Sendable` is safe: `entries` is
    /// touched only with `lock` held, and an entry's `result` only with the entry's lock held.
    private final class SharedRuns: @unchecked Sendable {
        final class Entry: @unchecked Sendable {
            let lock = NSLock()
            var result: Swift.Result<Result, Error>?
        }

        static let all = SharedRuns()
        private let lock = NSLock()
        private var entries: [[String]: Entry] = [:]

        static func entry(_ arguments: [String]) -> Entry {
            all.lock.withLock {
                if let entry = all.entries[arguments] { return entry }
                let entry = Entry()
                all.entries[arguments] = entry
                return entry
            }
        }
    }

    /// Runs `navviz ARGS` with raw bytes on standard input (which may be invalid UTF-8). With
    /// a `timeout`, a run that takes longer is killed and reported with ``Result/timedOut``.
    public static func run(_ arguments: [String], input stdin: [UInt8]?, environment: [String: String] = [:], timeout: TimeInterval? = nil) throws -> Result {
        try run(executable: url, arguments, in: PackagePaths.root, input: stdin, environment: environment, timeout: timeout)
    }

    /// Runs any program (a script, `swift package`) as ``run(_:input:environment:timeout:)``
    /// runs navviz: in `directory`, with `NO_COLOR` set and `GITHUB_ACTIONS` unset unless
    /// `environment` sets them (a nil value removes a variable).
    public static func run(executable: URL, _ arguments: [String], in directory: URL, input stdin: [UInt8]? = nil,
                           environment: [String: String?] = [:], timeout: TimeInterval? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        // Tests describe navviz off GitHub Actions unless they set it themselves.
        env["GITHUB_ACTIONS"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        signal(SIGPIPE, SIG_IGN)  // a child that exits early must not kill the test run
        try process.run()
        let killed = KillFlag()
        if let timeout {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak process] in
                guard let process, process.isRunning, process.processIdentifier == pid else { return }
                killed.set()
                kill(pid, SIGKILL)
            }
        }
        // Read both pipes concurrently so a large output cannot block the child. `errData` is
        // written on the other thread before `group.leave()` and read here only after
        // `group.wait()`, which orders the two: no race.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if let stdin { input.fileHandleForWriting.write(Data(stdin)) }
        try? input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                      status: process.terminationStatus, stdoutBytes: Array(outData), timedOut: killed.isSet)
    }

    /// Whether the timeout killed the run: set on the timer's thread, read on the caller's.
    /// `@unchecked Sendable` is safe: `value` is touched only with `lock` held.
    private final class KillFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }
}

/// How big the scale tests run: at full size in `make size` (`NAVVIZ_SIZE_TESTS=1`), smaller
/// in `make test`. Tests run on threads with 8 MB stacks (measured on Linux): 20,000 levels
/// overflow a recursive walk whose frames exceed about 420 bytes, as a debug build's often
/// do, and 100,000 (`make size`) one whose frames exceed 84; a quadratic walk of 20,000
/// levels still takes minutes.
public enum Scale {
    /// Whether this is a `make size` run.
    public static let full = ProcessInfo.processInfo.environment["NAVVIZ_SIZE_TESTS"] != nil

    /// The depth of a deep chain of screens: 100,000 in `make size`, else 20,000.
    public static let deep = full ? 100_000 : 20_000

    /// `dot` layouts run through one worker pool: 300 in `make size` (several workers'
    /// budgets of component passes on Graphviz before 4.0), else 40.
    public static let layouts = full ? 300 : 40
}
