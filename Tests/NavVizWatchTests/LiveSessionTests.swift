import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizShutdown
import Testing
@testable import NavVizWatch
import _NavVizTestSupport

/// A live session turns lines into the player's messages as `navviz animate` would draw the
/// same log: every state a step, nodes placed once and never moved within a window, a bad
/// line an error message while the session goes on.
@Suite struct LiveSessionTests {
    /// The messages of `lines` read by a new session, decoded.
    static func messages(_ lines: [String], options: LiveSession.Options = .init()) throws -> (session: LiveSession, messages: [[String: Any]]) {
        let session = try LiveSession(options: options)
        session.ingest(lines, from: .file("session.ndjson"))
        session.drain()
        let collected = Locked<[String]>([])
        let subscription = session.subscribe { batch in collected.withLock { $0 += batch } }
        session.unsubscribe(subscription)
        let decoded = try collected.withLock { $0 }.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        return (session, decoded)
    }

    static func lines(_ transitions: Int, seed: UInt64 = 3) -> [String] {
        SessionLog.ndjson(transitions: transitions, seed: seed).split(separator: "\n").map(String.init)
    }

    @Test func everyStateIsAStepAndNodesNeverMoveWithinAWindow() throws {
        let (session, messages) = try Self.messages(Self.lines(80))
        defer { session.close() }
        #expect(messages.first?["k"] as? String == "hello")
        #expect(session.counts.states == 81)
        let frames = messages.filter { $0["k"] as? String == "frame" }
        #expect(frames.count == session.counts.frames)
        #expect(Set(frames.compactMap { $0["s"] as? Int }) == Set(0...80))
        // Each window's nodes, as windows and grows place them: an id is placed once.
        var windows: [[String: [Double]]] = []
        for m in messages {
            guard let kind = m["k"] as? String, kind == "window" || kind == "grow", let row = m["row"] as? [String: Any],
                  let nodes = row["nodes"] as? [[Any]] else { continue }
            if kind == "window" { windows.append([:]) }
            for n in nodes {
                let id = try #require(n[0] as? String)
                #expect(windows[windows.count - 1][id] == nil, "\(id) placed twice in one window")
                windows[windows.count - 1][id] = n.dropFirst().compactMap { ($0 as? NSNumber)?.doubleValue }
            }
        }
        // Few windows: new screens grow the window rather than start another.
        #expect(windows.count <= 3, "\(windows.count) windows")
        // No two nodes of a window overlap.
        for window in windows {
            let boxes = Array(window.values)
            for i in boxes.indices { for j in boxes.indices where j > i {
                let (a, b) = (boxes[i], boxes[j])
                #expect(abs(a[0] - b[0]) >= (a[2] + b[2]) / 2 - 0.1 || abs(a[1] - b[1]) >= (a[3] + b[3]) / 2 - 0.1)
            } }
        }
    }

    /// A page that let old rows go gets them back as they were sent: `frames(_:)` reads each
    /// frame's message from the history by its number, whatever else was kept between them.
    @Test func framesLetGoComeBackAsSent() throws {
        var lines = Self.lines(40)
        lines.insert("{not json", at: 7)
        let (session, messages) = try Self.messages(lines)
        defer { session.close() }
        let sent = messages.filter { $0["k"] as? String == "frame" }
        #expect(sent.count == session.counts.frames)
        let back = try session.frames(5..<30).map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(back.map { $0["n"] as? Int } == (5..<30).map { $0 })
        for m in back {
            let n = try #require(m["n"] as? Int)
            #expect(NSDictionary(dictionary: m).isEqual(to: sent[n]))
        }
        // Beyond the end: what there is; an empty range: nothing.
        #expect(session.frames((sent.count - 2)..<(sent.count + 10)).count == 2)
        #expect(session.frames(3..<3).isEmpty)
    }

    @Test func aBadLineIsAProblemAndTheSessionGoesOn() throws {
        var lines = Self.lines(3)
        lines.insert(#"{"navviz": 1, "tree": {"id": 7}}"#, at: 2)
        lines.insert("{not json", at: 3)
        let (session, messages) = try Self.messages(lines)
        defer { session.close() }
        let problems = messages.filter { $0["k"] as? String == "problem" }
        #expect(problems.count == 2)
        #expect(problems.first?["file"] as? String == "session.ndjson")
        #expect(problems.first?["line"] as? Int == 3)
        #expect(problems.first?["message"] as? String == "'id' must be a string, found a number")
        #expect(session.counts.states == 4)
    }

    @Test func redactedSessionsShowNoValue() throws {
        var options = LiveSession.Options()
        options.redact = true
        let lines = (1...4).map { n in
            #"{"navviz": 1, "label": "open chat", "tree": {"id": "inbox", "kind": "stack", "active": "chat", "children": [{"id": "chat", "context": {"chatId": "secret-\#(n)"}}]}}"#
        }
        let (session, messages) = try Self.messages(lines, options: options)
        defer { session.close() }
        let text = String(data: try JSONSerialization.data(withJSONObject: messages), encoding: .utf8) ?? ""
        #expect(!text.contains("secret-"), "a context value in a redacted session")
        #expect(text.contains("•••"))
        #expect(session.counts.states == 4)
    }

    @Test func savesTheBundleAnimateWrites() throws {
        let dir = try Scratch.directory("watch-save")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (session, _) = try Self.messages(Self.lines(12))
        defer { session.close() }
        let main = try session.save(into: dir.path)
        #expect(main.hasSuffix("/index.html") && FileManager.default.fileExists(atPath: main))
        let again = try session.save(into: dir.path)
        #expect(again != main, "a second save is a new directory")
        let manifest = try String(contentsOfFile: (main as NSString).deletingLastPathComponent + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"frames\""))
    }

    @Test func nothingToSaveIsAClearError() throws {
        let (session, _) = try Self.messages([])
        defer { session.close() }
        #expect(throws: NavVizError.self) { try session.save(into: NSTemporaryDirectory()) }
    }
}
