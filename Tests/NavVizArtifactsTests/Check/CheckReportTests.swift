import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavVizArtifacts
import Testing
import NavVizCore
import _NavVizTestSupport

/// The reports of a check, made in this process from `Check.run`'s outcomes: the JSON report
/// (``CheckReport``), the JUnit report (``JUnitReport``) and the step summary
/// (``CheckSummary``), with matched, drifted, missing and extra transitions and a document
/// that could not be read.
final class CheckReportTests: ScratchSuite {
    static let tempuraScript = PackagePaths.sample("tempura-showhide.script.json")
    static let tempuraSequence = PackagePaths.sample("tempura-showhide.sequence.json")

    /// An expectation recorded from the Tempura script, which the sequence drifts from at step 5.
    func recordedScript() throws -> String {
        let expect = path("tempura.expected.json")
        #expect(try Check.record(Self.tempuraScript, to: expect, settings: TimelineSettings()) == 5)
        return expect
    }

    /// The Tempura sequence checked against the script's expectation, located as the
    /// reports locate it.
    func drifted() throws -> CheckOutcome {
        var outcome = Check.run(Self.tempuraSequence, expect: try recordedScript(), settings: TimelineSettings())
        outcome.locate()
        return outcome
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonReportListsEveryTransitionWithExpectedAndActual() throws {
        let outcome = try drifted()
        #expect(outcome.status == .drifted)
        let report = try json(CheckReport.json([outcome]))
        #expect(report["navviz"] as? Int == 1 && report["report"] as? String == "check" && report["status"] as? String == "drifted")
        let totals = try #require(report["totals"] as? [String: Int])
        #expect(totals == ["documents": 1, "transitions": 5, "matched": 4, "drifted": 1, "missing": 0, "extra": 0, "errors": 0])
        let document = try #require((report["documents"] as? [[String: Any]])?.first)
        #expect(document["file"] as? String == Self.tempuraSequence)
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
        let long = try write("long.json", Samples.growingSequence(frames: 3))
        let short = try write("short.json", Samples.growingSequence(frames: 2))
        #expect(try Check.record(long, to: path("long.expected.json"), settings: TimelineSettings()) == 2)
        #expect(try Check.record(short, to: path("short.expected.json"), settings: TimelineSettings()) == 1)

        var missing = Check.run(short, expect: path("long.expected.json"), settings: TimelineSettings())
        missing.locate()
        #expect(missing.status == .drifted)
        let m = try #require((try json(CheckReport.json([missing]))["documents"] as? [[String: Any]])?.first?["transitions"] as? [[String: Any]])
        #expect(m.map { $0["status"] as? String } == ["matched", "missing"])
        #expect(m[1]["actual"] is NSNull && (m[1]["expected"] as? [Any])?.count == 1 && m[1]["line"] is NSNull)

        var extra = Check.run(long, expect: path("short.expected.json"), settings: TimelineSettings())
        extra.locate()
        let x = try #require((try json(CheckReport.json([extra]))["documents"] as? [[String: Any]])?.first?["transitions"] as? [[String: Any]])
        #expect(x.map { $0["status"] as? String } == ["matched", "extra"])
        #expect(x[1]["expected"] is NSNull && (x[1]["actual"] as? [Any])?.count == 1 && x[1]["line"] as? Int == 4)

        // The text names them too (what `check` prints, a line each).
        #expect(Check.run(long, expect: path("short.expected.json"), settings: TimelineSettings()).drift
            == ["expected 1 transitions, got 2", "step 2:", "  + 1. push c onto b"])
    }

    @Test func junitReportFollowsTheSchemaAndNamesTheStep() throws {
        let xml = JUnitReport.xml([try drifted()], run: .now)
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
            == "step 5 (Hide(screenB, atomic): one hide): the operations drifted from operation 1 (expected 1 operation, found 2 operations) (\(Self.tempuraSequence):10)")
        #expect(failure.stringValue?.contains("  - 1. pop screenB from screenA\n  + 1. pop screenC from screenB\n  + 2. pop screenB from screenA") == true)
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "failures")?.stringValue == "1" && suite.attribute(forName: "tests")?.stringValue == "5")
    }

    /// Several documents, one of them broken, against a directory of expectations: each is
    /// a suite of its own in the JUnit report, the broken one an error; the JSON report's
    /// status is the error.
    @Test func severalDocumentsWithADirectoryOfExpectations() throws {
        let dir = path("expected")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let a = try write("a.json", Samples.growingSequence(frames: 3))
        let b = try write("b.json", Samples.growingSequence(frames: 2))
        for (file, expect) in try Check.expectations(files: [a, b], expect: dir, record: true) {
            _ = try Check.record(file, to: expect, settings: TimelineSettings())
        }
        _ = try write("b.json", Samples.growingSequence(frames: 3))
        let broken = try write("c.json", "{\"navviz\": 1, \"frames\": [{\"tree\": {\"id\": \"a\"}}, {\"tree\": {\"id\": 7}}]}")
        let outcomes = try Check.expectations(files: [a, b, broken], expect: dir, record: false).map { file, expect in
            var outcome = Check.run(file, expect: expect, settings: TimelineSettings())
            outcome.locate()
            return outcome
        }
        #expect(outcomes.map(\.status) == [.matched, .drifted, .error])
        #expect(outcomes[2].error?.lines.first?.contains("frames[1].tree: 'id' must be a string, found a number") == true)
        let xml = JUnitReport.xml(outcomes, run: .now)
        #expect(JUnitSchema.problems(xml) == [])
        let document = try XMLDocument(xmlString: xml, options: [])
        let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == [a, b, broken])
        #expect(suites.map { $0.attribute(forName: "id")?.stringValue } == ["0", "1", "2"])
        let error = try #require(try document.nodes(forXPath: "/testsuites/testsuite[3]/testcase/error").first as? XMLElement)
        #expect(error.attribute(forName: "message")?.stringValue?.contains("frames[1].tree: 'id' must be a string") == true)
        let all = try json(CheckReport.json(outcomes))
        #expect(all["status"] as? String == "error")
        #expect((all["documents"] as? [[String: Any]])?.map { $0["status"] as? String } == ["matched", "drifted", "error"])
    }

    /// Several documents need a directory of expectations (66 when it is missing and not
    /// recorded, 74 when a file is in its place), and distinct names in it (64).
    @Test func severalDocumentsNeedADirectoryAndDistinctNames() throws {
        let a = try write("a.json", Samples.growingSequence(frames: 2))
        let one = try #require(throws: NavVizError.self) {
            try Check.expectations(files: [a, Self.tempuraScript], expect: path("one.json"), record: false)
        }
        #expect(one.kind == .unreadableInput)
        #expect(one.lines == ["\(path("one.json")): error: cannot read: no such directory",
                              "  record the expectations first: navviz check FILE... --expect \(path("one.json")) --record (the directory is made)"])
        // A file where the directory should be: refused, and not replaced when recording.
        let file = try write("file.json", "{}")
        let notDirectory = try #require(throws: NavVizError.self) {
            try Check.expectations(files: [a, Self.tempuraScript], expect: file, record: false)
        }
        #expect(notDirectory.lines == ["\(file): error: with several files, --expect must name a directory (each FILE's expectation is DIR/NAME.expected.json)"])
        let recording = try #require(throws: NavVizError.self) {
            try Check.expectations(files: [a, Self.tempuraScript], expect: file, record: true)
        }
        #expect(recording.kind == .cannotWrite)
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        let same = try write("sub/a.yaml", "navviz: 1\nframes: []\n")
        let clash = try #require(throws: NavVizError.self) {
            try Check.expectations(files: [a, same], expect: tmp.path, record: false)
        }
        #expect(clash.kind == .usage)
        #expect(clash.lines.first?.contains("would share the expectation") == true)
    }

    @Test func stepSummaryIsAppendedWithinTheLimit() throws {
        let outcome = try drifted()
        let expect = outcome.expect
        let summary = try write("summary.md", "# Earlier step\n")
        try GitHubStepSummary.append(to: summary, diagnostics: .silent) { CheckSummary.markdown([outcome], limit: $0) }
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("# Earlier step\n\n## navviz check: drifted\n\n| document | expectation | result |\n"))
        let escaped = { (path: String) in path.replacingOccurrences(of: "_", with: "\\_") }
        #expect(text.contains("| \(escaped(Self.tempuraSequence)) | \(escaped(expect)) | ❌ drifted: step 5 |"))
        #expect(text.contains("```diff\n  step 5 (Hide(screenB, atomic): one hide):\n- 1. pop screenB from screenA\n+ 1. pop screenC from screenB\n"))
        // A summary file already at GitHub's limit gets nothing more, with a warning.
        let full = try write("full.md", String(repeating: "x", count: 1_048_500))
        let matched = Check.run(Self.tempuraScript, expect: expect, settings: TimelineSettings())
        #expect(matched.status == .matched)
        var reported: [Diagnostic] = []
        try GitHubStepSummary.append(to: full, diagnostics: Diagnostics(report: { reported.append($0) })) { CheckSummary.markdown([matched], limit: $0) }
        #expect(reported.map(\.description) == ["\(full): warning: the step summary is full (GitHub's limit is 1 MiB); nothing added"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: full)).count == 1_048_500)
    }
}
