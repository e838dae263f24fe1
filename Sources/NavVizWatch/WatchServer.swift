import FlyingFox
import FlyingSocks
import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizShutdown

/// `navviz watch`'s server (FlyingFox): the live player and what feeds it.
///
/// | route | what |
/// |---|---|
/// | `GET /` | the live player (``LivePage``) |
/// | `GET /ws` | the page's WebSocket: the session's history, then each new batch of messages (``LiveMessage``) |
/// | `GET /record` | a recorder's last delivered line (`{"last": N}`), asked when it connects |
/// | `POST /record` | a recorder's lines (NDJSON, one snapshot a line), numbered from `X-NavViz-First-Line` in the session `X-NavViz-Session`; answers `{"last": N}` |
/// | `POST /save` | saves the session as an animation bundle; answers `{"path": …}` |
/// | `GET /session.ndjson` | the session's log |
/// | `GET /frames?from=A&to=B` | frames A to B−1's messages (at most 4,096), for a page that let their rows go |
/// | `GET /window?w=N` | window N's messages (`window`, `grow`, `tables`), for a page that let it go |
/// | `GET /health` | `ok` and the counts |
///
/// Every request passes ``Access`` first. Bodies are capped (``maxBody``); a batch that is not
/// UTF-8 text is refused (400) and the connection closed.
package final class WatchServer: Sendable {
    /// Where and how the server listens.
    package struct Options: Sendable {
        /// The address to bind: 127.0.0.1 (the default) or another interface's.
        package var host = "127.0.0.1"
        /// The port (0: any free one).
        package var port: UInt16 = 0
        /// The token requests must present when `host` is not loopback (nil: a new one).
        package var token: String?
        /// Where saved bundles go.
        package var saveDirectory = FileManager.default.currentDirectoryPath
        /// How long ``WatchServer/start()`` waits for the server to listen. The server runs
        /// on Swift's shared executor, which tests under a sanitizer can keep busy for
        /// minutes (`Sanitizer.seconds`); `navviz watch` waits 30 s.
        package var listenTimeout: Duration = .seconds(30)
        package init() {}
    }

    /// The most bytes a recorder's batch or a page's message may have.
    static let maxBody = 8 << 20

    let session: LiveSession
    let server: HTTPServer
    let hub = BrowserHub()
    let ledger = RecorderLedger()
    let access: LockedAccess
    let saveDirectory: String
    let listenTimeout: Duration

    /// A server for `session`, not yet listening; throws when `options` cannot be bound.
    package init(session: LiveSession, options: Options) throws(NavVizError) {
        self.session = session
        saveDirectory = options.saveDirectory
        listenTimeout = options.listenTimeout
        let loopback = Access.isLoopback(options.host)
        access = LockedAccess(Access(port: Int(options.port), host: options.host,
                                     token: loopback ? nil : (options.token ?? Access.newToken())))
        let address: sockaddr_in
        do {
            address = try sockaddr_in.inet(ip4: options.host == "localhost" ? "127.0.0.1" : options.host, port: options.port)
        } catch {
            throw NavVizError(.usage, file: nil, "--host \(options.host): not an IPv4 address of this machine (\(error))")
        }
        // Requests are short (a recorder posts a batch at a time), so FlyingFox's per-request
        // timeout stays; a page's WebSocket is not subject to it once upgraded.
        server = HTTPServer(address: address, timeout: 30, logger: .disabled)
    }

    /// The token requests must present (nil on loopback).
    package var token: String? { access.value.token }

    /// Starts serving; returns the page's URL once listening.
    package func start() async throws(NavVizError) -> String {
        await routes()
        let server = self.server
        // The server's own error (a port in use, an address not this machine's) is the reason
        // to give; it ends run() at once, so it is watched for while waiting to listen.
        let failure = Locked<(any Error)?>(nil)
        Task {
            do { try await server.run() } catch { failure.withLock { $0 = error } }
        }
        let timeout = listenTimeout
        let deadline = ContinuousClock.now + timeout
        var address = await server.listeningAddress
        while address == nil, failure.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
            address = await server.listeningAddress
        }
        guard case .ip4(_, let port)? = address else {
            let where_ = "\(access.value.host):\(access.value.port)"
            let reason = failure.withLock { $0 }.map(Self.reason) ?? "it did not start listening within \(timeout.components.seconds) s"
            throw NavVizError(.cannotWrite, file: nil, "cannot listen on \(where_): \(reason)")
        }
        access.update { $0.port = Int(port) }
        Self.sendAtOnce(port: port)
        let a = access.value
        let shown = a.host == "0.0.0.0" ? (Self.lanAddress() ?? "127.0.0.1") : (Access.isLoopback(a.host) ? "127.0.0.1" : a.host)
        return "http://\(shown):\(port)/" + (a.token.map { "?token=\($0)" } ?? "")
    }

    /// Turns Nagle's algorithm off on the listening socket of `port` (TCP_NODELAY; on Linux
    /// the connections it accepts inherit it, measured; on Darwin a Mac has yet to confirm it,
    /// and without it a fetch is only slower). Only an IPv4 listener is found (`--host` with an
    /// IPv6 address keeps Nagle's algorithm). FlyingFox writes a
    /// response's header and its body separately and gives no hook to set socket options, so
    /// a small body waited for the header's acknowledgement, which a browser delays by up to
    /// 40 ms: a page bringing back a block of frames (`GET /frames`) waited 40-50 ms for 15 KB.
    static func sendAtOnce(port: UInt16) {
        for fd in Int32(0)..<Int32(1_024) {
            var listening: Int32 = 0, length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening == 1 else { continue }
            var address = sockaddr_in(), size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
            }
            guard named == 0, address.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: address.sin_port) == port else { continue }
            var on: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// Why the server could not listen, in words: a port in use says what to do.
    static func reason(_ error: any Error) -> String {
        if case SocketError.failed(_, let code, let message) = error {
            return code == EADDRINUSE ? "the port is in use (another navviz watch? --port picks another, 0 any free one)" : message.lowercased()
        }
        return "\(error)"
    }

    /// Closes every page's connection (close 1001) and stops listening.
    package func stop() async {
        await hub.closeAll()
        try? await Task.sleep(for: .milliseconds(100))
        await server.stop(timeout: 0)
    }

    /// The routes. Each handler is given the server by its ``Guarded`` (which holds it weakly),
    /// so the routes the HTTP server keeps do not keep this server alive: a stopped server and
    /// its session are freed (LeakSanitizer found the cycle).
    private func routes() async {
        await server.appendRoute("GET /", to: Guarded(self) { server, _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", HTTPHeader("Cache-Control"): "no-store"],
                         body: Data(LivePage.html(title: server.session.options.title, theme: server.session.options.theme).utf8))
        })
        await server.appendRoute("GET /health", to: Guarded(self) { server, _ in
            let c = server.session.counts
            return Self.json(.ok, #"{"ok":true,"states":\#(c.states),"frames":\#(c.frames),"pages":\#(await server.hub.count)}"#)
        })
        await server.appendRoute("GET /session.ndjson", to: Guarded(self) { server, _ in
            server.session.drain()
            let data = FileManager.default.contents(atPath: server.session.logPath) ?? Data()
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/x-ndjson"], body: data)
        })
        await server.appendRoute("GET /frames", to: Guarded(self) { server, request in
            let from = request.query.first { $0.name == "from" }.flatMap { Int($0.value) } ?? 0
            let to = request.query.first { $0.name == "to" }.flatMap { Int($0.value) } ?? from
            guard from >= 0, to >= from, to - from <= 4_096 else {
                return Self.json(.badRequest, #"{"error":"from and to name at most 4,096 frames"}"#)
            }
            let lines = server.session.frames(from..<to)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/x-ndjson"], body: Data(lines.joined(separator: "\n").utf8))
        })
        await server.appendRoute("GET /window", to: Guarded(self) { server, request in
            guard let w = request.query.first(where: { $0.name == "w" }).flatMap({ Int($0.value) }), w >= 0 else {
                return Self.json(.badRequest, #"{"error":"w must name a window (0 or more)"}"#)
            }
            let lines = server.session.window(w)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/x-ndjson"], body: Data(lines.joined(separator: "\n").utf8))
        })
        await server.appendRoute("GET /record", to: Guarded(self) { server, request in
            guard let id = Self.recorderSession(request) else { return Self.json(.badRequest, #"{"error":"X-NavViz-Session is missing"}"#) }
            return Self.json(.ok, #"{"last":\#(await server.ledger.lastLine(of: id))}"#)
        })
        await server.appendRoute("POST /record", to: Guarded(self) { server, request in try await server.record(request) })
        await server.appendRoute("POST /save", to: Guarded(self) { server, _ in
            do throws(NavVizError) {
                let path = try server.session.save(into: server.saveDirectory)
                return Self.json(.ok, JSONOutput.object([("path", .string(path))], .compact).text)
            } catch {
                return Self.json(.conflict, JSONOutput.object([("error", .string(error.diagnostics.first?.message ?? "\(error)"))], .compact).text)
            }
        })
        await server.appendRoute("GET /ws", to: Guarded(self) { server, request in try await server.connectPage(request) })
    }

    /// A recorder's batch of lines.
    private func record(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let id = Self.recorderSession(request) else { return Self.json(.badRequest, #"{"error":"X-NavViz-Session is missing"}"#) }
        guard let first = request.headers[HTTPHeader("X-NavViz-First-Line")].flatMap(Int.init), first >= 1 else {
            return Self.json(.badRequest, #"{"error":"X-NavViz-First-Line must be a line number (1 or more)"}"#)
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > Self.maxBody {
            return Self.closing(.payloadTooLarge, "a batch may have at most \(Self.maxBody) bytes")
        }
        var body = Data()
        for try await chunk in request.bodySequence {
            body.append(chunk)
            if body.count > Self.maxBody { return Self.closing(.payloadTooLarge, "a batch may have at most \(Self.maxBody) bytes") }
        }
        guard let text = String(data: body, encoding: .utf8) else { return Self.closing(.badRequest, "a batch must be UTF-8 text") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let accepted = await ledger.accept(count: lines.count, first: first, session: id)
        if !accepted.new.isEmpty {
            await session.ingest(Array(lines[accepted.new]), from: .recorder(String(id.prefix(8))))
        }
        return Self.json(.ok, #"{"last":\#(accepted.last),"gap":\#(accepted.gap)}"#)
    }

    /// A page's WebSocket: its history, then each new batch; what the page sends is read only
    /// for its commands (`save`).
    private func connectPage(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.headers[.upgrade]?.lowercased() == "websocket" else {
            return HTTPResponse(statusCode: .badRequest, body: Data("a WebSocket upgrade is expected here\n".utf8))
        }
        guard await hub.reserve() else {
            return HTTPResponse(statusCode: .serviceUnavailable,
                                body: Data("navviz watch serves at most \(BrowserHub.maxClients) pages at once; close one and reload\n".utf8))
        }
        let handler = WebSocketHTTPHandler(handler: MessageSizeLimit(PageConnection(server: self), maxBytes: 64 << 10))
        let response = try await handler.handleRequest(request)
        if response.statusCode != .switchingProtocols { await hub.release() }
        return response
    }

    /// The recorder session a request names.
    private static func recorderSession(_ request: HTTPRequest) -> String? {
        guard let id = request.headers[HTTPHeader("X-NavViz-Session")], !id.isEmpty, id.count <= 64,
              id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
        return id
    }

    static func json(_ status: HTTPStatusCode, _ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: Data((body + "\n").utf8))
    }

    /// A refusal after which the connection closes (a client that sent garbage or too much).
    static func closing(_ status: HTTPStatusCode, _ reason: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json", .connection: "close"],
                     body: Data((JSONOutput.object([("error", .string(reason))], .compact).text + "\n").utf8))
    }

    /// The first IPv4 address of an interface other than loopback, for the URL printed when
    /// listening on every interface.
    static func lanAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let name = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !Access.isLoopback(name) { return name }
        }
        return nil
    }
}

/// ``Access`` behind a lock: the port is known only once listening.
final class LockedAccess: @unchecked Sendable {
    private let lock = NSLock()
    private var access: Access
    init(_ access: Access) { self.access = access }
    var value: Access { lock.withLock { access } }
    func update(_ change: (inout Access) -> Void) { lock.withLock { change(&access) } }
}

/// A route's handler behind ``Access``. It holds the server weakly (the server holds its
/// routes): a request that arrives while the server is going away is answered 503.
struct Guarded: HTTPHandler {
    weak var server: WatchServer?
    let body: @Sendable (WatchServer, HTTPRequest) async throws -> HTTPResponse

    init(_ server: WatchServer, _ body: @escaping @Sendable (WatchServer, HTTPRequest) async throws -> HTTPResponse) {
        self.server = server
        self.body = body
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let server else { return WatchServer.closing(.serviceUnavailable, "navviz watch is stopping") }
        if let (status, reason) = server.access.value.refusal(request) {
            return WatchServer.closing(status, reason)
        }
        return try await body(server, request)
    }
}

/// One page's WebSocket: the session's messages out (history first), its commands in.
struct PageConnection: WSMessageHandler {
    let server: WatchServer

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (id, queue, continuation) = await server.hub.attach()
        // History and batches are delivered in order on the session's queue, straight into
        // this page's queue; a page that falls too far behind is ended (its queue drops).
        let subscription = server.session.subscribe { messages in
            for chunk in PageConnection.chunks(messages) {
                if case .dropped = continuation.yield(chunk) { continuation.finish() }
            }
        }
        let (out, send) = AsyncStream<WSMessage>.makeStream()
        let server = self.server
        let reader = Task {
            for await message in client {
                if case .text(let text) = message, text.contains(#""k":"save""#) {
                    let reply: String
                    do throws(NavVizError) {
                        reply = LiveMessage.saved(try server.session.save(into: server.saveDirectory))
                    } catch {
                        reply = LiveMessage.problem(error.diagnostics.first ?? .error("\(error)"))
                    }
                    continuation.yield(reply)
                }
            }
            server.session.unsubscribe(subscription)
            await server.hub.detach(id)
        }
        let writer = Task {
            for await text in queue { send.yield(.text(text)) }
            send.yield(.close(.goingAway))
            send.finish()
        }
        send.onTermination = { _ in
            reader.cancel()
            writer.cancel()
            server.session.unsubscribe(subscription)
        }
        return out
    }

    /// Messages joined into WebSocket messages of at most about 1 MB each.
    static func chunks(_ messages: [String]) -> [String] {
        var out: [String] = []
        var current = ""
        for m in messages {
            if !current.isEmpty, current.utf8.count + m.utf8.count > 1 << 20 {
                out.append(current)
                current = ""
            }
            current += current.isEmpty ? m : "\n" + m
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}
