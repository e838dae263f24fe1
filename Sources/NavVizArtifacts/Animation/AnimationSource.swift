import Foundation
import NavVizCore
import NavVizFiles
import NavVizRender
import NavVizShutdown

/// The frames `animate` draws, read in two passes so
/// that a long recording is never held whole.
///
/// A sequence or log file is streamed (``SnapshotFile``): the first pass reads it state by
/// state to plan the animation (the union layout, the size check, what the player, summary
/// and manifest list), the second reads it again to draw. Memory then holds a batch of
/// states (``FrameBatches``: 8, or about a megabyte), the union and one line of description
/// per frame, however long the recording (a short
/// recording, up to ``heldBytes``, is kept from the first reading). Every other
/// input (a script, a route, YAML, standard input) is read whole, as is a file the stream
/// finds anything wrong with: reading it whole reports the problem exactly as every other
/// command does.
struct AnimationSource {
    /// Where the states come from.
    enum Storage {
        case whole(Timeline)
        case streamed(SnapshotFile)
    }

    let storage: Storage
    /// A short animation's frames, with the scenes the first pass built: what the second
    /// pass draws instead of reading `storage` again.
    var held: [AnimationFrame]?
    let file: String
    let settings: TimelineSettings
    let granularity: FrameGranularity
    let theme: Theme
    /// The states drawn (`--states`); nil: all.
    var range: StateRange? = nil
    /// The words of the nodes the frames draw, made once per distinct node for both passes.
    private(set) var words = SceneWords()

    /// What the first pass learns.
    struct Plan {
        /// The layout windows, in frame order.
        var windows: [AnimationRenderer.Window]
        /// How many frames the animation has.
        var frameCount: Int
        var outline: TimelineOutline
    }

    /// A file of at most this many bytes (about 150 snapshots of an app's tree), or a
    /// timeline read whole of at most ``heldNodes`` nodes in all, keeps its frames' scenes
    /// from the first pass for the second (about 30 MB at most: a 4 MB file would keep
    /// 56 MB); a longer recording is read twice, a snapshot at a time, and its scenes built
    /// twice. (The hidden option `--held-bytes` sets the size, for tests that need the
    /// second reading.)
    static let heldBytes = 2 << 20
    static let heldNodes = 25_000

    /// Reads `file` once and plans its animation of the states `range` (all if nil),
    /// refusing it as soon as it would have more than `maxFrames` frames. Each state and its
    /// frames are recorded in `bundle` as they are planned. `drawsLooks`: the frames will be
    /// drawn (not only their DOT written), so their looks may be drawn ahead.
    static func plan(_ file: String, settings: TimelineSettings, granularity: FrameGranularity, theme: Theme,
                     layout: FrameLayout, range: StateRange?, maxFrames: Int,
                     heldBytes: Int, drawsLooks: Bool = true, bundle: AnimationBundle, diagnostics: Diagnostics) throws -> (AnimationSource, Plan) {
        if let streamed = SnapshotFile(path: file, options: settings.input) {
            let source = AnimationSource(storage: .streamed(streamed), file: file, settings: settings, granularity: granularity, theme: theme, range: range)
            do {
                return try source.plan(layout: layout, hold: streamed.size.map { $0 <= heldBytes } ?? false, drawsLooks: drawsLooks,
                                       maxFrames: maxFrames, bundle: bundle,
                                       diagnostics: diagnostics)
            } catch is SnapshotStream.Irregular {
                // Read whole below: that reports what the stream stopped at.
            }
        }
        let timeline = try settings.build(file, diagnostics: diagnostics)
        let source = AnimationSource(storage: .whole(timeline), file: file, settings: settings, granularity: granularity, theme: theme, range: range)
        return try source.plan(layout: layout, hold: timeline.states.reduce(0) { $0 + $1.tree.count } <= heldNodes, drawsLooks: drawsLooks,
                               maxFrames: maxFrames,
                               bundle: bundle, diagnostics: diagnostics)
    }

    /// The plan, and the source for the second pass: the frames themselves if `hold`.
    private func plan(layout: FrameLayout, hold: Bool, drawsLooks: Bool, maxFrames: Int, bundle: AnimationBundle,
                      diagnostics: Diagnostics) throws -> (AnimationSource, Plan) {
        // A streamed reading that gave up part way is planned again, read whole.
        try bundle.restartPlanning()
        // A short animation's scenes are kept for drawing: each window's first frames then
        // have their looks drawn while the frames after them are planned (unless nothing
        // will be drawn).
        var planner = AnimationRenderer.Planner(layout: layout, prefetch: hold && drawsLooks)
        // A planning that stops (a refusal, a stream read again whole) leaves no layout or
        // look behind it still running.
        var planned = false
        defer { if !planned { planner.abandon() } }
        var count = 0
        var kept: [AnimationFrame] = []
        var outline: TimelineOutline
        switch storage {
        case .whole(let timeline): outline = TimelineOutline(title: timeline.title, source: timeline.source, failure: timeline.failure)
        case .streamed(let f): outline = TimelineOutline(title: nil, source: f.kind == .log ? .log : .sequence)
        }
        var chunk: [AnimationFrame] = []
        func planChunk(_ chunk: [AnimationFrame]) throws {
            let scenes: [Scene]
            do throws(RenderError) {
                scenes = try planner.add(chunk)
            } catch {
                throw NavVizError(.invalidInput, file: displayName(file), "\(error)")
            }
            if hold {
                kept += zip(chunk, scenes).map { frame, scene in frame.holding(scene) }
            }
        }
        // The last state whose frames are within `maxFrames`, for the message past it.
        var lastWithin: Int?
        let (title, warnings, states) = try forEachStep { step in
            outline.add(step)
            let frames = AnimationPlan.frames(for: step, granularity: granularity, dialect: settings.dialect, theme: theme, words: words)
            guard count + frames.count <= maxFrames else { throw tooManyFrames(maxFrames, at: step.index, lastWithin: lastWithin) }
            try bundle.planned(step, frames: frames, first: count)
            chunk += frames
            count += frames.count
            lastWithin = step.index
            if chunk.count >= AnimationRenderer.Drawing.framesPerChunk {
                try planChunk(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        let trailing = trailingFrames()
        try bundle.planned(nil, frames: trailing, first: count)
        chunk += trailing
        count += trailing.count
        try planChunk(chunk)
        diagnostics.warnings(warnings, file: file)
        outline.title = title
        guard count > 0 else {
            if let range {
                throw NavVizError(.usage, file: displayName(file),
                                  "--states \(range) selects no state: the document has \(PlainText.count(states)) state\(states == 1 ? "" : "s")\(states > 0 ? " (0...\(states - 1))" : "")")
            }
            throw NavVizError(.invalidInput, file: displayName(file), "the document has no states to animate")
        }
        // The last window's layout is still being laid out: drawing the frames before it
        // goes on meanwhile (and reports its failure, if it fails).
        let windows: [AnimationRenderer.Window]
        do {
            windows = try planner.windows()
        } catch {
            throw NavVizError(error, file: file)
        }
        planned = true
        var source = self
        if hold { source.held = kept }
        return (source, Plan(windows: windows, frameCount: count, outline: outline))
    }

    /// Lets go of what the frames were drawn with, on another thread, once they are drawn: a
    /// short animation's held frames, the node words and `windows` (their layouts, scenes
    /// and drawn looks). Freeing them (a few milliseconds for 200 frames) runs beside what
    /// the caller does next (the bundle's player, summary and manifest, the output's commit)
    /// instead of after it, when the caller returns.
    mutating func letGo(of windows: inout [AnimationRenderer.Window]) {
        let leftovers = (held, words, windows)
        held = nil
        words = SceneWords()
        windows = []
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(leftovers) {} }
    }

    /// Calls `body` with every frame (of `count`) in order (the second pass). A streamed file
    /// must read as it did in the first pass.
    func forEachFrame(expecting count: Int, _ body: (Int, AnimationFrame) throws -> Void) throws {
        if case .streamed(let f) = storage, !f.isUnchanged { throw changed() }
        if let frames = held {
            guard frames.count == count else { throw changed() }
            for (i, frame) in frames.enumerated() { try body(i, frame) }
            return
        }
        var number = 0
        do {
            try forEachStep { step in
                for frame in AnimationPlan.frames(for: step, granularity: granularity, dialect: settings.dialect, theme: theme, words: words) {
                    guard number < count else { throw changed() }
                    try body(number, frame)
                    number += 1
                }
            }
            for frame in trailingFrames() {
                guard number < count else { throw changed() }
                try body(number, frame)
                number += 1
            }
        } catch is SnapshotStream.Irregular {
            throw changed()
        }
        guard number == count else { throw changed() }
    }

    /// The refusal of an animation past `maxFrames` frames at state `index`, naming the
    /// options that choose less: the states that fit, and the limit.
    private func tooManyFrames(_ maxFrames: Int, at index: Int, lastWithin: Int?) -> NavVizError {
        let first = range?.lower ?? 0
        let fit = lastWithin.map { "--states \(first)..\($0)" } ?? "fewer states with --states A..B"
        return NavVizError(.invalidInput, file: displayName(file), """
            the animation would have more than \(PlainText.count(maxFrames)) frames \
            (the limit, reached at state \(PlainText.count(index))); draw part of it with \(fit) \
            (0-based states, both included), or raise the limit with --max-frames N
            """)
    }

    /// The frames after the timeline's states: where a failing script or route stopped,
    /// with why, when `range` reaches the last state (a streamed recording never fails this
    /// way).
    private func trailingFrames() -> [AnimationFrame] {
        guard case .whole(let timeline) = storage, let failure = timeline.failure, let last = timeline.states.last,
              range.map({ ($0.upper ?? .max) >= timeline.states.count - 1 && $0.lower <= timeline.states.count - 1 }) ?? true else { return [] }
        return [AnimationPlan.failureFrame(stoppedAt: last.tree, failure: failure, theme: theme)]
    }

    private func changed() -> NavVizError {
        NavVizError(.unreadableInput, file: displayName(file), "the file changed while navviz was reading it")
    }

    /// Every state in order (those of `range`, the first of them without the transition
    /// that led to it); returns the timeline's title, what a streamed reading tolerated (a
    /// whole reading has reported its warnings to `diagnostics`:
    /// ``TimelineSettings/build(_:diagnostics:)``) and how many states were read. Reading stops
    /// after the last state of `range` (a streamed file's batch, ``FrameBatches``, may have
    /// read a few frames further). Throws ``SnapshotStream/Irregular`` when a streamed
    /// file has something to report.
    @discardableResult
    private func forEachStep(_ body: (TimelineStep) throws -> Void) throws -> (String?, [DocumentWarning], Int) {
        var states = 0
        /// False once the states of `range` are all read.
        func visit(_ step: TimelineStep) throws -> Bool {
            states += 1
            guard let range else {
                try body(step)
                return true
            }
            if range.contains(step.index) {
                var step = step
                if step.index == range.lower {
                    step.before = nil
                    step.transition = nil
                }
                try body(step)
            }
            return !range.isPast(step.index)
        }
        switch storage {
        case .whole(let timeline):
            for step in timeline.steps where try !visit(step) { break }
            return (timeline.title, [], states)
        case .streamed(let f):
            guard var stream = f.open() else { throw SnapshotStream.Irregular(reason: "cannot open") }
            var stepper = SequenceStepper(dialect: settings.dialect)
            var frames = FrameBatches()
            while let read = try frames.next(from: &stream) {
                let step = stepper.step(read)
                if try !visit(settings.redact ? Redaction.redact(step) : step) { break }
            }
            return (frames.title(of: stream), stream.warnings, states)
        }
    }
}

/// A stream's frames read a batch at a time, the frames of a batch on all cores at once
/// (``SnapshotStream/decode(_:)``: parsing the JSON and decoding the tree, nine tenths of
/// reading a frame), and handed out in order as ``SnapshotStream/next()`` would: the same
/// snapshots, the same ``SnapshotStream/Irregular`` at the same frame (a problem met while
/// cutting the frames after it waits until they are reached), the same title
/// (``title(of:)``). A batch holds at most ``batchFrames`` frames, and stops taking more
/// once it holds ``batchBytes`` bytes.
struct FrameBatches {
    /// Frames read at once: enough to share out between two cores, few enough that a
    /// `--states` range ending early reads little past its end.
    static let batchFrames = 8
    /// About a megabyte of frames at most, so that a recording of large trees holds no more
    /// than that beyond the frame in use.
    static let batchBytes = 1 << 20

    private var pieces: [SnapshotStream.Piece] = []
    private var decoded: [SnapshotStream.Decoded] = []
    private var next = 0
    /// What cutting the frame after the batch threw, thrown when the batch is used up.
    private var failure: SnapshotStream.Irregular?
    private var ended = false

    /// The next snapshot of `stream`, or nil after the last.
    mutating func next(from stream: inout SnapshotStream) throws(SnapshotStream.Irregular) -> Snapshot? {
        if next == pieces.count {
            if let failure { throw failure }
            guard !ended else { return nil }
            try fill(from: &stream)
            guard !pieces.isEmpty else {
                if let failure { throw failure }
                return nil
            }
        }
        let i = next
        next += 1
        // A piece after this one, or a failure to cut one: a log line that fails is not the
        // last line then.
        guard let snapshot = try stream.accept(pieces[i], decoded[i], more: i + 1 < pieces.count || failure != nil) else {
            // A log's cut last line: the stream has ended.
            ended = true
            next = pieces.count
            return nil
        }
        return snapshot
    }

    private mutating func fill(from stream: inout SnapshotStream) throws(SnapshotStream.Irregular) {
        pieces.removeAll(keepingCapacity: true)
        next = 0
        var bytes = 0
        while pieces.count < Self.batchFrames, bytes < Self.batchBytes {
            do throws(SnapshotStream.Irregular) {
                guard let piece = try stream.nextPiece() else {
                    ended = true
                    break
                }
                bytes += piece.count
                pieces.append(piece)
            } catch {
                failure = error
                break
            }
        }
        decoded = Self.decode(pieces)
    }

    /// The sequence's title as reading one frame at a time gives it: known once the last
    /// frame has been handed out (a reading that stops early, at the end of `--states`,
    /// has none, however far its batch read).
    func title(of stream: SnapshotStream) -> String? {
        next == pieces.count && failure == nil && stream.isDone ? stream.title : nil
    }

    /// Each piece decoded, on all cores when there are several.
    private static func decode(_ pieces: [SnapshotStream.Piece]) -> [SnapshotStream.Decoded] {
        guard pieces.count > 1 else { return pieces.map(SnapshotStream.decode) }
        let results = Locked([SnapshotStream.Decoded?](repeating: nil, count: pieces.count))
        DispatchQueue.concurrentPerform(iterations: pieces.count) { i in
            let decoded = SnapshotStream.decode(pieces[i])
            results.withLock { $0[i] = decoded }
        }
        return results.withLock { $0.map { $0! } }
    }
}
