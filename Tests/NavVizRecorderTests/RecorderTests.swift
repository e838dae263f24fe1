import Foundation
import Testing
import NavVizCore
import NavVizRecorder
import _NavVizTestSupport

/// The recorder's ring buffer, redaction, threads and files, each read back by navviz.
struct RecorderTests {
    static func tree(_ n: Int, token: String = "s3cr3t") -> NavigationNode {
        NavigationNode(id: "tabs", kind: "tabs", children: [
            NavigationNode(id: "feed", kind: "stack", children: [
                NavigationNode(id: "post", type: "PostViewController", context: ["postId": String(n), "Token": token]),
            ], active: "post"),
            NavigationNode(id: "profile", label: "Profile \"me\"\n→ ✓"),
        ], active: "feed")
    }

    /// The recorder's bytes read by navviz's log reader.
    static func read(_ data: Data) throws -> [Snapshot] {
        var warnings: [DocumentWarning] = []
        guard case .sequence(let s) = try DocumentReader.log(Array(data), warnings: &warnings) else { return [] }
        #expect(warnings.isEmpty)
        return s.snapshots
    }

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("navviz-recorder-\(UUID().uuidString)-\(name)")
    }

    @Test func ringBufferKeepsTheLastRecordsWithLabelAndTime() throws {
        let ticks = Ticks()
        let recorder = NavigationRecorder(capacity: 3, clock: { ticks.next() })
        #expect(NavigationRecorder().capacity == 500)
        for n in 1...5 { recorder.record(Self.tree(n), label: "step \(n)") }
        #expect(recorder.records.map(\.label) == ["step 3", "step 4", "step 5"])
        let frames = try Self.read(recorder.ndjson())
        #expect(frames.map(\.label) == ["step 3", "step 4", "step 5"])
        #expect(frames.map(\.time) == ["2025-11-25T09:41:05.000Z", "2025-11-25T09:41:06.000Z", "2025-11-25T09:41:07.000Z"])
        let post = try #require(frames[0].tree.slot(of: "post"))
        #expect(frames[0].tree.node(post).context["postId"] == "3")
        #expect(TreeWriter.render(frames[2].tree) == """
            tabs (tabs) ●
            ├─ feed (stack) ●
            │  └─ post?Token=s3cr3t&postId=5 PostViewController ●
            └─ profile "Profile "me"\\n→ ✓"

            """)
        recorder.record(NavigationNode?.none, label: "nothing shown")
        #expect(try Self.read(recorder.ndjson()).last?.tree.isEmpty == true)
        recorder.clear()
        #expect(recorder.records.isEmpty)
    }

    @Test func secretKeysAreRemovedOrHiddenBeforeStoring() throws {
        for (redaction, expected) in [(NavigationRecorder.Redaction.remove, nil), (.hide("•••"), "•••")] as [(NavigationRecorder.Redaction, String?)] {
            let recorder = NavigationRecorder(secretKeys: ["token"], redaction: redaction)
            recorder.record(Self.tree(1, token: "hunter2"))
            let bytes = recorder.ndjson()
            #expect(!String(decoding: bytes, as: UTF8.self).contains("hunter2"))
            #expect(!recorder.records.contains { String(decoding: $0.line, as: UTF8.self).contains("hunter2") })
            let tree = try Self.read(bytes)[0].tree
            let context = tree.node(tree.slot(of: "post")!).context
            #expect(context["Token"] == expected)
            #expect(context["postId"] == "1")
        }
    }

    @Test func anyThreadMayRecord() throws {
        let recorder = NavigationRecorder(capacity: 500)
        let file = Self.temporary("threads.ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        try recorder.startWriting(to: file)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for n in 0..<200 { recorder.record(Self.tree(thread * 1000 + n), label: "t\(thread)") }
        }
        try recorder.stopWriting()
        #expect(recorder.records.count == 500)
        #expect(try Self.read(recorder.ndjson()).count == 500)
        // Every line written whole, none interleaved.
        let written = try Self.read(Data(contentsOf: file))
        #expect(written.count == 1600)
        for thread in 0..<8 {
            let mine = written.filter { $0.label == "t\(thread)" }.map { $0.tree.node($0.tree.slot(of: "post")!).context["postId"]! }
            #expect(mine == (0..<200).map { String(thread * 1000 + $0) })
        }
    }

    /// An app that crashes while writing leaves one cut line; navviz reads the rest with a warning.
    @Test func aCrashMidWriteLeavesACutLineNavvizReads() throws {
        let recorder = NavigationRecorder()
        recorder.record(Self.tree(1), label: "launch")
        let file = Self.temporary("crash.ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        try recorder.startWriting(to: file)
        recorder.record(Self.tree(2), label: "open post")
        recorder.record(Self.tree(3), label: "open next")
        try recorder.stopWriting()
        let next = NavigationRecorder()
        next.record(Self.tree(4), label: "cut")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: next.records[0].line.prefix(70))
        try handle.close()
        let r = try NavVizBinary.run(["diff", file.path, "--format", "json"])
        #expect(r.status == 0)
        #expect(r.stderr == "\(file.path):4: warning: the last line is cut off (the app stopped while writing it?); it is skipped and the 3 complete lines before it are read (--strict makes this an error)\n")
        #expect(r.stdout.contains("\"from\": 1,\n    \"to\": 2,\n    \"label\": \"open next\""))
        #expect(try NavVizBinary.run(["validate", file.path, "--strict"]).status == 65)
    }

    @Test func writeOnDemandReplacesTheFile() throws {
        let recorder = NavigationRecorder()
        recorder.record(Self.tree(1), label: "a")
        let file = Self.temporary("demand.ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        try recorder.write(to: file)
        recorder.record(Self.tree(2), label: "b")
        try recorder.write(to: file)
        #expect(try Self.read(Data(contentsOf: file)).map(\.label) == ["a", "b"])
        #expect(throws: (any Error).self) { try recorder.write(to: URL(fileURLWithPath: "/nonexistent/dir/x.ndjson")) }
    }

    @Test func siblingsSharingAnIdNameTheActiveOneWithItsContext() throws {
        let recorder = NavigationRecorder()
        recorder.record(NavigationNode(id: "stack", children: [
            NavigationNode(id: "product", context: ["sku": "1"]),
            NavigationNode(id: "product", context: ["sku": "2"]),
        ], activeIndex: 1))
        // docs/format.md's `{"id", "context"}` form of `active`.
        let line = String(decoding: recorder.records[0].line, as: UTF8.self)
        #expect(line.contains(#""active": {"id": "product", "context": {"sku": "2"}}"#))
        let tree = try Self.read(recorder.ndjson())[0].tree
        let active = try #require(tree.activeChild(tree.root!))
        #expect(tree.node(active).context == ["sku": "2"])
    }

    @Test(arguments: [0.0, 951_782_400.5, 1_764_063_667.123, -86_400.25, 4_102_444_800.999, 1_709_164_800])
    func timesAreISO8601InUTC(seconds: Double) throws {
        let recorder = NavigationRecorder(clock: { Date(timeIntervalSince1970: seconds) })
        recorder.record(Self.tree(1))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let ms = (seconds * 1000).rounded(.down) / 1000
        #expect(try Self.read(recorder.ndjson())[0].time == formatter.string(from: Date(timeIntervalSince1970: ms)))
    }
}

/// A clock that ticks one second a call.
final class Ticks: @unchecked Sendable {
    private var t = 1_764_063_662.0
    private let lock = NSLock()
    func next() -> Date {
        lock.lock()
        defer { lock.unlock() }
        t += 1
        return Date(timeIntervalSince1970: t)
    }
}
