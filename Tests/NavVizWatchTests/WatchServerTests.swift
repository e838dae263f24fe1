import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NavVizCore
import NavVizRecorder
import Testing
@testable import NavVizWatch
import _NavVizTestSupport

/// The real server on a free port, with a real recorder streaming to it over HTTP.
@Suite(.serialized) struct WatchServerTests {
    /// A server and its session on a free port (or `port`).
    static func serve(port: UInt16 = 0) async throws -> (WatchServer, LiveSession, URL) {
        let session = try LiveSession(options: LiveSession.Options())
        var options = WatchServer.Options()
        options.port = port
        options.saveDirectory = NSTemporaryDirectory()
        // Under a sanitizer, the suite's tests waiting on Graphviz workers can hold Swift's
        // shared executor, which the server runs on, for minutes.
        options.listenTimeout = .seconds(Sanitizer.seconds(60))
        do {
            let server = try WatchServer(session: session, options: options)
            let url = try await server.start()
            return (server, session, try #require(URL(string: url)))
        } catch {
            session.close()
            throw error
        }
    }

    /// `request` sent, its status and body.
    static func send(_ request: URLRequest) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    static func tree(_ n: Int) -> NavigationNode {
        NavigationNode(id: "tabs", kind: "tabs", children: [
            NavigationNode(id: "home", kind: "stack", children: (0...(n % 4)).map { NavigationNode(id: "screen\($0)") }, activeIndex: n % 4),
        ], activeIndex: 0)
    }

    /// Waits (at most 20 s) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<400 where !condition() { try await Task.sleep(for: .milliseconds(50)) }
    }

    @Test func aRecorderStreamsAndARestartedServerGetsItsWholeBuffer() async throws {
        let (server, session, url) = try await Self.serve()
        let recorder = NavigationRecorder(capacity: 100)
        let stream = recorder.stream(to: url)
        defer { stream.stop() }
        for n in 0..<30 { recorder.record(Self.tree(n), label: "step \(n)") }
        try await Self.eventually { stream.status.acknowledged == 30 }
        #expect(stream.status.acknowledged == 30)
        session.drain()
        #expect(session.counts.states == 30)

        // The server goes away; the app goes on recording into its buffer.
        await server.stop()
        session.close()
        for n in 30..<40 { recorder.record(Self.tree(n), label: "step \(n)") }
        try await Task.sleep(for: .milliseconds(300))
        // The same port, as a restarted `navviz watch` would take it (the stopped server's
        // socket may take a moment to be let go inside this one process: a few tries).
        let port = UInt16(try #require(url.port))
        var restarted: (WatchServer, LiveSession, URL)?
        for _ in 0..<20 where restarted == nil {
            restarted = try? await Self.serve(port: port)
            if restarted == nil { try await Task.sleep(for: .milliseconds(250)) }
        }
        let (again, fresh, _) = try #require(restarted)
        defer { fresh.close() }
        try await Self.eventually { stream.status.acknowledged == 40 }
        fresh.drain()
        // Every record the buffer held, once each.
        #expect(fresh.counts.states == 40)
        #expect(stream.status.failures >= 1)
        let log = try String(contentsOfFile: fresh.logPath, encoding: .utf8).split(separator: "\n")
        #expect(log.count == 40 && Set(log).count == 40)
        await again.stop()
    }

    @Test func badRequestsAreRefusedAndTheServerGoesOn() async throws {
        let (server, session, url) = try await Self.serve()
        defer { session.close() }
        var post = URLRequest(url: url.appendingPathComponent("record"))
        post.httpMethod = "POST"
        post.setValue("probe-1", forHTTPHeaderField: "X-NavViz-Session")
        post.setValue("1", forHTTPHeaderField: "X-NavViz-First-Line")
        post.httpBody = Data([0xFF, 0xFE, 0x0A])
        #expect(try await Self.send(post).0 == 400)
        var missing = URLRequest(url: url.appendingPathComponent("record"))
        missing.httpMethod = "POST"
        #expect(try await Self.send(missing).0 == 400)
        var foreign = URLRequest(url: url.appendingPathComponent("health"))
        foreign.setValue("https://example.com", forHTTPHeaderField: "Origin")
        let (status, body) = try await Self.send(foreign)
        #expect(status == 403 && body.contains("another site"))
        // A line that is not a snapshot: a problem for the page, and the next line is read.
        post.httpBody = Data((#"{"navviz": 1, "tree": {"id": 1}}"# + "\n" + #"{"navviz": 1, "tree": {"id": "home"}}"# + "\n").utf8)
        let (ok, answer) = try await Self.send(post)
        #expect(ok == 200 && answer.contains(#""last":2"#))
        session.drain()
        #expect(session.counts.states == 1)
        let (health, counts) = try await Self.send(URLRequest(url: url.appendingPathComponent("health")))
        #expect(health == 200 && counts.contains(#""states":1"#))
        // Frames by number: at most 4,096 at once, never a negative or reversed range.
        for query in ["from=-1&to=2", "from=5&to=2", "from=0&to=5000"] {
            #expect(try await Self.send(URLRequest(url: URL(string: url.absoluteString + "frames?" + query)!)).0 == 400, "\(query)")
        }
        let (frames, rows) = try await Self.send(URLRequest(url: URL(string: url.absoluteString + "frames?from=0&to=10")!))
        #expect(frames == 200 && rows.split(separator: "\n").count == session.counts.frames && rows.hasPrefix(#"{"k":"frame""#))
        await server.stop()
    }

    /// A port already taken is named, with what to do, and nothing is left listening.
    @Test func aPortInUseIsNamed() async throws {
        let (server, session, url) = try await Self.serve()
        defer { session.close() }
        do {
            _ = try await Self.serve(port: UInt16(try #require(url.port)))
            Issue.record("a second server listened on the same port")
        } catch let error as NavVizError {
            #expect(error.kind == .cannotWrite)
            #expect("\(error)".contains("127.0.0.1:\(url.port!): the port is in use"), "\(error)")
        }
        await server.stop()
    }

    @Test func theSessionSavesAsABundle() async throws {
        let (server, session, url) = try await Self.serve()
        defer { session.close() }
        var save = URLRequest(url: url.appendingPathComponent("save"))
        save.httpMethod = "POST"
        let (empty, refusal) = try await Self.send(save)
        #expect(empty == 409 && refusal.contains("nothing to save yet"))
        await session.ingest(SessionLog.ndjson(transitions: 5).split(separator: "\n").map(String.init), from: .standardInput)
        let (status, body) = try await Self.send(save)
        #expect(status == 200, "\(body)")
        let path = try #require((try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])?["path"])
        #expect(FileManager.default.fileExists(atPath: path))
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
        await server.stop()
    }
}
