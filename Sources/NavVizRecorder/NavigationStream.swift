import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a recorder's states to a running `navviz watch` as they are recorded, so its page
/// shows the app's navigation live (docs/watch.md).
///
/// ```swift
/// #if DEBUG
/// let stream = recorder.stream(to: URL(string: "http://127.0.0.1:7300")!)   // a simulator
/// #endif
/// ```
///
/// - Each record is posted (`POST /record`) within milliseconds of being made, in batches
///   of what is waiting, by a queue of its own: ``NavigationRecorder/record(_:label:)`` never
///   waits for the network.
/// - Lines carry their record's number, and `navviz watch` answers with the last it has: a
///   line is never read twice, however often it is sent.
/// - When `navviz watch` cannot be reached, the recorder's ring buffer keeps the records (the
///   last ``NavigationRecorder/capacity``); the stream tries again after 0.5 s, then up to
///   every 5 s, asks the server for the last line it has (a restarted `navviz watch` has none)
///   and sends every kept record after it. Nothing is lost that the buffer still holds.
/// - Redaction happened when the state was recorded: nothing secret leaves the app.
/// - It never crashes or blocks the app: a failure is counted (``failures``) and retried.
///
/// A device reaches a Mac by its address: run `navviz watch --host 0.0.0.0` there and give
/// the stream its URL and the token it prints.
public final class NavigationStream: @unchecked Sendable {
    /// The `navviz watch` being sent to.
    public let url: URL
    /// This recorder's session: lines are numbered within it.
    public let session: String
    private let token: String?
    private let recorder: NavigationRecorder
    private let urlSession: URLSession
    private let queue = DispatchQueue(label: "navviz.recorder.stream")

    // Touched only on `queue`.
    private var acknowledged = 0
    private var connected = false
    private var sending = false
    private var pendingWake = false
    private var retryDelay = 0.5
    private var stopped = false
    private var failureCount = 0

    /// The most records posted at once.
    static let batch = 256

    init(recorder: NavigationRecorder, url: URL, token: String?, session: String) {
        self.recorder = recorder
        self.url = url
        self.token = token
        self.session = session
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        configuration.httpMaximumConnectionsPerHost = 1
        urlSession = URLSession(configuration: configuration)
    }

    /// Starts sending: what the recorder keeps now, then each new record.
    func start() {
        recorder.setListener { [weak self] in self?.wake() }
        wake()
    }

    /// Stops sending (records keep being kept by the recorder).
    public func stop() {
        recorder.setListener(nil)
        queue.sync { stopped = true }
        urlSession.invalidateAndCancel()
    }

    /// Records `navviz watch` has confirmed it has, and sends that failed (and were tried
    /// again).
    public var status: (acknowledged: Int, failures: Int, connected: Bool) {
        queue.sync { (acknowledged, failureCount, connected) }
    }

    /// How many sends failed so far.
    public var failures: Int { queue.sync { failureCount } }

    /// Asks the stream to send what is waiting (coalesced: one send at a time).
    private func wake() {
        queue.async { [self] in
            guard !stopped else { return }
            if sending { pendingWake = true } else { send() }
        }
    }

    /// On `queue`: connects if needed, then posts the next batch.
    private func send() {
        sending = true
        pendingWake = false
        guard connected else {
            request("GET", body: nil, first: nil) { [self] last in
                if let last {
                    connected = true
                    acknowledged = last
                    send()
                } else {
                    retry()
                }
            }
            return
        }
        let records = recorder.records(after: acknowledged, limit: Self.batch)
        guard let first = records.first else {
            sending = false
            return
        }
        var body = Data()
        for r in records { body.append(contentsOf: r.line) }
        request("POST", body: body, first: first.number) { [self] last in
            guard let last else { return retry() }
            retryDelay = 0.5
            acknowledged = max(acknowledged, last)
            if pendingWake || records.count == Self.batch {
                send()
            } else {
                sending = false
            }
        }
    }

    /// On `queue`: after a failure, waits and tries again from the connection.
    private func retry() {
        failureCount += 1
        connected = false
        let delay = retryDelay
        retryDelay = min(5, retryDelay * 2)
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard !stopped else { return }
            send()
        }
    }

    /// One request to `/record`; `done` gets the server's last line (nil: it failed), on
    /// `queue`.
    private func request(_ method: String, body: Data?, first: Int?, done: @escaping @Sendable (Int?) -> Void) {
        var request = URLRequest(url: url.appendingPathComponent("record"))
        request.httpMethod = method
        request.setValue(session, forHTTPHeaderField: "X-NavViz-Session")
        if let first { request.setValue(String(first), forHTTPHeaderField: "X-NavViz-First-Line") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        let queue = self.queue
        urlSession.dataTask(with: request) { data, response, _ in
            let ok = (response as? HTTPURLResponse)?.statusCode == 200
            let last = ok ? data.flatMap(Self.last) : nil
            queue.async { done(last) }
        }.resume()
    }

    /// `{"last": N, …}`'s N.
    static func last(_ data: Data) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return (object["last"] as? NSNumber)?.intValue
    }
}

extension NavigationRecorder {
    /// Sends every record, as it is made, to the `navviz watch` at `url` (its page's address,
    /// `http://127.0.0.1:7300` from a simulator), with `token` when it is not on loopback. One
    /// stream a recorder: a new one replaces the last. Keep the stream to stop it.
    @discardableResult
    public func stream(to url: URL, token: String? = nil) -> NavigationStream {
        let stream = NavigationStream(recorder: self, url: url, token: token, session: UUID().uuidString)
        stream.start()
        return stream
    }

    /// ``stream(to:token:)`` to the URL in the environment variable `NAVVIZ_WATCH`
    /// (`http://HOST:PORT`, with `?token=…` when one is needed), set in the app's scheme; nil
    /// when it is not set.
    @discardableResult
    public func streamFromEnvironment() -> NavigationStream? {
        guard let text = ProcessInfo.processInfo.environment["NAVVIZ_WATCH"], var parts = URLComponents(string: text) else { return nil }
        let token = parts.queryItems?.first { $0.name == "token" }?.value
        parts.queryItems = nil
        guard let url = parts.url else { return nil }
        return stream(to: url, token: token)
    }
}
