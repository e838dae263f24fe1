/// What a timeline's reports (a summary, a manifest) need, without the states in between:
/// the counts, every transition, and the first and last states. Gathered one step at a time,
/// so a streamed recording of thousands of states is summarised without holding them.
public struct TimelineOutline: Sendable {
    public var title: String?
    public var source: Timeline.Source
    /// How many states the timeline has.
    public private(set) var stateCount = 0
    /// `transitions[i]` leads from state `i` to state `i + 1`.
    public private(set) var transitions: [Timeline.Transition] = []
    public private(set) var first: Frame?
    public private(set) var last: Frame?
    /// How a route that could not reach its destination, or a script's step, failed.
    public var failure: String?

    public init(title: String?, source: Timeline.Source, failure: String? = nil) {
        self.title = title
        self.source = source
        self.failure = failure
    }

    /// Adds the next state.
    public mutating func add(_ step: TimelineStep) {
        if first == nil { first = step.frame }
        last = step.frame
        stateCount += 1
        if let t = step.transition { transitions.append(t) }
    }

    /// How many operations all transitions hold.
    public var operationCount: Int { transitions.reduce(0) { $0 + $1.operations.count } }
}
