import FlyingFox
import Foundation

/// The pages connected to `navviz watch`, each with its queue of messages to send: a page
/// gets the session's history when it connects, then every new batch. At most
/// ``maxClients`` at once (the next is refused with a clear message, 503); a page that falls
/// ``queueDepth`` batches behind is disconnected (it reconnects and starts from the history).
actor BrowserHub {
    static let maxClients = 64
    static let queueDepth = 4_096

    private var reserved = 0
    private var clients: [UUID: AsyncStream<String>.Continuation] = [:]

    /// Reserves a place for a page about to connect; false when full.
    func reserve() -> Bool {
        guard reserved < Self.maxClients else { return false }
        reserved += 1
        return true
    }

    /// Gives back a place that was not used (the upgrade failed).
    func release() { reserved = max(0, reserved - 1) }

    /// A connected page's queue: batches yielded into the continuation (from any thread, in
    /// order) are sent in order; a yield the queue drops ends it.
    func attach() -> (UUID, AsyncStream<String>, AsyncStream<String>.Continuation) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(Self.queueDepth))
        clients[id] = continuation
        return (id, stream, continuation)
    }

    func detach(_ id: UUID) {
        clients.removeValue(forKey: id)?.finish()
        reserved = max(0, reserved - 1)
    }

    /// Ends every page's queue (the server is stopping: each gets a close frame).
    func closeAll() {
        for c in clients.values { c.finish() }
        clients = [:]
    }

    var count: Int { clients.count }
}
