import FlyingFox
import Foundation

/// Who may talk to `navviz watch`: the page, its WebSocket, recorders and saves.
///
/// - Bound to loopback (the default), only processes of this machine reach it; a request's
///   `Host` must name the server (`127.0.0.1:PORT`, `localhost:PORT`), which stops a web page
///   that renames itself to 127.0.0.1 (DNS rebinding) from reading the app's navigation.
/// - Bound to another interface, every request also presents the session's token: in the
///   URL's `token` query item (the page and its WebSocket) or as `Authorization: Bearer
///   TOKEN` (recorders). The token is printed at start.
/// - A request that carries an `Origin` (a browser's) must come from the server's own page:
///   a page the developer happens to visit elsewhere can neither open the WebSocket nor post
///   lines or saves (a cross-site POST carries its Origin).
struct Access: Sendable {
    /// The port the server listens on (set once listening).
    var port: Int
    /// The host the server was bound to.
    var host: String
    /// The token every request must present; nil on loopback.
    var token: String?

    /// Whether `host` is a loopback address (`127.0.0.1`, `::1`, `localhost`).
    static func isLoopback(_ host: String) -> Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }

    /// The origins the server's own page has.
    var origins: Set<String> {
        var out: Set<String> = ["http://127.0.0.1:\(port)", "http://localhost:\(port)"]
        if !Self.isLoopback(host), host != "0.0.0.0" { out.insert("http://\(host):\(port)") }
        return out
    }

    /// Why `request` is refused (its status and reason), or nil.
    func refusal(_ request: HTTPRequest) -> (HTTPStatusCode, String)? {
        if let origin = request.headers[HTTPHeader("Origin")], !origins.contains(origin), !(token != nil && origin.hasSuffix(":\(port)")) {
            return (.forbidden, "navviz watch answers only its own page (Origin \(origin) is another site)")
        }
        if let token {
            let presented = request.query.first { $0.name == "token" }?.value
                ?? request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
            guard presented == token else { return (.unauthorized, "this navviz watch needs its token (printed when it started)") }
        } else if let hostHeader = request.headers[.host] {
            let name = hostHeader.split(separator: ":").first.map(String.init) ?? hostHeader
            guard Self.isLoopback(name) || name.hasPrefix("[::1]") else {
                return (.forbidden, "navviz watch on loopback answers requests for 127.0.0.1 or localhost only (Host \(hostHeader))")
            }
        }
        return nil
    }

    /// A new random token: 128 bits as 32 hexadecimal digits.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
    }
}
