import Foundation
import NavVizArtifacts
import NavVizCore
import Testing
import _NavVizTestSupport

/// `Check`, the library calls behind `navviz check`: pairing documents with expectations,
/// recording one, comparing, and the reports of a comparison.
@Suite struct CheckTests {
    @Test func recordThenCheckMatches() throws {
        let dir = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sample = PackagePaths.sample("tab-switch.sequence.json")
        let expect = dir.appendingPathComponent("tab-switch.expected.json").path
        let recorded = try Check.record(sample, to: expect, settings: TimelineSettings())
        #expect(recorded == 2)
        let outcome = Check.run(sample, expect: expect, settings: TimelineSettings())
        #expect(outcome.status == .matched)
        #expect(outcome.transitions.map(\.status) == [.matched, .matched])
        #expect(outcome.drift.isEmpty)
        #expect(CheckReport.status([outcome]) == .matched)
    }

    @Test func anEditedExpectationDriftsAtItsStep() throws {
        let dir = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sample = PackagePaths.sample("tab-switch.sequence.json")
        let expect = dir.appendingPathComponent("e.json").path
        _ = try Check.record(sample, to: expect, settings: TimelineSettings())
        // The second transition expected another screen pushed: it drifts, the first still
        // matches.
        let text = try String(contentsOfFile: expect, encoding: .utf8)
        #expect(text.contains(#"{"op": "push", "id": "message""#))
        try Data(text.replacingOccurrences(of: #"{"op": "push", "id": "message""#, with: #"{"op": "push", "id": "letter""#).utf8)
            .write(to: URL(fileURLWithPath: expect))
        let outcome = Check.run(sample, expect: expect, settings: TimelineSettings())
        #expect(outcome.status == .drifted)
        #expect(outcome.transitions.map(\.status) == [.matched, .drifted])
        #expect(outcome.drift.first == "step 2 (\(outcome.transitions[1].label ?? "")):")
        let json = CheckReport.json([outcome])
        #expect(json.contains("\"status\": \"drifted\""))
        let junit = JUnitReport.xml([outcome], run: JUnitReport.Run(timestamp: Date(timeIntervalSince1970: 0), hostname: "ci"))
        #expect(junit.contains("<failure"))
        #expect(CheckSummary.markdown([outcome]).hasPrefix("## navviz check: drifted"))
    }

    @Test func expectationsInADirectory() throws {
        let dir = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pairs = try Check.expectations(files: ["a/one.json", "b/two.log.ndjson"], expect: dir.path, record: false)
        #expect(pairs.map(\.expect) == [dir.path + "/one.expected.json", dir.path + "/two.log.expected.json"])
        #expect(throws: NavVizError.self) { try Check.expectations(files: ["a/one.json", "b/one.json"], expect: dir.path, record: false) }
        #expect(throws: NavVizError.self) { try Check.expectations(files: ["a.json", "b.json"], expect: dir.path + "/e.json", record: false) }
        #expect(try Check.expectations(files: ["a.json"], expect: "e.json", record: true).map(\.expect) == ["e.json"])
    }
}
