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

    /// A page that let a window and its frames go gets back what it needs to show any frame
    /// again: the window's messages as they were sent (`window(_:)`), and frames whose block
    /// starts with one that lists its whole state (the state the deltas before it built).
    @Test func windowsAndBlocksLetGoComeBackWhole() throws {
        var options = LiveSession.Options()
        options.windowNodes = 12
        let (session, messages) = try Self.messages(Self.lines(300), options: options)
        defer { session.close() }
        // The messages of each window, as sent, and what window(_:) gives back.
        var sent: [[[String: Any]]] = []
        for m in messages {
            switch m["k"] as? String {
            case "window": sent.append([m])
            case "grow", "tables": sent[sent.count - 1].append(m)
            default: break
            }
        }
        #expect(sent.count >= 3, "\(sent.count) windows")
        for (w, window) in sent.enumerated() {
            let back = try session.window(w).map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            #expect(back.count == window.count, "window \(w)")
            for (a, b) in zip(back, window) { #expect(NSDictionary(dictionary: a).isEqual(to: b), "window \(w)") }
        }
        #expect(session.window(sent.count).isEmpty)
        // Each window's tables are its own, numbered from 0: a frame points into its window's.
        var textRows: [Int] = []
        for window in sent { textRows.append(window.compactMap { $0["texts"] as? [Any] }.reduce(0) { $0 + $1.count }) }
        for m in messages where m["k"] as? String == "frame" {
            let row = try #require(m["row"] as? [String: Any]), d = try #require(row["d"] as? [Int]), w = try #require(row["w"] as? Int)
            var i = 0
            while i < d.count { if d[i] < 0 { i += 1 } else { #expect(d[i + 1] < textRows[w]); i += 3 } }
        }
        // A page that starts a block at its first frame (which lists the whole state) has, at
        // every frame, the state a page that replayed every delta from the window's start has.
        var whole = options
        whole.block = 1 << 30
        let (reference, all) = try Self.messages(Self.lines(300), options: whole)
        defer { reference.close() }
        let rows = { (m: [[String: Any]]) in m.filter { $0["k"] as? String == "frame" }.compactMap { $0["row"] as? [String: Any] } }
        let (blocked, plain) = (rows(messages), rows(all))
        #expect(blocked.count == plain.count && blocked.count > 2 * options.block)
        func replay(_ frames: [[String: Any]], from start: Int, to end: Int) throws -> [Int: [Int]] {
            var state: [Int: [Int]] = [:]
            for row in frames[start...end] {
                let d = try #require(row["d"] as? [Int]), e = try #require(row["e"] as? [Int])
                if row["r"] as? Int == 1 { state = [:] }
                var i = 0
                while i < d.count { if d[i] < 0 { state[-d[i] - 1] = nil; i += 1 } else { state[d[i]] = [d[i + 1], d[i + 2]]; i += 3 } }
                i = 0
                while i < e.count { if e[i] < 0 { state[-e[i] - 1 - 1_000_000] = nil; i += 1 } else { state[e[i] - 1_000_000] = [e[i + 1]]; i += 2 } }
            }
            return state
        }
        for n in stride(from: 0, to: blocked.count, by: 37) {
            let w = try #require(blocked[n]["w"] as? Int)
            let windowStart = try #require(plain.firstIndex { $0["w"] as? Int == w })
            let blockStart = max(windowStart, n - n % options.block)
            #expect((blocked[blockStart]["r"] as? Int == 1) == (blockStart % options.block == 0), "frame \(blockStart)")
            #expect(try replay(blocked, from: blockStart, to: n) == replay(plain, from: windowStart, to: n), "frame \(n)")
        }
        // A block read back starts at its full frame.
        let block = session.frames(options.block..<(options.block + 3))
        #expect(block.count == 3 && block[0].contains(#""r":1"#))
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
