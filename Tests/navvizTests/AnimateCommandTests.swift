import Foundation
import NavVizArtifacts
import Testing
import _NavVizTestSupport

/// `navviz animate`, `timeline` and `check` run as a user runs them: what the command
/// prints and its exit status. What the bundles hold is `Animation.write`'s behaviour,
/// tested in NavVizArtifactsTests.
struct AnimateCommandTests {
    /// What the command adds to `Animation.write` (whose bundles NavVizArtifactsTests
    /// examine): its options reach the call, and it prints the player's path and nothing
    /// else. One run with every option that shapes the bundle, reading standard input (read
    /// whole), gives the bundle the library writes for the file streamed, read twice, with
    /// the same options and another number of workers.
    @Test func optionsReachTheLibraryAndThePlayersPathIsPrinted() throws {
        let tmp = try Scratch.directory("anim")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let sample = "Samples/tab-switch.sequence.json"
        let out = tmp.appendingPathComponent("cli")
        let r = try NavVizBinary.run(["animate", "-", "-o", out.path, "--png", "--gif", "--jobs", "3", "--granularity", "op", "--theme", "dark",
                                      "--redact", "--dialect", "katana", "--title", "t", "--held-bytes", "0"],
                                     stdin: try String(contentsOfFile: sample, encoding: .utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == ["index.html", "summary.md", "animation.gif", "frames/"].map { "\(out.path)/\($0)\n" }.joined())
        #expect(r.stderr == "")
        var options = Animation.Options()
        (options.png, options.gif, options.jobs, options.granularity, options.theme) = (true, true, 1, .op, .dark)
        (options.timeline.redact, options.timeline.dialect, options.title, options.heldBytes) = (true, .katana, "t", 0)
        let library = tmp.appendingPathComponent("library")
        _ = try Animation.write(sample, to: library.path, options: options)
        let files = Scratch.tree(out)
        #expect(files.contains("animation.gif") && files.contains("frames/0001.png"))
        #expect(files == Scratch.tree(library))
        for name in files where name.contains(".") {
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == Data(contentsOf: library.appendingPathComponent(name)),
                    "\(name) differs between the command and the library")
        }
    }

    /// A document on standard input that cannot be animated: its errors name `<stdin>`, the
    /// status is 65, and nothing is written (OutputDirectoryTests: an existing bundle is kept).
    @Test func aFailedRunNamesStandardInput() throws {
        let tmp = try Scratch.directory("anim")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("out")
        let bad = try NavVizBinary.run(["animate", "-", "-o", out.path], stdin: #"{"initial": {"id": "r"}, "steps": [{"label": "boom", "actions": [{"pop": {"id": "ghost"}}]}]}"#)
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("<stdin>: error: steps[0].actions[0]"), "\(bad.stderr)")
        #expect(bad.stdout.isEmpty)
        #expect(Scratch.tree(tmp).isEmpty)
    }

    /// `NAVVIZ_TRACE=FILE` appends a line per stage (`MICROSECONDS PID TEXT`) to `FILE`,
    /// keeping what it held, from navviz's own process only, from the start of `animate` to
    /// its end; the bundle is the one written without it.
    @Test func traceAppendsAMarkPerStage() throws {
        let tmp = try Scratch.directory("anim")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let trace = tmp.appendingPathComponent("stages.txt")
        try Data("kept\n".utf8).write(to: trace)
        let sample = "Samples/shop-related.sequence.json"
        let traced = tmp.appendingPathComponent("traced"), plain = tmp.appendingPathComponent("plain")
        let r = try NavVizBinary.run(["animate", sample, "-o", traced.path], environment: ["NAVVIZ_TRACE": trace.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try NavVizBinary.run(["animate", sample, "-o", plain.path]).status == 0)
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "kept")
        let marks = lines.dropFirst().map { $0.split(separator: " ", maxSplits: 2).map(String.init) }
        #expect(marks.allSatisfy { $0.count == 3 && Int64($0[0]) != nil && Int32($0[1]) != nil }, "\(lines)")
        #expect(Set(marks.map { $0[1] }).count == 1, "marks from more than one process: \(lines)")
        let texts = marks.map { $0.count == 3 ? $0[2] : "" }
        #expect(texts.first == "animate: start")
        #expect(texts.last == "animate: end")
        for stage in ["planning: window 1, the last, ends after frame", "layout: ", "looks: ", "drawing: window 1 asked for",
                      "drawing: preparing frames 1-", "finishing: frames from 1 written", "commit: destination checked", "commit: end"] {
            #expect(texts.contains { $0.hasPrefix(stage) }, "no mark starts with '\(stage)': \(texts)")
        }
        #expect(try Scratch.contents(traced) == Scratch.contents(plain))
    }

    @Test func unwritableDestinationExits74() throws {
        let r = try NavVizBinary.run(["animate", "Samples/tempura-showhide.script.json", "-o", "/nonexistent/out"])
        #expect(r.status == 74)
        #expect(r.stderr == "/nonexistent/out: error: cannot write: directory '/nonexistent' does not exist\n")
    }

    @Test func timelineCommand() throws {
        let text = try NavVizBinary.run(["timeline", "Samples/tempura-showhide.script.json"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Tempura Show and Hide\n\nframe 0: initial\nscreenA ScreenAViewController ●\n"))
        let json = try NavVizBinary.shared(["timeline", "Samples/portus-loop.route.json", "--format", "json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"failure\": \"destination not reachable: "))
        #expect(json.stderr.hasPrefix("Samples/portus-loop.route.json: error: destination not reachable: "))
    }

    @Test func checkRecordsComparesAndExplainsDrift() throws {
        let tmp = try Scratch.directory("anim")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let expect = tmp.appendingPathComponent("expected.json").path
        let record = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", expect, "--record"])
        #expect(record.status == 0)
        #expect(record.stdout == "recorded 5 transitions in \(expect)\n")
        let same = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", expect])
        #expect(same.status == 0)
        let drift = try NavVizBinary.run(["check", "Samples/tempura-showhide.sequence.json", "--expect", expect])
        #expect(drift.status == 1)
        #expect(drift.stdout == """
            step 5 (Hide(screenB, atomic): one hide):
              - 1. pop screenB from screenA
              + 1. pop screenC from screenB
              + 2. pop screenB from screenA

            """)
        #expect(drift.stderr == "Samples/tempura-showhide.sequence.json: error: the operations drifted from \(expect) (re-record with --record if the change is intended)\n")
        let missing = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", tmp.appendingPathComponent("none.json").path])
        #expect(missing.status == 66)
    }
}
