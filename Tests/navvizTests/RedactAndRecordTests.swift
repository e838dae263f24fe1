import Foundation
import Testing
import _NavVizTestSupport

/// `--redact` in every command hides values after the diff, and `check --record` stores
/// the dialect and options it recorded with.
struct RedactAndRecordTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-redact-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func contextOnly(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("chat.sequence.json").path
        try """
            {"navviz": 1, "frames": [
             {"label": "chat 1", "tree": {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat", "context": {"chatId": "1001"}}]}},
             {"label": "chat 2", "tree": {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat", "context": {"chatId": "1002"}}]}}]}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The redacted timeline is the plain one with the values replaced.
    @Test func timelineRedactedHasThePlainOperations() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = try Self.contextOnly(in: tmp)
        let plain = try NavVizBinary.run(["timeline", file, "--format", "json"])
        let redacted = try NavVizBinary.run(["timeline", file, "--format", "json", "--redact"])
        #expect(plain.status == 0 && redacted.status == 0)
        #expect(plain.stdout.contains("\"op\": \"change\""))
        #expect(redacted.stdout == plain.stdout.replacingOccurrences(of: "1001", with: "•••").replacingOccurrences(of: "1002", with: "•••"))
    }

    /// animate --redact: the streamed recording keeps its operation, values hidden, in the
    /// manifest, the player and the frames.
    @Test func animateRedactedKeepsTheOperation() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = try Self.contextOnly(in: tmp)
        for held in ["0", "100000"] {
            let out = tmp.appendingPathComponent("out\(held)")
            let r = try NavVizBinary.run(["animate", file, "-o", out.path, "--redact", "--held-bytes", held])
            #expect(r.status == 0, "\(r.stderr)")
            let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
            #expect(manifest.contains("\"phase\": \"pending\""), "the change vanished")
            #expect(manifest.contains("{\"chatId\": \"•••\"}"))
            for name in FileManager.default.subpaths(atPath: out.path) ?? [] where name.contains(".") {
                let text = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
                #expect(!text.contains("1001") && !text.contains("1002"), "\(name) leaks a value")
            }
        }
    }

    /// A plain recording checks a redacted run, and the other way round; drift shows only
    /// hidden values.
    @Test func checkRedactedAgainstAPlainRecording() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = try Self.contextOnly(in: tmp)
        let plainRecord = tmp.appendingPathComponent("plain.expected.json").path
        let redactedRecord = tmp.appendingPathComponent("redacted.expected.json").path
        #expect(try NavVizBinary.run(["check", file, "--expect", plainRecord, "--record"]).status == 0)
        #expect(try NavVizBinary.run(["check", file, "--expect", redactedRecord, "--record", "--redact"]).status == 0)
        let recorded = try String(contentsOfFile: redactedRecord, encoding: .utf8)
        #expect(recorded.contains("\"redact\": true") && !recorded.contains("1001"))
        let redactedRun = try NavVizBinary.run(["check", file, "--expect", plainRecord, "--redact"])
        #expect(redactedRun.status == 0, "\(redactedRun.stdout)\(redactedRun.stderr)")
        let plainRun = try NavVizBinary.run(["check", file, "--expect", redactedRecord])
        #expect(plainRun.status == 0, "\(plainRun.stdout)\(plainRun.stderr)")
        // Drift against a plain recording, checked redacted, prints no value.
        let other = tmp.appendingPathComponent("other.json").path
        try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "\"chats\", \"kind\"", with: "\"inbox\", \"kind\"")
            .write(toFile: other, atomically: true, encoding: .utf8)
        let drift = try NavVizBinary.run(["check", other, "--expect", plainRecord, "--redact"])
        #expect(drift.status == 1)
        #expect(drift.stdout.contains("chat?chatId=•••") && !drift.stdout.contains("1001") && !drift.stdout.contains("1002"), "\(drift.stdout)")
    }

    /// An expectation recorded in one dialect, checked in another: said so, not drift.
    @Test func checkWithAnotherDialectSaysSo() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let expect = tmp.appendingPathComponent("article.expected.json").path
        let record = try NavVizBinary.run(["check", "Samples/tab-switch.sequence.json", "--expect", expect, "--record", "--dialect", "katana"])
        #expect(record.status == 0)
        let recorded = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: expect))) as? [String: Any]
        #expect(recorded?["dialect"] as? String == "katana")
        #expect(recorded?["redact"] as? Bool == false)
        #expect(try NavVizBinary.run(["check", "Samples/tab-switch.sequence.json", "--expect", expect, "--dialect", "katana"]).status == 0)
        let other = try NavVizBinary.run(["check", "Samples/tab-switch.sequence.json", "--expect", expect])
        #expect(other.status == 64)
        #expect(other.stdout.isEmpty)
        #expect(other.stderr == "\(expect): error: this expectation was recorded with --dialect katana, and operations differ between dialects; check with --dialect katana, or re-record with --record --dialect navviz\n")
        // A recording from before the dialect was stored is compared as it always was.
        let old = try String(contentsOfFile: expect, encoding: .utf8).replacingOccurrences(of: "  \"dialect\": \"katana\",\n  \"redact\": false,\n", with: "")
        try old.write(toFile: expect, atomically: true, encoding: .utf8)
        #expect(try NavVizBinary.run(["check", "Samples/tab-switch.sequence.json", "--expect", expect, "--dialect", "katana"]).status == 0)
    }
}
