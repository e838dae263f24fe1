/// One state of a timeline with the transition that led to it: what a stage reading a
/// timeline one state at a time (a long recording streamed from a file) sees.
public struct TimelineStep: Sendable {
    /// The state's index in the timeline (0 for the first).
    public var index: Int
    /// The state, its label filled in as ``Timeline/states`` has it.
    public var state: Snapshot
    /// The state before it (nil for the first state).
    public var before: Snapshot?
    /// What led from ``before`` to this state (nil for the first state).
    public var transition: Timeline.Transition?

    /// Step `index`: `state`, reached from `before` by `transition`.
    public init(index: Int, state: Snapshot, before: Snapshot?, transition: Timeline.Transition?) {
        self.index = index
        self.state = state
        self.before = before
        self.transition = transition
    }
}

extension Timeline {
    /// The states in order, each with the transition that led to it.
    public var steps: LazyMapSequence<Range<Int>, TimelineStep> {
        states.indices.lazy.map { i in
            TimelineStep(index: i, state: states[i], before: i > 0 ? states[i - 1] : nil,
                         transition: i > 0 ? transitions[i - 1] : nil)
        }
    }
}

/// Turns the frames of a sequence or log, given one at a time, into timeline steps: each
/// frame with the diff (in `dialect`) from the frame before. ``TimelineBuilder`` builds
/// every sequence's timeline with it, whether the frames are read whole or streamed.
public struct SequenceStepper: Sendable {
    /// Whose rules diff consecutive snapshots.
    public let dialect: DiffDialect
    private var previous: Snapshot?
    private var count = 0

    /// A stepper that has seen no snapshot yet.
    public init(dialect: DiffDialect) {
        self.dialect = dialect
    }

    /// The step of the next frame as read (`label` as given; unlabelled frames become
    /// `frame N`, and a transition takes the label of the frame it leads to).
    public mutating func step(_ read: Snapshot) -> TimelineStep {
        let frame = Snapshot(label: read.label ?? "frame \(count)", tree: read.tree)
        let transition = previous.map { before in
            Timeline.Transition(label: read.label, operations: TreeDiff.operations(from: before.tree, to: read.tree, dialect: dialect))
        }
        let step = TimelineStep(index: count, state: frame, before: previous, transition: transition)
        previous = frame
        count += 1
        return step
    }
}
