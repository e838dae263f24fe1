import FlyingFox
import Foundation

/// Ends a WebSocket whose peer sends a message larger than `maxBytes` (one frame, or the
/// fragments of one message) with close 1009, before the message reaches the handler. (The
/// frame that passes the limit has been read whole by then: a local process can make the
/// server hold one large frame, never more.)
struct MessageSizeLimit: WSHandler {
    let inner: MessageFrameWSHandler
    let maxBytes: Int

    init(_ handler: some WSMessageHandler, maxBytes: Int) {
        inner = MessageFrameWSHandler(handler: handler)
        self.maxBytes = maxBytes
    }

    private struct TooLarge: Error {}

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let tooLarge = Flag()
        let maxBytes = self.maxBytes
        let limited = AsyncThrowingStream<WSFrame, any Error> { continuation in
            let task = Task {
                var pending = 0
                do {
                    for try await frame in client {
                        switch frame.opcode {
                        case .text, .binary, .continuation:
                            pending = (frame.opcode == .continuation ? pending : 0) + frame.payload.count
                            if pending > maxBytes {
                                tooLarge.set()
                                throw TooLarge()
                            }
                            if frame.fin { pending = 0 }
                        default:
                            break
                        }
                        continuation.yield(frame)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        let frames = try await inner.makeFrames(for: limited)
        return AsyncStream<WSFrame> { continuation in
            let task = Task {
                for await frame in frames {
                    if frame.opcode == .close, tooLarge.isSet {
                        continuation.yield(.close(code: .messageTooBig))
                        break
                    }
                    continuation.yield(frame)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
