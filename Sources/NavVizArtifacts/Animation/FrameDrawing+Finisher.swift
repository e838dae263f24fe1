import Foundation

extension FrameDrawing {
    /// The second stage of ``FrameDrawing``: runs the work it is given in order, on a thread
    /// of its own. ``then(_:)`` first waits for the piece given before it to end, so one
    /// piece runs while the caller prepares the next, and no more wait. `@unchecked
    /// Sendable`: `failure` is written on the stage's thread before `running` is left, and
    /// read after waiting for it.
    final class Finisher: @unchecked Sendable {
        private let queue = DispatchQueue(label: "navviz.frames.finish")
        private let running = DispatchGroup()
        private var failure: Error?

        /// Runs `work` after everything given before; throws the failure of earlier work (and
        /// runs nothing after a failure).
        func then(_ work: @escaping () throws -> Void) throws {
            running.wait()
            if let failure { throw failure }
            running.enter()
            // The caller hands over what `work` touches (the bundle, the chunk's frames)
            // until the next call, which waits for it.
            let handed = Handed(work)
            queue.async { [self] in
                do { try handed.work?() } catch { failure = error }
                // What the work holds is let go before the caller hears it ended: the
                // staged output it reaches is removed when its last holder lets go, and a
                // caller that fails and exits must find nothing still held here.
                handed.work = nil
                running.leave()
            }
        }

        private final class Handed: @unchecked Sendable {
            var work: (() throws -> Void)?
            init(_ work: @escaping () throws -> Void) { self.work = work }
        }

        /// Waits for everything given; throws the first failure.
        func finish() throws {
            running.wait()
            if let failure { throw failure }
        }
    }
}
