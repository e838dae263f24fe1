import FlyingFox
import Foundation
import Testing
@testable import NavVizWatch

/// Who may talk to `navviz watch`: its own page, local processes, and with the token
/// anything when it listens beyond loopback.
@Suite struct AccessTests {
    static func request(_ path: String = "/", headers: [String: String] = [:]) -> HTTPRequest {
        var h: [HTTPHeader: String] = [:]
        for (k, v) in headers { h[HTTPHeader(k)] = v }
        return HTTPRequest(method: .GET, version: .http11, path: path, query: [], headers: h, body: Data())
    }

    @Test func loopbackAnswersItsOwnPageAndLocalProcesses() {
        let access = Access(port: 7300, host: "127.0.0.1", token: nil)
        #expect(access.refusal(Self.request(headers: ["Host": "127.0.0.1:7300"])) == nil)
        #expect(access.refusal(Self.request(headers: ["Host": "localhost:7300", "Origin": "http://localhost:7300"])) == nil)
        #expect(access.refusal(Self.request(headers: ["Host": "127.0.0.1:7300", "Origin": "https://example.com"]))?.0 == .forbidden)
        #expect(access.refusal(Self.request(headers: ["Host": "127.0.0.1:7300", "Origin": "http://127.0.0.1:8000"]))?.0 == .forbidden)
        // A page that renamed itself to 127.0.0.1 (DNS rebinding) still says its own name.
        #expect(access.refusal(Self.request(headers: ["Host": "attacker.example:7300"]))?.0 == .forbidden)
    }

    @Test func beyondLoopbackEveryRequestPresentsTheToken() {
        let access = Access(port: 7300, host: "0.0.0.0", token: "s3cret")
        #expect(access.refusal(Self.request(headers: ["Host": "192.168.1.5:7300"]))?.0 == .unauthorized)
        #expect(access.refusal(Self.request(headers: ["Host": "192.168.1.5:7300", "Authorization": "Bearer nope"]))?.0 == .unauthorized)
        #expect(access.refusal(Self.request(headers: ["Host": "192.168.1.5:7300", "Authorization": "Bearer s3cret"])) == nil)
        var withQuery = Self.request(headers: ["Host": "192.168.1.5:7300", "Origin": "http://192.168.1.5:7300"])
        withQuery.query = [.init(name: "token", value: "s3cret")]
        #expect(access.refusal(withQuery) == nil)
        #expect(access.refusal(Self.request(headers: ["Origin": "https://evil.example", "Authorization": "Bearer s3cret"]))?.0 == .forbidden)
        #expect(Access.newToken().count == 32)
    }
}
