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
/// the union and one line of description per frame, however long the recording. Every other
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

    /// Reads `file` once and plans its animation.
    static func plan(_ file: String, options: TimelineOptions, step: StepMode, theme: Theme,
                     layout: AnimationRenderer.LayoutMode) throws -> (AnimationSource, Plan) {
        if let streamed = SnapshotFile(path: file) {
            let source = AnimationSource(storage: .streamed(streamed), file: file, options: options, step: step, theme: theme)
            do {
                return (source, try source.plan(layout: layout))
            } catch is SnapshotStream.Irregular {
                // Read whole below: that reports what the stream stopped at.
            }
        }
        let timeline = try options.build(file)
        let source = AnimationSource(storage: .whole(timeline), file: file, options: options, step: step, theme: theme)
        return (source, try source.plan(layout: layout))
    }

    private func plan(layout: AnimationRenderer.LayoutMode) throws -> Plan {
        var planner = AnimationRenderer.Planner(layout: layout)
        var frames: [AnimationFrame.Info] = []
        var outline: TimelineOutline
        switch storage {
        case .whole(let timeline): outline = TimelineOutline(title: timeline.title, source: timeline.source, failure: timeline.failure)
        case .streamed(let f): outline = TimelineOutline(title: nil, source: f.kind == .log ? .log : .sequence)
        }
        let title = try forEachStep { step in
            outline.add(step)
            for frame in AnimationPlan.frames(for: step, step: self.step, dialect: options.dialect, theme: theme) {
                planner.add(frame)
                frames.append(frame.info)
            }
        }
        if case .streamed = storage { outline.title = title }
        guard !frames.isEmpty else {
            throw Failure(["\(displayName(file)): error: the document has no frames to animate"], status: Failure.Status.dataError)
        }
        do {
            return Plan(drawing: try planner.drawing(), frames: frames, outline: outline)
        } catch {
            throw Failure(["\(displayName(file)): error: \(error)"], status: error.isLimit ? Failure.Status.dataError : Failure.Status.software)
        }
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
