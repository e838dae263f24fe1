import Foundation
import Testing
import _NavVizTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `check --report json|junit`, several files, `--step-summary`, as CI runs them.
final class CheckReportTests {
    let tmp: URL

    init() throws {
        tmp = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: tmp)
    }

    func path(_ name: String) -> String { tmp.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    /// An expectation recorded from the Tempura script, which the sequence drifts from at step 5.
    func recordedScript() throws -> String {
        let expect = path("tempura.expected.json")
        let r = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", expect, "--record"])
        #expect(r.status == 0, "\(r.stderr)")
        return expect
    }

    /// Frames a, a>b, a>b>c (three states, two transitions) or fewer.
    static func sequence(frames: Int) -> String {
        let trees = [#"{"id": "a"}"#, #"{"id": "a", "active": "b", "children": [{"id": "b"}]}"#,
                     #"{"id": "a", "active": "b", "children": [{"id": "b", "active": "c", "children": [{"id": "c"}]}]}"#]
        return "{\"navviz\": 1, \"frames\": [\n" + trees.prefix(frames).map { "  {\"tree\": \($0)}" }.joined(separator: ",\n") + "\n]}\n"
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonReportListsEveryTransitionWithExpectedAndActual() throws {
        let expect = try recordedScript()
        let r = try NavVizBinary.run(["check", "Samples/tempura-showhide.sequence.json", "--expect", expect, "--report", "json"])
        #expect(r.status == 1)
        #expect(r.stderr.hasSuffix("error: the operations drifted from \(expect) (re-record with --record if the change is intended)\n"))
        let report = try json(r.stdout)
        #expect(report["navviz"] as? Int == 1 && report["report"] as? String == "check" && report["status"] as? String == "drifted")
        let totals = try #require(report["totals"] as? [String: Int])
        #expect(totals == ["documents": 1, "transitions": 5, "matched": 4, "drifted": 1, "missing": 0, "extra": 0, "errors": 0])
        let document = try #require((report["documents"] as? [[String: Any]])?.first)
        #expect(document["file"] as? String == "Samples/tempura-showhide.sequence.json")
        #expect(document["source"] as? String == "sequence" && document["status"] as? String == "drifted")
        let transitions = try #require(document["transitions"] as? [[String: Any]])
        #expect(transitions.map { $0["status"] as? String } == ["matched", "matched", "matched", "matched", "drifted"])
        #expect(transitions.map { $0["line"] as? Int } == [6, 7, 8, 9, 10])
        let drifted = transitions[4]
        #expect(drifted["step"] as? Int == 5 && drifted["label"] as? String == "Hide(screenB, atomic): one hide")
        let expected = try #require(drifted["expected"] as? [[String: Any]])
        let actual = try #require(drifted["actual"] as? [[String: Any]])
        #expect(expected.map { "\($0["op"]!) \($0["id"]!) \($0["parent"]!)" } == ["pop screenB screenA"])
        #expect(actual.map { "\($0["op"]!) \($0["id"]!) \($0["parent"]!)" } == ["pop screenC screenB", "pop screenB screenA"])
        // A matched transition carries both sides, equal.
        #expect((transitions[0]["expected"] as? [[String: String]]) == (transitions[0]["actual"] as? [[String: String]]))
        #expect((document["failure"] as? [String: Any])?["status"] as? String == "matched")
    }

    @Test func missingAndExtraTransitions() throws {
        let long = try write("long.json", Self.sequence(frames: 3))
        let short = try write("short.json", Self.sequence(frames: 2))
        #expect(try NavVizBinary.run(["check", long, "--expect", path("long.expected.json"), "--record"]).status == 0)
        #expect(try NavVizBinary.run(["check", short, "--expect", path("short.expected.json"), "--record"]).status == 0)

        let missing = try NavVizBinary.run(["check", short, "--expect", path("long.expected.json"), "--report", "json"])
        #expect(missing.status == 1)
        let m = try #require((try json(missing.stdout)["documents"] as? [[String: Any]])?.first?["transitions"] as? [[String: Any]])
        #expect(m.map { $0["status"] as? String } == ["matched", "missing"])
        #expect(m[1]["actual"] is NSNull && (m[1]["expected"] as? [Any])?.count == 1 && m[1]["line"] is NSNull)

        let extra = try NavVizBinary.run(["check", long, "--expect", path("short.expected.json"), "--report", "json"])
        let x = try #require((try json(extra.stdout)["documents"] as? [[String: Any]])?.first?["transitions"] as? [[String: Any]])
        #expect(x.map { $0["status"] as? String } == ["matched", "extra"])
        #expect(x[1]["expected"] is NSNull && (x[1]["actual"] as? [Any])?.count == 1 && x[1]["line"] as? Int == 4)

        // The text names them too.
        let text = try NavVizBinary.run(["check", long, "--expect", path("short.expected.json")])
        #expect(text.stdout == "expected 1 transitions, got 2\nstep 2:\n  + 1. push c onto b\n")
    }

    @Test func junitReportFollowsTheSchemaAndNamesTheStep() throws {
        let expect = try recordedScript()
        let report = path("check.xml")
        let r = try NavVizBinary.run(["check", "Samples/tempura-showhide.sequence.json", "--expect", expect, "--report", "junit:\(report)"])
        #expect(r.status == 1)
        // The text is unchanged when the report goes to a file.
        #expect(r.stdout.hasPrefix("step 5 (Hide(screenB, atomic): one hide):\n  - 1. pop screenB from screenA\n"))
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(JUnitSchema.problems(xml) == [])
        let document = try XMLDocument(xmlString: xml, options: [])
        let cases = try document.nodes(forXPath: "/testsuites/testsuite/testcase").compactMap { $0 as? XMLElement }
        #expect(cases.count == 5)
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == [
            "step 1: Show(screenB)", "step 2: Show(screenC)", "step 3: Hide(screenB): hides screenC, then screenB",
            "step 4: Show(screenB, screenC)", "step 5: Hide(screenB, atomic): one hide",
        ])
        let failure = try #require(try document.nodes(forXPath: "//testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "type")?.stringValue == "drifted")
        #expect(failure.attribute(forName: "message")?.stringValue
            == "step 5 (Hide(screenB, atomic): one hide): the operations drifted from operation 1 (expected 1 operation, found 2 operations) (Samples/tempura-showhide.sequence.json:10)")
        #expect(failure.stringValue?.contains("  - 1. pop screenB from screenA\n  + 1. pop screenC from screenB\n  + 2. pop screenB from screenA") == true)
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "failures")?.stringValue == "1" && suite.attribute(forName: "tests")?.stringValue == "5")
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
        let a = try write("a.json", Self.sequence(frames: 3))
        let b = try write("b.json", Self.sequence(frames: 2))
        let record = try NavVizBinary.run(["check", a, b, "--expect", dir, "--record"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout == "recorded 2 transitions in \(dir)/a.expected.json\nrecorded 1 transition in \(dir)/b.expected.json\n")
        _ = try write("b.json", Self.sequence(frames: 3))
        let broken = try write("c.json", "{\"navviz\": 1, \"frames\": [{\"tree\": {\"id\": \"a\"}}, {\"tree\": {\"id\": 7}}]}")
        let report = path("all.xml")
        let r = try NavVizBinary.run(["check", a, b, broken, "--expect", dir, "--report", "junit:\(report)", "--report", "json:\(path("all.json"))"])
        // The broken document is reported and its status wins; the others are still checked.
        #expect(r.status == 65)
        #expect(r.stdout.hasPrefix("\(a): ok (2 transitions, 2 operations match \(dir)/a.expected.json)\n\(b):\nexpected 1 transitions, got 2\n"))
        #expect(r.stderr.contains("\(b): error: the operations drifted from \(dir)/b.expected.json"))
        #expect(r.stderr.contains("\(broken): error: frames[1].tree: 'id' must be a string, found a number"))
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(JUnitSchema.problems(xml) == [])
        let document = try XMLDocument(xmlString: xml, options: [])
        let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == [a, b, broken])
        #expect(suites.map { $0.attribute(forName: "id")?.stringValue } == ["0", "1", "2"])
        let error = try #require(try document.nodes(forXPath: "/testsuites/testsuite[3]/testcase/error").first as? XMLElement)
        #expect(error.attribute(forName: "message")?.stringValue?.contains("frames[1].tree: 'id' must be a string") == true)
        let all = try json(String(contentsOfFile: path("all.json"), encoding: .utf8))
        #expect(all["status"] as? String == "error")
        #expect((all["documents"] as? [[String: Any]])?.map { $0["status"] as? String } == ["matched", "drifted", "error"])
    }

    @Test func severalFilesNeedADirectoryAndDistinctNames() throws {
        let a = try write("a.json", Self.sequence(frames: 2))
        let r = try NavVizBinary.run(["check", a, "Samples/tempura-showhide.sequence.json", "--expect", path("one.json")])
        #expect(r.status == 66)
        #expect(r.stderr == "\(path("one.json")): error: with several files, --expect must name a directory (each FILE's expectation is DIR/NAME.expected.json)\n")
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        let same = try write("sub/a.yaml", "navviz: 1\nframes: []\n")
        let clash = try NavVizBinary.run(["check", a, same, "--expect", tmp.path])
        #expect(clash.status == 64)
        #expect(clash.stderr.contains("would share the expectation"))
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

    @Test func stepSummaryIsAppendedWithinTheLimit() throws {
        let expect = try recordedScript()
        let summary = try write("summary.md", "# Earlier step\n")
        let r = try NavVizBinary.run(["check", "Samples/tempura-showhide.sequence.json", "--expect", expect, "--step-summary", summary])
        #expect(r.status == 1)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("# Earlier step\n\n## navviz check: drifted\n\n| document | expectation | result |\n"))
        #expect(text.contains("| Samples/tempura-showhide.sequence.json | \(expect.replacingOccurrences(of: "_", with: "\\_")) | ❌ drifted: step 5 |"))
        #expect(text.contains("```diff\n  step 5 (Hide(screenB, atomic): one hide):\n- 1. pop screenB from screenA\n+ 1. pop screenC from screenB\n"))
        // A summary file already at GitHub's limit gets nothing more, with a warning.
        let full = try write("full.md", String(repeating: "x", count: 1_048_500))
        let warned = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", expect, "--step-summary", full])
        #expect(warned.status == 0)
        #expect(warned.stderr == "\(full): warning: the step summary is full (GitHub's limit is 1 MiB); nothing added\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: full)).count == 1_048_500)
    }
}
