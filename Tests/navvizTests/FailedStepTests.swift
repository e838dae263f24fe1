import Foundation
import Testing
import _NavVizTestSupport

/// A script whose step fails, and a route that cannot reach its destination: `validate`
/// names the step, `timeline` prints what ran. (`animate` draws the steps up to it plus the
/// failure as a frame of its own, NavVizArtifactsTests' AnimationBundleTests, then exits 1:
/// SummaryCommandTests.)
struct FailedStepTests {
    static let script = BrokenScript.text
    static let failure = BrokenScript.failure

    static func scriptFile(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("broken.script.json").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func validateNamesTheFailingStep() throws {
        let tmp = try Scratch.directory("failed")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = try Self.scriptFile(in: tmp)
        let r = try NavVizBinary.run(["validate", file, "Samples/katana-tabs.script.json"])
        #expect(r.status == 65)
        #expect(r.stderr == "\(file): error: \(Self.failure)\n")
        #expect(r.stdout == "Samples/katana-tabs.script.json: ok (action script, 4 steps)\n")
    }

    @Test func timelinePrintsWhatRanThenTheFailure() throws {
        let r = try NavVizBinary.run(["timeline", "-"], stdin: Self.script)
        #expect(r.status == 1)
        #expect(r.stdout.contains("frame 1: open chats\n"))
        #expect(!r.stdout.contains("never"))
        #expect(r.stdout.hasSuffix("error: \(Self.failure)\n"))
        #expect(r.stderr == "<stdin>: error: \(Self.failure)\n")
        let json = try NavVizBinary.run(["timeline", "-", "--format", "json"], stdin: Self.script)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any]
        #expect(object?["failure"] as? String == Self.failure)
    }

    /// `render` and `diff` cannot show a state after the failing step, so they say why.
    @Test func renderOfAFailingScriptNamesTheStep() throws {
        let r = try NavVizBinary.run(["render", "-"], stdin: Self.script)
        #expect(r.status == 65)
        #expect(r.stderr == "<stdin>: error: \(Self.failure)\n")
    }
}
