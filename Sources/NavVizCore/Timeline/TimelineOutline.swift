/// What a timeline's reports (a summary, a manifest) need of it as a whole, in memory that
/// does not grow with it: the counts, the first and last states, the failure. Gathered one
/// step at a time, so a streamed recording of thousands of states is summarised without
/// holding them; a report that lists the transitions takes each as it comes.
package struct TimelineOutline: Sendable {
    package var title: String?
    package var source: Timeline.Source
    /// How many states the timeline has.
    package private(set) var stateCount = 0
    /// How many transitions it has, and their operations.
    package private(set) var transitionCount = 0
    package private(set) var operationCount = 0
    package private(set) var first: Snapshot?
    package private(set) var last: Snapshot?
    /// How a route that could not reach its destination, or a script's step, failed.
    package var failure: String?

    package init(title: String?, source: Timeline.Source, failure: String? = nil) {
        self.title = title
        self.source = source
        self.failure = failure
    }

    /// Adds the next state.
    package mutating func add(_ step: TimelineStep) {
        if first == nil { first = step.state }
        last = step.state
        stateCount += 1
        if let t = step.transition {
            transitionCount += 1
            operationCount += t.operations.count
        }
    }
}
