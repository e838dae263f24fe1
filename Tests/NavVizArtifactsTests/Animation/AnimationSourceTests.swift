import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizFiles
import Testing
import _NavVizTestSupport

/// How `Animation.write` reads its input and which states it draws: a sequence file streamed
/// (read twice, a state at a time) or held after one reading, anything else read whole, all
/// giving the same bundle; problems reported as `validate` reports them; `steps` drawing part
/// of a recording; `maxFrames` refusing a run while it is planned; a long run saying what it
/// will draw.
struct AnimationSourceTests {
    /// A log of `states` snapshots: a stack with a detail screen pushed and popped in turn.
    static func log(_ states: Int, in dir: URL) throws -> String {
        let lines = (0..<states).map { i in
            #"{"id": "nav", "kind": "stack", "children": [{"id": "home"}"# + (i % 2 == 1 ? #", {"id": "detail\#(i % 7)"}"# : "") + "]}"
        }
        let path = dir.appendingPathComponent("session.ndjson").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A sequence file streamed (read twice: `heldBytes` 0), held after one reading (the
    /// default for a file this short) and read whole (from a FIFO, as standard input is)
    /// gives the same bundle, with and without redaction.
    @Test(arguments: [("tab-switch.sequence.json", false), ("tempura-showhide.sequence.json", false), ("tab-switch.sequence.json", true)])
    func streamedHeldAndWholeGiveTheSameBundle(sample: String, redact: Bool) throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let path = PackagePaths.sample(sample)
        var options = Animation.Options.with { $0.title = "t" }
        if redact { (options.timeline.redact, options.timeline.dialect) = (true, .katana) }
        let streamed = tmp.appendingPathComponent("streamed"), held = tmp.appendingPathComponent("held"), whole = tmp.appendingPathComponent("whole")
        var twice = options
        twice.heldBytes = 0
        _ = try Animation.write(path, to: streamed.path, options: twice)
        _ = try Animation.write(path, to: held.path, options: options)
        _ = try Animation.write(try Bundles.fifo(try String(contentsOfFile: path, encoding: .utf8), in: tmp), to: whole.path, options: options)
        try Bundles.expectSame(streamed, whole, "a streamed file and one read whole")
        try Bundles.expectSame(held, whole, "a held file and one read whole")
        if redact {
            for (name, bytes) in try Scratch.contents(streamed) {
                #expect(!String(decoding: bytes, as: UTF8.self).contains("messageId=42"), "\(name) leaks context")
            }
        }
    }

    /// A problem deep in a long sequence is reported as `validate` reports it (the stream
    /// gives up, and the file is read whole), and nothing is written.
    @Test func aStreamedFileReportsProblemsLikeValidate() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        var frames = (0..<40).map { i in #"{"label": "f\#(i)", "tree": {"id": "root", "children": [{"id": "s\#(i)"}]}}"# }
        frames[33] = #"{"tree": {"id": "root", "children": [{"id": "root"}, {"id": "root"}]}}"#
        let file = tmp.appendingPathComponent("late.json")
        try Data(("{\"frames\": [\n" + frames.joined(separator: ",\n") + "\n]}").utf8).write(to: file)
        let out = tmp.appendingPathComponent("out")
        let error = try #require(throws: NavVizError.self) {
            try Animation.write(file.path, to: out.path, options: Animation.Options())
        }
        // What `validate` reports: the document read whole.
        let validate = try #require(throws: NavVizError.self) {
            try DocumentFile.load(file.path, options: DocumentFile.Options(), diagnostics: .silent)
        }
        #expect(error.kind == .invalidInput)
        #expect(error.lines == validate.lines)
        #expect(error.lines.contains("\(file.path): error: frames[33].tree.children[1]: duplicate id 'root' with no context among the children of 'root' (the other is frames[33].tree.children[0])"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A log whose last line is cut: its complete lines are drawn and the cut one is a
    /// warning, reported once although the file is read twice; strict, it is an error.
    @Test func aCutLastLineIsOneWarningAndStrictAnError() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = tmp.appendingPathComponent("trunc.ndjson").path
        try """
            {"tree": {"id": "root", "children": [{"id": "a"}], "active": "a"}}
            {"label": "push", "tree": {"id": "root", "children": [{"id": "a", "children": [{"id": "b"}], "active": "b"}], "active": "a"}}
            {"label": "cut", "tree": {"id": "root", "chil
            """.write(toFile: file, atomically: true, encoding: .utf8)
        var reported: [Diagnostic] = []
        _ = try Animation.write(file, to: tmp.appendingPathComponent("out").path, options: .with { $0.heldBytes = 0 },
                                diagnostics: Diagnostics(report: { reported.append($0) }))
        #expect(reported.map(\.description) == ["\(file):3: warning: the last line is cut off (the app stopped while writing it?); it is skipped and the 2 complete lines before it are read (--strict makes this an error)"])
        let strict = try #require(throws: NavVizError.self) {
            try Animation.write(file, to: tmp.appendingPathComponent("strict").path, options: .with { $0.timeline.input.strict = true })
        }
        #expect(strict.kind == .invalidInput)
        #expect(strict.lines.first?.hasPrefix("\(file):3: error: invalid JSON") == true, "\(strict.lines)")
        #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("strict").path))
    }

    @Test func pastMaxFramesIsRefusedWhilePlanningWithTheStatesThatFit() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let log = try Self.log(30, in: tmp)
        let out = tmp.appendingPathComponent("out")
        // State 0 is one frame, each later state two: states 0...4 make 9 frames, state 5 makes 11.
        let refused = try #require(throws: NavVizError.self) {
            try Animation.write(log, to: out.path, options: .with { $0.maxFrames = 10 })
        }
        #expect(refused.kind == .invalidInput)
        #expect(refused.lines == ["\(log): error: the animation would have more than 10 frames (the limit, reached at state 5); draw part of it with --states 0..4 (0-based states, both included), or raise the limit with --max-frames N"])
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // From a later start, the states that fit start there.
        let later = try #require(throws: NavVizError.self) {
            try Animation.write(log, to: out.path, options: .with { $0.maxFrames = 10; $0.states = StateRange(lower: 20, upper: nil) })
        }
        #expect(later.lines.first?.contains("draw part of it with --states 20..24 ") == true, "\(later.lines)")
        // What fits is drawn.
        let fits = try Animation.write(log, to: out.path, options: .with { $0.maxFrames = 9; $0.states = StateRange(lower: 0, upper: 4) })
        #expect(fits.frames == 9)
        #expect(try Bundles.manifestFrames(out).count == 9)
    }

    /// States 3 to 6 of a recording: state 3 as a starting state, then three transitions,
    /// by one worker, and with PNG frames by two.
    @Test(arguments: [(false, 1), (true, 2)])
    func stepsDrawPartOfARecording(png: Bool, jobs: Int) throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let log = try Self.log(40, in: tmp)
        let out = tmp.appendingPathComponent("out")
        _ = try Animation.write(log, to: out.path, options: .with { $0.states = StateRange(lower: 3, upper: 6); $0.png = png; $0.jobs = jobs })
        let frames = try Bundles.manifestFrames(out)
        // State 3 as a starting state, then three transitions of two frames each.
        #expect(frames.count == 7)
        #expect(frames.map { $0["label"] as? String } == ["frame 3", "frame 4", "frame 4", "frame 5", "frame 5", "frame 6", "frame 6"])
        #expect(frames.map { $0["phase"] as? String } == ["initial", "pending", "applied", "pending", "applied", "pending", "applied"])
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path + "/frames").sorted()
        #expect(files.filter { $0.hasSuffix(".svg") }.count == 7)
        #expect(files.filter { $0.hasSuffix(".png") }.count == (png ? 7 : 0))
    }

    /// Every form of `--states` (StepRangeTests reads them) selects its states of a 10-state
    /// log; a range past the last state selects none and is a usage error.
    @Test func stepsForms() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let log = try Self.log(10, in: tmp)
        let out = tmp.appendingPathComponent("out").path
        for (steps, count) in [("..2", 5), ("8..", 3), ("9", 1), ("7..100", 5)] {
            let range = try #require(StateRange(argument: steps))
            let written = try Animation.write(log, to: out, options: .with { $0.states = range })
            #expect(written.frames == count, "\(steps)")
            #expect(try Bundles.manifestFrames(URL(fileURLWithPath: out)).count == count, "\(steps)")
        }
        let none = try #require(throws: NavVizError.self) {
            try Animation.write(log, to: out, options: .with { $0.states = StateRange(argument: "10..") })
        }
        #expect(none.kind == .usage)
        #expect(none.lines == ["\(log): error: --states 10.. selects no state: the document has 10 states (0...9)"])
    }

    /// From 1,000 frames on, a run says up front what it will draw (as a note); a shorter
    /// part of the same recording says nothing. (DOT frames only: the same frames planned,
    /// none drawn.)
    @Test func aLongRunSaysWhatItWillDraw() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let log = try Self.log(501, in: tmp)
        let out = tmp.appendingPathComponent("out").path
        var reported: [Diagnostic] = []
        let diagnostics = Diagnostics(report: { reported.append($0) })
        _ = try Animation.write(log, to: out, options: .with { $0.dotOnly = true; $0.png = true; $0.gif = true }, diagnostics: diagnostics)
        #expect(reported.map(\.description) == ["\(log): note: drawing 1,001 frames of 501 states into \(out) (SVG, PNG, a GIF, the player, the summary); --states A..B draws part of it"])
        reported.removeAll()
        _ = try Animation.write(log, to: out, options: .with { $0.dotOnly = true; $0.states = StateRange(lower: 0, upper: 10) }, diagnostics: diagnostics)
        #expect(reported.isEmpty)
    }
}
