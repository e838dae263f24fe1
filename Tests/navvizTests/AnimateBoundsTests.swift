import Foundation
import Testing
import _NavVizTestSupport

/// `--max-frames` and `--states A..B` on the command line: the exit statuses and messages of
/// a run refused. How much a run draws is `Animation.write`'s (AnimationSourceTests).
struct AnimateBoundsTests {
    /// A log of `states` snapshots: a stack with a detail screen pushed and popped in turn.
    static func log(_ states: Int) throws -> URL {
        let lines = (0..<states).map { i in
            #"{"id": "nav", "kind": "stack", "children": [{"id": "home"}"# + (i % 2 == 1 ? #", {"id": "detail\#(i % 7)"}"# : "") + "]}"
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-bounds-\(UUID().uuidString).ndjson")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func output() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("navviz-bounds-out-\(UUID().uuidString)").path
    }

    static func manifestFrames(_ out: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("manifest.json"))
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["frames"] as? [[String: Any]])
    }

    /// A run past `--max-frames` is refused while it is planned: exit 65, the library's
    /// message (AnimationSourceTests: the states that fit from a later start, and what fits
    /// drawn), nothing written.
    @Test func pastMaxFramesIsRefusedWhilePlanningWithTheStatesThatFit() throws {
        let log = try Self.log(30)
        let out = Self.output()
        defer { try? FileManager.default.removeItem(at: log) }
        // State 0 is one frame, each later state two: states 0...4 make 9 frames, state 5 makes 11.
        let r = try NavVizBinary.run(["animate", log.path, "-o", out, "--max-frames", "10"])
        #expect(r.status == 65)
        #expect(r.stderr == "\(log.path): error: the animation would have more than 10 frames (the limit, reached at state 5); draw part of it with --states 0..4 (0-based states, both included), or raise the limit with --max-frames N\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `--states` reaches the library (which states each form selects: StepRangeTests and
    /// AnimationSourceTests), a range past the last state is exit 64, and a form that does
    /// not read is refused by the option parser.
    @Test func statesForms() throws {
        let log = try Self.log(10)
        let out = Self.output()
        defer {
            try? FileManager.default.removeItem(at: log)
            try? FileManager.default.removeItem(atPath: out)
        }
        let r = try NavVizBinary.run(["animate", log.path, "-o", out, "--states", "..2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.manifestFrames(out).count == 5)
        let none = try NavVizBinary.run(["animate", log.path, "-o", out, "--states", "10.."])
        #expect(none.status == 64)
        #expect(none.stderr == "\(log.path): error: --states 10.. selects no state: the document has 10 states (0...9)\n")
        let bad = try NavVizBinary.run(["animate", log.path, "-o", out, "--states=5..2"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("The value '5..2' is invalid for '--states <A..B>'"), "\(bad.stderr)")
        // --steps and --step, the names of --states and --granularity before 0.2, still work.
        let old = try NavVizBinary.run(["animate", log.path, "-o", out, "--steps", "..2", "--step", "op"])
        #expect(old.status == 0, "\(old.stderr)")
        #expect(try Self.manifestFrames(out).count == 5)
    }
}
