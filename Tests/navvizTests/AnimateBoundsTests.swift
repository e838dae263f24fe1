import Foundation
import Testing
import _NavVizTestSupport

/// How much one `animate` run draws: `--max-frames` refuses a run past it while planning
/// (naming the states that fit), `--steps A..B` draws part of a recording, and a long run
/// says up front what it will make.
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

    @Test func pastMaxFramesIsRefusedWhilePlanningWithTheStatesThatFit() throws {
        let log = try Self.log(30)
        let out = Self.output()
        defer { try? FileManager.default.removeItem(at: log) }
        // State 0 is one frame, each later state two: states 0...4 make 9 frames, state 5 makes 11.
        let r = try NavVizBinary.run(["animate", log.path, "-o", out, "--max-frames", "10"])
        #expect(r.status == 65)
        #expect(r.stderr == "\(log.path): error: the animation would have more than 10 frames (the limit, reached at state 5); draw part of it with --steps 0..4 (0-based states, both included), or raise the limit with --max-frames N\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        // From a later start, the states that fit start there.
        let later = try NavVizBinary.run(["animate", log.path, "-o", out, "--max-frames", "10", "--steps", "20.."])
        #expect(later.stderr.contains("draw part of it with --steps 20..24 "), "\(later.stderr)")
        // What fits is drawn.
        let fits = try NavVizBinary.run(["animate", log.path, "-o", out, "--max-frames", "9", "--steps", "0..4"])
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(fits.status == 0, "\(fits.stderr)")
        #expect(try Self.manifestFrames(out).count == 9)
    }

    @Test(arguments: [["--jobs", "1"], ["--png", "--jobs", "2"]])
    func stepsDrawPartOfARecording(_ options: [String]) throws {
        let log = try Self.log(40)
        let out = Self.output()
        defer {
            try? FileManager.default.removeItem(at: log)
            try? FileManager.default.removeItem(atPath: out)
        }
        let r = try NavVizBinary.run(["animate", log.path, "-o", out, "--steps", "3..6"] + options)
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try Self.manifestFrames(out)
        // State 3 as a starting state, then three transitions of two frames each.
        #expect(frames.count == 7)
        #expect(frames.map { $0["label"] as? String } == ["frame 3", "frame 4", "frame 4", "frame 5", "frame 5", "frame 6", "frame 6"])
        #expect(frames.map { $0["phase"] as? String } == ["initial", "pending", "applied", "pending", "applied", "pending", "applied"])
        let files = try FileManager.default.contentsOfDirectory(atPath: out + "/frames").sorted()
        #expect(files.filter { $0.hasSuffix(".svg") }.count == 7)
        #expect(files.filter { $0.hasSuffix(".png") }.count == (options.contains("--png") ? 7 : 0))
    }

    @Test func stepsForms() throws {
        let log = try Self.log(10)
        let out = Self.output()
        defer {
            try? FileManager.default.removeItem(at: log)
            try? FileManager.default.removeItem(atPath: out)
        }
        for (steps, count) in [("..2", 5), ("8..", 3), ("9", 1), ("7..100", 5)] {
            let r = try NavVizBinary.run(["animate", log.path, "-o", out, "--steps", steps])
            #expect(r.status == 0, "\(steps): \(r.stderr)")
            #expect(try Self.manifestFrames(out).count == count, "\(steps)")
        }
        let none = try NavVizBinary.run(["animate", log.path, "-o", out, "--steps", "10.."])
        #expect(none.status == 64)
        #expect(none.stderr == "\(log.path): error: --steps 10.. selects no state: the document has 10 states (0...9)\n")
        for bad in ["5..2", "a..b", "-1..3", "1...3"] {
            let r = try NavVizBinary.run(["animate", log.path, "-o", out, "--steps=\(bad)"])
            #expect(r.status == 64, "\(bad)")
            #expect(r.stderr.contains("The value '\(bad)' is invalid for '--steps <A..B>'"), "\(bad): \(r.stderr)")
        }
    }

    @Test func aLongRunSaysWhatItWillDraw() throws {
        let log = try Self.log(501)
        let out = Self.output()
        defer {
            try? FileManager.default.removeItem(at: log)
            try? FileManager.default.removeItem(atPath: out)
        }
        // --dot-only (for benchmarks) plans the same frames without drawing them.
        let r = try NavVizBinary.run(["animate", log.path, "-o", out, "--dot-only", "--png", "--gif"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "\(log.path): note: drawing 1,001 frames of 501 states into \(out) (SVG, PNG, a GIF, the player, the summary); --steps A..B draws part of it\n")
        let short = try NavVizBinary.run(["animate", log.path, "-o", out, "--dot-only", "--steps", "0..10"])
        #expect(short.stderr == "")
    }
}
