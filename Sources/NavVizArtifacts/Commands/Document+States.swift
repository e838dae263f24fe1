import NavVizCore

extension Document {
    /// The states of the document, in order, as `render --state N` and `diff` pick them: a
    /// snapshot's tree, a sequence's or log's snapshots (its `frames`), an action script's
    /// initial tree and the state after each step, a route request's start and the state
    /// after each executed instruction. A script whose step fails throws (the states after
    /// it are unknown: navviz says so rather than draw a guess); messages name `file`.
    public func states(file: String) throws(NavVizError) -> [Snapshot] {
        switch self {
        case .snapshot(let tree): return [Snapshot(tree: tree)]
        case .sequence(let s): return s.snapshots
        case .route:
            return TimelineBuilder.build(self).states
        case .script:
            let timeline = TimelineBuilder.build(self)
            if let failure = timeline.failure {
                throw NavVizError(.invalidInput, file: displayName(file), "\(failure)")
            }
            return timeline.states
        }
    }
}
