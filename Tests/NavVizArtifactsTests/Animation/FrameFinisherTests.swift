import Foundation
import Testing
@testable import NavVizArtifacts

/// The second stage of drawing an animation (``FrameDrawing/Finisher``): what it is given
/// runs in order, beside the caller, and a failure stops it and reaches the caller.
struct FrameFinisherTests {
    struct Stop: Error, Equatable { let piece: Int }

    /// What the stage's work records, read after ``FrameDrawing/Finisher/finish()``.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [Int] = []
        func add(_ n: Int) { lock.withLock { entries.append(n) } }
        var all: [Int] { lock.withLock { entries } }
    }

    @Test func piecesRunInOrder() throws {
        let finisher = FrameDrawing.Finisher(), log = Log()
        for n in 0..<50 { try finisher.then { log.add(n) } }
        try finisher.finish()
        #expect(log.all == Array(0..<50))
    }

    /// `then` returns while its piece runs: the piece waits for a signal the caller gives
    /// only after `then` has returned (a `then` that ran it first would time out, not hang).
    @Test func aPieceRunsBesideTheCaller() throws {
        let finisher = FrameDrawing.Finisher(), log = Log()
        let go = DispatchSemaphore(value: 0)
        try finisher.then { log.add(go.wait(timeout: .now() + 20) == .success ? 1 : 0) }
        go.signal()
        try finisher.finish()
        #expect(log.all == [1])
    }

    /// A failing piece's error comes out of the next `then` (which runs nothing) or of
    /// `finish`; nothing given after it runs.
    @Test func aFailureStopsTheStage() throws {
        let finisher = FrameDrawing.Finisher(), log = Log()
        try finisher.then { log.add(0) }
        try finisher.then { throw Stop(piece: 1) }
        #expect(throws: Stop(piece: 1)) { try finisher.then { log.add(2) } }
        #expect(throws: Stop(piece: 1)) { try finisher.finish() }
        #expect(log.all == [0])

        let last = FrameDrawing.Finisher()
        try last.then { throw Stop(piece: 7) }
        #expect(throws: Stop(piece: 7)) { try last.finish() }
    }

    /// What a piece holds is let go by the time the caller hears it ended: an animation's
    /// staged output is removed when its last holder lets go, and one that fails must not
    /// be kept by the stage past the caller's exit (it was, left behind on a full disk).
    @Test func aPieceLetsGoOfWhatItHoldsBeforeItEnds() throws {
        final class Held {}
        weak var kept: Held?
        // The stage's thread lets go of the piece a moment after it ends, if it is left to:
        // many pieces give that moment many chances to show.
        for fails in (0..<200).map({ $0 % 2 == 1 }) {
            let finisher = FrameDrawing.Finisher()
            do {
                let held = Held()
                kept = held
                try finisher.then {
                    withExtendedLifetime(held) {}
                    if fails { throw Stop(piece: 1) }
                }
            }
            if fails {
                #expect(throws: Stop(piece: 1)) { try finisher.finish() }
            } else {
                try finisher.finish()
            }
            guard kept == nil else {
                Issue.record("a piece that \(fails ? "failed" : "ended") still holds what it was given")
                return
            }
        }
    }
}
