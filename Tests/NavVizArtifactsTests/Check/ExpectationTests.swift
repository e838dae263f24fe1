import Foundation
import NavVizArtifacts
import NavVizCore
import Testing
import _NavVizTestSupport

/// An expectation stores the dialect and the redaction it was recorded with: a plain
/// recording checks a redacted run and the other way round, with values hidden on both
/// sides; another dialect is a usage error, not drift; a recording from before the dialect
/// was stored is compared as it always was.
struct ExpectationTests {
    @Test func aPlainRecordingChecksARedactedRunAndTheOtherWayRound() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = try Scratch.contextOnlySequence(in: tmp)
        let plainRecord = tmp.appendingPathComponent("plain.expected.json").path
        let redactedRecord = tmp.appendingPathComponent("redacted.expected.json").path
        _ = try Check.record(file, to: plainRecord, settings: TimelineSettings())
        _ = try Check.record(file, to: redactedRecord, settings: TimelineSettings(redact: true))
        let recorded = try String(contentsOfFile: redactedRecord, encoding: .utf8)
        #expect(recorded.contains("\"redact\": true") && !recorded.contains("1001"))
        let redactedRun = Check.run(file, expect: plainRecord, settings: TimelineSettings(redact: true))
        #expect(redactedRun.status == .matched, "\(redactedRun.drift) \(redactedRun.error?.lines ?? [])")
        let plainRun = Check.run(file, expect: redactedRecord, settings: TimelineSettings())
        #expect(plainRun.status == .matched, "\(plainRun.drift) \(plainRun.error?.lines ?? [])")
        // Drift against a plain recording, checked redacted, shows no value.
        let other = tmp.appendingPathComponent("other.json").path
        try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "\"chats\", \"kind\"", with: "\"inbox\", \"kind\"")
            .write(toFile: other, atomically: true, encoding: .utf8)
        let drift = Check.run(other, expect: plainRecord, settings: TimelineSettings(redact: true))
        #expect(drift.status == .drifted)
        let text = drift.drift.joined(separator: "\n")
        #expect(text.contains("chat?chatId=•••") && !text.contains("1001") && !text.contains("1002"), "\(text)")
    }

    @Test func anotherDialectIsNamedAndAnOldRecordingStillCompares() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let sample = PackagePaths.sample("tab-switch.sequence.json")
        let expect = tmp.appendingPathComponent("article.expected.json").path
        _ = try Check.record(sample, to: expect, settings: TimelineSettings(dialect: .katana))
        let recorded = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: expect))) as? [String: Any]
        #expect(recorded?["dialect"] as? String == "katana")
        #expect(recorded?["redact"] as? Bool == false)
        #expect(Check.run(sample, expect: expect, settings: TimelineSettings(dialect: .katana)).status == .matched)
        let other = Check.run(sample, expect: expect, settings: TimelineSettings())
        #expect(other.status == .error)
        #expect(other.drift.isEmpty)
        #expect(other.error?.kind == .usage)
        #expect(other.error?.lines == ["\(expect): error: this expectation was recorded with --dialect katana, and operations differ between dialects; check with --dialect katana, or re-record with --record --dialect navviz"])
        // A recording from before the dialect was stored is compared as it always was.
        let old = try String(contentsOfFile: expect, encoding: .utf8).replacingOccurrences(of: "  \"dialect\": \"katana\",\n  \"redact\": false,\n", with: "")
        try old.write(toFile: expect, atomically: true, encoding: .utf8)
        #expect(Check.run(sample, expect: expect, settings: TimelineSettings(dialect: .katana)).status == .matched)
    }
}
