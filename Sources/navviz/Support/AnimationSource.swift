import Foundation
import NavVizCore
import NavVizFiles
import NavVizRender

/// The frames `animate` (and each of its helper processes) draws, read in two passes so
/// that a long recording is never held whole.
///
/// A sequence or log file is streamed (``SnapshotFile``): the first pass reads it state by
/// state to plan the animation (the union layout, the size check, what the player, summary
/// and manifest list), the second reads it again to draw. Memory then holds a state or two,
/// the union and one line of description per frame, however long the recording (a short
/// recording, up to ``heldNodes`` nodes in all, is kept from the first reading). Every other
/// input (a script, a route, YAML, standard input) is read whole, as is a file the stream
/// finds anything wrong with: reading it whole reports the problem exactly as every other
/// command does.
struct AnimationSource {
    /// Where the states come from.
    enum Storage {
        case whole(NavVizCore.Timeline)
        case streamed(SnapshotFile)
    }

    let storage: Storage
    let file: String
    let options: TimelineOptions
    let step: StepMode
    let theme: Theme

    /// What the first pass learns.
    struct Plan {
        var drawing: AnimationRenderer.Drawing
        /// Every frame's description, in order.
        var frames: [AnimationFrame.Info]
        var outline: TimelineOutline
    }

    /// A streamed recording of at most this many nodes in all (a few hundred snapshots of
    /// an app's tree, about 10 MB held) is kept after the first reading instead of being
    /// read again; a longer one is read twice, a snapshot at a time.
    /// (`NAVVIZ_HELD_NODES` sets it, for tests that need the second reading.)
    static let heldNodes = ProcessInfo.processInfo.environment["NAVVIZ_HELD_NODES"].flatMap { Int($0) } ?? 50_000

    /// Reads `file` once and plans its animation.
    static func plan(_ file: String, options: TimelineOptions, step: StepMode, theme: Theme,
                     layout: AnimationRenderer.LayoutMode) throws -> (AnimationSource, Plan) {
        if let streamed = SnapshotFile(path: file) {
            let source = AnimationSource(storage: .streamed(streamed), file: file, options: options, step: step, theme: theme)
            do {
                let (plan, held) = try source.plan(layout: layout)
                guard let held else { return (source, plan) }
                return (AnimationSource(storage: .whole(held), file: file, options: options, step: step, theme: theme), plan)
            } catch is SnapshotStream.Irregular {
                // Read whole below: that reports what the stream stopped at.
            }
        }
        let timeline = try options.build(file)
        let source = AnimationSource(storage: .whole(timeline), file: file, options: options, step: step, theme: theme)
        return (source, try source.plan(layout: layout).plan)
    }

    /// The plan, and a streamed recording's timeline when it was small enough to hold.
    private func plan(layout: AnimationRenderer.LayoutMode) throws -> (plan: Plan, held: NavVizCore.Timeline?) {
        var planner = AnimationRenderer.Planner(layout: layout)
        var frames: [AnimationFrame.Info] = []
        var outline: TimelineOutline
        // What a streamed recording is while it stays under heldNodes.
        var heldFrames: [Frame]?, heldTransitions: [NavVizCore.Timeline.Transition] = [], heldCount = 0
        switch storage {
        case .whole(let timeline): outline = TimelineOutline(title: timeline.title, source: timeline.source, failure: timeline.failure)
        case .streamed(let f):
            outline = TimelineOutline(title: nil, source: f.kind == .log ? .log : .sequence)
            heldFrames = []
        }
        var chunk: [AnimationFrame] = []
        let title = try forEachStep { step in
            outline.add(step)
            if heldFrames != nil {
                heldCount += step.frame.tree.count
                if heldCount > Self.heldNodes {
                    heldFrames = nil
                    heldTransitions = []
                } else {
                    heldFrames?.append(step.frame)
                    if let t = step.transition { heldTransitions.append(t) }
                }
            }
            for frame in AnimationPlan.frames(for: step, step: self.step, dialect: options.dialect, theme: theme) {
                chunk.append(frame)
                frames.append(frame.info)
            }
            if chunk.count >= AnimationRenderer.Drawing.framesPerChunk {
                planner.add(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        planner.add(chunk)
        if case .streamed = storage { outline.title = title }
        guard !frames.isEmpty else {
            throw Failure(["\(displayName(file)): error: the document has no frames to animate"], status: Failure.Status.dataError)
        }
        let drawing: AnimationRenderer.Drawing
        do {
            drawing = try planner.drawing()
        } catch {
            throw Failure(["\(displayName(file)): error: \(error)"], status: error.isLimit ? Failure.Status.dataError : Failure.Status.software)
        }
        let timeline = heldFrames.map { NavVizCore.Timeline(title: outline.title, source: outline.source, frames: $0, transitions: heldTransitions) }
        return (Plan(drawing: drawing, frames: frames, outline: outline), timeline)
    }

    /// Calls `body` with the frames numbered `range` (of `count`), in order (the second
    /// pass). Reading stops after the range; a streamed file must read as it did in the
    /// first pass.
    func forEachFrame(in range: Range<Int>? = nil, expecting count: Int, _ body: (Int, AnimationFrame) throws -> Void) throws {
        if case .streamed(let f) = storage, !f.isUnchanged { throw changed() }
        let range = range ?? 0..<count
        var number = 0
        do {
            try forEachStep { step in
                for frame in AnimationPlan.frames(for: step, step: self.step, dialect: options.dialect, theme: theme) {
                    guard number < count else { throw changed() }
                    if range.contains(number) { try body(number, frame) }
                    number += 1
                }
                if number >= range.upperBound, range.upperBound < count { throw Done() }
            }
        } catch is Done {
            return
        } catch is SnapshotStream.Irregular {
            throw changed()
        }
        guard number == count else { throw changed() }
    }

    /// Ends a reading early.
    private struct Done: Error {}

    private func changed() -> Failure {
        Failure(["\(displayName(file)): error: the file changed while navviz was reading it"], status: Failure.Status.noInput)
    }

    /// Every state in order; returns a streamed sequence's title. Throws
    /// ``SnapshotStream/Irregular`` when a streamed file has something to report.
    private func forEachStep(_ body: (TimelineStep) throws -> Void) throws -> String? {
        switch storage {
        case .whole(let timeline):
            for step in timeline.steps { try body(step) }
            return timeline.title
        case .streamed(let f):
            guard var stream = f.open() else { throw SnapshotStream.Irregular(reason: "cannot open") }
            var stepper = SequenceStepper(dialect: options.dialect)
            while let read = try stream.next() {
                try body(stepper.step(options.redact ? Frame(label: read.label, tree: Redaction.redact(read.tree)) : read))
            }
            return stream.title
        }
    }
}
