import Foundation

/// Writes frame files on a thread of their own while the next frames are drawn: writing
/// 200 frames is tens of megabytes, and drawing needs only one core.
///
/// At most ``maxPending`` bytes wait to be written (drawing pauses beyond that). The first
/// write that fails is reported by ``write(_:_:)`` or ``finish()``, whichever comes next;
/// the files after it are not written.
///
/// `@unchecked Sendable`: `pending` and `failure` are read and written only with `lock`
/// held; the rest are `let`s (a serial queue, a semaphore, the write function, called only on
/// the queue).
final class FrameWriter: @unchecked Sendable {
    static let maxPending = 4 << 20

    private let queue = DispatchQueue(label: "navviz.frames")
    private let lock = NSLock()
    private let room = DispatchSemaphore(value: 0)
    private var pending = 0
    private var failure: Error?
    private let write: (_ bytes: [UInt8], _ name: String) throws -> Void

    /// A writer that writes each file with `write` (called on the writer's thread).
    init(_ write: @escaping (_ bytes: [UInt8], _ name: String) throws -> Void) {
        self.write = write
    }

    /// Queues `bytes` for the file `name`; throws the failure of an earlier write.
    func write(_ bytes: [UInt8], _ name: String) throws {
        lock.lock()
        if let failure {
            lock.unlock()
            throw failure
        }
        while pending > Self.maxPending {
            lock.unlock()
            room.wait()
            lock.lock()
        }
        pending += bytes.count
        lock.unlock()
        queue.async { [self] in
            lock.lock()
            let failed = failure != nil
            lock.unlock()
            var error: Error?
            if !failed {
                do { try write(bytes, name) } catch let e { error = e }
            }
            lock.lock()
            pending -= bytes.count
            if failure == nil, let error { failure = error }
            lock.unlock()
            room.signal()
        }
    }

    /// Waits until every queued file is written; throws the first failure.
    func finish() throws {
        queue.sync {}
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
    }
}
