import Foundation
import NavVizArtifacts
import Testing
import _NavVizTestSupport

/// `check --report json|junit` and several files, as CI runs them: what is printed, where
/// the reports go, the exit status. (What the reports and the step summary hold:
/// NavVizArtifactsTests' CheckReportTests.)
final class CheckReportTests: ScratchSuite {
    /// An expectation recorded from the Tempura script, which the sequence drifts from at step 5.
    func recordedScript() throws -> String {
        let expect = path("tempura.expected.json")
        _ = try Check.record(PackagePaths.sample("tempura-showhide.script.json"), to: expect, settings: TimelineSettings())
        return expect
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `--report json` prints the report instead of the text (its content:
    /// NavVizArtifactsTests' CheckReportTests), and the drift is still an error line and
    /// exit 1.
    @Test func jsonReportReplacesTheText() throws {
        let expect = try recordedScript()
        let r = try NavVizBinary.run(["check", "Samples/tempura-showhide.sequence.json", "--expect", expect, "--report", "json"])
        #expect(r.status == 1)
        #expect(r.stderr.hasSuffix("error: the operations drifted from \(expect) (re-record with --record if the change is intended)\n"))
        let report = try json(r.stdout)
        #expect(report["report"] as? String == "check" && report["status"] as? String == "drifted")
        let document = try #require((report["documents"] as? [[String: Any]])?.first)
        #expect(document["file"] as? String == "Samples/tempura-showhide.sequence.json")
        #expect((document["transitions"] as? [[String: Any]])?.map { $0["line"] as? Int } == [6, 7, 8, 9, 10])
    }

    /// `--report junit:PATH` writes the report (its content: NavVizArtifactsTests'
    /// CheckReportTests) and keeps the text on standard output.
    @Test func junitReportToAFileKeepsTheText() throws {
        let expect = try recordedScript()
        let report = path("check.xml")
        let r = try NavVizBinary.run(["check", "Samples/tempura-showhide.sequence.json", "--expect", expect, "--report", "junit:\(report)"])
        #expect(r.status == 1)
        // The text is unchanged when the report goes to a file.
        #expect(r.stdout.hasPrefix("step 5 (Hide(screenB, atomic): one hide):\n  - 1. pop screenB from screenA\n"))
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(JUnitSchema.problems(xml) == [])
        #expect(xml.contains("(Samples/tempura-showhide.sequence.json:10)"))
    }

    @Test func schemaCheckCatchesBrokenReports() {
        // The checker itself: each of these breaks one rule.
        #expect(!JUnitSchema.problems("<testsuites><testsuite name=\"x\"/></testsuites>").isEmpty)
        #expect(!JUnitSchema.problems("<testsuite/>").isEmpty)
        let valid = """
            <testsuites><testsuite name="a" package="p" id="0" hostname="h" timestamp="2026-01-01T00:00:00" tests="1" failures="1" errors="0" time="0">
            <properties/><testcase name="t" classname="c" time="0"><failure type="x"/></testcase><system-out/><system-err/></testsuite></testsuites>
            """
        #expect(JUnitSchema.problems(valid) == [])
        #expect(JUnitSchema.problems(valid.replacingOccurrences(of: "<failure type=\"x\"/>", with: "<failure/>")) == ["testsuite[0].testcase[0]: <failure> needs a type"])
        #expect(JUnitSchema.problems(valid.replacingOccurrences(of: "failures=\"1\"", with: "failures=\"0\"")) == ["testsuite[0]: failures is not 1"])
        #expect(JUnitSchema.problems(valid.replacingOccurrences(of: "00:00:00", with: "00:00:00Z")) == ["testsuite[0]: timestamp '2026-01-01T00:00:00Z' is not yyyy-mm-ddThh:mm:ss"])
        #expect(!JUnitSchema.problems(valid.replacingOccurrences(of: "<system-out/>", with: "")).isEmpty)
    }

    @Test func severalFilesWithADirectoryOfExpectations() throws {
        let dir = path("expected")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let a = try write("a.json", Samples.growingSequence(frames: 3))
        let b = try write("b.json", Samples.growingSequence(frames: 2))
        let record = try NavVizBinary.run(["check", a, b, "--expect", dir, "--record"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout == "recorded 2 transitions in \(dir)/a.expected.json\nrecorded 1 transition in \(dir)/b.expected.json\n")
        _ = try write("b.json", Samples.growingSequence(frames: 3))
        let broken = try write("c.json", "{\"navviz\": 1, \"frames\": [{\"tree\": {\"id\": \"a\"}}, {\"tree\": {\"id\": 7}}]}")
        let report = path("all.xml")
        let r = try NavVizBinary.run(["check", a, b, broken, "--expect", dir, "--report", "junit:\(report)", "--report", "json:\(path("all.json"))"])
        // The broken document is reported and its status wins; the others are still checked.
        #expect(r.status == 65)
        #expect(r.stdout.hasPrefix("\(a): ok (2 transitions, 2 operations match \(dir)/a.expected.json)\n\(b):\nexpected 1 transitions, got 2\n"))
        #expect(r.stderr.contains("\(b): error: the operations drifted from \(dir)/b.expected.json"))
        #expect(r.stderr.contains("\(broken): error: frames[1].tree: 'id' must be a string, found a number"))
        // Both reports are written (what they hold: NavVizArtifactsTests' CheckReportTests).
        #expect(JUnitSchema.problems(try String(contentsOfFile: report, encoding: .utf8)) == [])
        #expect(try json(String(contentsOfFile: path("all.json"), encoding: .utf8))["status"] as? String == "error")
    }

    @Test func reportFileIsWrittenAtomically() throws {
        let expect = try recordedScript()
        let report = path("r.json")
        try "previous".write(toFile: report, atomically: true, encoding: .utf8)
        let ok = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", expect, "--report", "json:\(report)"])
        #expect(ok.status == 0)
        #expect(ok.stdout == "Samples/tempura-showhide.script.json: ok (5 transitions, 7 operations match \(expect))\n")
        #expect(try json(String(contentsOfFile: report, encoding: .utf8))["status"] as? String == "matched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted() == ["r.json", "tempura.expected.json"])
        // A report that cannot be written: the check still prints, and exits 74.
        let bad = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", expect, "--report", "junit:\(path("no/such/dir/r.xml"))"])
        #expect(bad.status == 74)
        #expect(bad.stdout.hasSuffix("operations match \(expect))\n"))
        #expect(bad.stderr.contains("r.xml: error: cannot write: directory"))
    }

    @Test(arguments: [["--report", "xml"], ["--report", "json:"], ["--report", "json", "--report", "junit"], ["--report", "json", "--record"]])
    func badReportOptionsAreUsageErrors(_ options: [String]) throws {
        let r = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", path("e.json")] + options)
        #expect(r.status == 64, "\(options)")
    }
}
