import Foundation
import NavVizArtifacts
import Testing
import _NavVizTestSupport

/// `--redact` in every command hides values after the diff, and `check --record` stores
/// the dialect and options it recorded with. (`animate --redact`: NavVizArtifactsTests'
/// AnimationBundleTests.)
struct RedactAndRecordTests {
    /// The redacted timeline is the plain one with the values replaced.
    @Test func timelineRedactedHasThePlainOperations() throws {
        let tmp = try Scratch.directory("redact")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = try Scratch.contextOnlySequence(in: tmp)
        let plain = try NavVizBinary.run(["timeline", file, "--format", "json"])
        let redacted = try NavVizBinary.run(["timeline", file, "--format", "json", "--redact"])
        #expect(plain.status == 0 && redacted.status == 0)
        #expect(plain.stdout.contains("\"op\": \"change\""))
        #expect(redacted.stdout == plain.stdout.replacingOccurrences(of: "1001", with: "•••").replacingOccurrences(of: "1002", with: "•••"))
    }

    /// `check --redact`: recorded with it, the expectation says so and holds no value;
    /// checked with it against a plain recording, a drift prints no value and exits 1. (Which
    /// recordings check which runs: NavVizArtifactsTests' ExpectationTests.)
    @Test func checkRedactedRecordsAndPrintsNoValue() throws {
        let tmp = try Scratch.directory("redact")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = try Scratch.contextOnlySequence(in: tmp)
        let redactedRecord = tmp.appendingPathComponent("redacted.expected.json").path
        #expect(try NavVizBinary.run(["check", file, "--expect", redactedRecord, "--record", "--redact"]).status == 0)
        let recorded = try String(contentsOfFile: redactedRecord, encoding: .utf8)
        #expect(recorded.contains("\"redact\": true") && !recorded.contains("1001"))
        let plainRecord = tmp.appendingPathComponent("plain.expected.json").path
        _ = try Check.record(file, to: plainRecord, settings: TimelineSettings())
        let other = tmp.appendingPathComponent("other.json").path
        try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "\"chats\", \"kind\"", with: "\"inbox\", \"kind\"")
            .write(toFile: other, atomically: true, encoding: .utf8)
        let drift = try NavVizBinary.run(["check", other, "--expect", plainRecord, "--redact"])
        #expect(drift.status == 1)
        #expect(drift.stdout.contains("chat?chatId=•••") && !drift.stdout.contains("1001") && !drift.stdout.contains("1002"), "\(drift.stdout)")
    }

    /// An expectation recorded in one dialect (`--dialect` reaches it), checked in another:
    /// exit 64, saying so, not drift. (The expectation's fields, and an old recording without
    /// them: ExpectationTests.)
    @Test func checkWithAnotherDialectSaysSo() throws {
        let tmp = try Scratch.directory("redact")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let expect = tmp.appendingPathComponent("article.expected.json").path
        let record = try NavVizBinary.run(["check", "Samples/tab-switch.sequence.json", "--expect", expect, "--record", "--dialect", "katana"])
        #expect(record.status == 0)
        let recorded = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: expect))) as? [String: Any]
        #expect(recorded?["dialect"] as? String == "katana")
        let other = try NavVizBinary.run(["check", "Samples/tab-switch.sequence.json", "--expect", expect])
        #expect(other.status == 64)
        #expect(other.stdout.isEmpty)
        #expect(other.stderr == "\(expect): error: this expectation was recorded with --dialect katana, and operations differ between dialects; check with --dialect katana, or re-record with --record --dialect navviz\n")
    }
}
