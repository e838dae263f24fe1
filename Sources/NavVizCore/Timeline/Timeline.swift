/// The states of any document and, between each pair, the operations that lead from one to
/// the next: the executed actions of a script, the diff (in a chosen dialect) of a sequence
/// or log, the instructions of a route. Every animation and report reads this one model.
public struct Timeline: Sendable {
    /// What the timeline was made from.
    public enum Source: String, Sendable {
        case snapshot, sequence, log, script, route
    }

    /// One transition: what leads from `states[i]` to `states[i + 1]`.
    public struct Transition: Sendable, Equatable {
        /// The transition's label: the step's, or the label of the state it leads to.
        public var label: String?
        /// What the transition does, in execution order.
        public var operations: [TreeOperation]
        /// A transition doing `operations`.
        public init(label: String?, operations: [TreeOperation]) {
            self.label = label
            self.operations = operations
        }
    }

    /// The document's title, where it has one.
    public var title: String?
    /// What kind of document it was made from.
    public var source: Source
    /// The states in order (a snapshot's one; a sequence's `frames`; a script's initial tree
    /// and the state after each step; a route's start and the state after each instruction).
    public var states: [Snapshot]
    /// `transitions[i]` leads from `states[i]` to `states[i + 1]`.
    public var transitions: [Transition]
    /// How a route that could not reach its destination, or a script whose step could not
    /// run, failed (the states show what ran; the last is where it stopped).
    public var failure: String?

    /// A timeline of `states` and the `transitions` between them.
    public init(title: String?, source: Source, states: [Snapshot], transitions: [Transition], failure: String? = nil) {
        self.title = title
        self.source = source
        self.states = states
        self.transitions = transitions
        self.failure = failure
    }

    /// Every operation in order, numbered across the whole timeline.
    public var allOperations: [TreeOperation] { transitions.flatMap(\.operations) }
}
