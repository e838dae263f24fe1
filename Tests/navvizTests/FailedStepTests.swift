import Foundation
import Testing
import _NavVizTestSupport

/// A script whose step fails, and a route that cannot reach its destination: `validate`
/// names the step, `timeline` prints what ran, and `animate` draws the steps up to it plus
/// the failure as a frame of its own, then exits 1.
struct FailedStepTests {
    static let script = """
        {"navviz": 1, "title": "A deep link that breaks",
         "initial": {"id": "tabs", "kind": "tabs", "active": "home", "children": [
           {"id": "home", "kind": "stack", "active": "feed", "children": [{"id": "feed"}]},
           {"id": "chats", "kind": "stack"}]},
         "steps": [
           {"label": "open chats", "actions": [{"activate": "chats"}]},
           {"label": "open chat 7", "actions": [{"push": {"id": "chat", "context": {"chatId": 7}}, "into": "chats"}, {"pop": "ghost"}]},
           {"label": "never", "actions": [{"pop": "chat"}]}]}
        """
    static let failure = "steps[1] ('open chat 7') actions[1] (pop): no node 'ghost' in the tree; the step was not applied"

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-failed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func scriptFile(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("broken.script.json").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func validateNamesTheFailingStep() throws {
        let tmp = try Self.temporaryDirectory()
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

    /// The bundle holds the steps up to the failure and the failure's own frame: the tree
    /// where the script or route stopped, with why as its caption, in the frames, the player
    /// and the manifest.
    @Test(arguments: [("script", 4, ["initial", "pending", "applied", "failed"]),
                      ("Samples/portus-loop.route.json", 6, ["initial", "pending", "applied", "pending", "applied", "failed"])])
    func animateDrawsTheFailureAsAFrame(input: String, count: Int, phases: [String]) throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = input == "script" ? try Self.scriptFile(in: tmp) : input
        let out = tmp.appendingPathComponent("out")
        let r = try NavVizBinary.run(["animate", file, "-o", out.path, "--png"])
        #expect(r.status == 1)
        #expect(r.stdout == "\(out.path)/index.html\n")
        let failure = input == "script" ? Self.failure
            : "destination not reachable: routing loops: chunk 3 (enter settings) repeats chunk 1 on the same tree"
        #expect(r.stderr == "\(file): error: \(failure)\n")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
        let frames = manifest?["frames"] as? [[String: Any]] ?? []
        #expect(frames.map { $0["phase"] as? String ?? "" } == phases)
        #expect(frames.last?["label"] as? String == "failed: " + failure)
        #expect(manifest?["failure"] as? String == failure)
        let last = String(format: "frames/%04d", count)
        let svg = try String(contentsOf: out.appendingPathComponent(last + ".svg"), encoding: .utf8)
        #expect(svg.contains(">Failed here</text>"))
        let words = failure.split(separator: " ").prefix(3).joined(separator: " ")
        #expect(svg.contains(words.replacingOccurrences(of: "'", with: "&#39;")), "the caption is missing from \(last).svg")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(last + ".png").path))
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let page = try PlayerPage(html)
        #expect(page.frames.count == count)
        #expect(page.phases.last == "failed")
        // The caption: the title, then the explanation in lines of at most 72 characters.
        #expect((page.frames.last?["c"] as? [String])?.joined(separator: " ") == "Failed here " + failure)
    }

    /// `render` and `diff` cannot show a state after the failing step, so they say why.
    @Test func renderOfAFailingScriptNamesTheStep() throws {
        let r = try NavVizBinary.run(["render", "-"], stdin: Self.script)
        #expect(r.status == 65)
        #expect(r.stderr == "<stdin>: error: \(Self.failure)\n")
    }
}
