/// Builds the ``Timeline`` of a document.
public enum TimelineBuilder {
    /// The timeline of any document. Sequences and logs are diffed in `dialect`. A script
    /// whose step fails, like a route that cannot reach its destination, gives the frames
    /// up to where it stopped and its ``Timeline/failure``.
    public static func build(_ document: Document, dialect: DiffDialect = .navviz) -> Timeline {
        switch document {
        case .snapshot(let tree):
            return Timeline(title: nil, source: .snapshot, states: [Snapshot(tree: tree)], transitions: [])
        case .sequence(let s):
            return sequence(s, dialect: dialect)
        case .script(let script):
            let (steps, failure) = ScriptRunner.runUntilFailure(script)
            var frames = [Snapshot(label: "initial", tree: script.initial)]
            var transitions: [Timeline.Transition] = []
            for (i, step) in steps.enumerated() {
                let label = step.label ?? "step \(i + 1)"
                frames.append(Snapshot(label: label, tree: step.tree))
                transitions.append(.init(label: label, operations: step.operations))
            }
            return Timeline(title: script.title, source: .script, states: frames, transitions: transitions,
                            failure: failure?.description)
        case .route(let request):
            return route(request)
        }
    }

    /// Frames as given; transitions are the diffs between consecutive frames.
    public static func sequence(_ s: SnapshotSequence, dialect: DiffDialect) -> Timeline {
        var stepper = SequenceStepper(dialect: dialect)
        var frames: [Snapshot] = [], transitions: [Timeline.Transition] = []
        for read in s.snapshots {
            let step = stepper.step(read)
            frames.append(step.state)
            if let t = step.transition { transitions.append(t) }
        }
        return Timeline(title: s.title, source: s.isLog ? .log : .sequence, states: frames, transitions: transitions)
    }

    /// One frame per executed instruction, from the starting tree.
    public static func route(_ request: RouteRequest) -> Timeline {
        let result = Router.route(request)
        var frames = [Snapshot(label: "start", tree: request.tree)]
        var transitions: [Timeline.Transition] = []
        let states = result.states
        for (i, step) in result.steps.enumerated() {
            let label = OperationWriter.phrase(step.operation)
            frames.append(Snapshot(label: label, tree: states[i + 1]))
            transitions.append(.init(label: label, operations: [step.operation]))
        }
        let title = "route to " + request.to.map(\.description).joined(separator: "/")
        return Timeline(title: title, source: .route, states: frames, transitions: transitions,
                        failure: result.failure.map { "destination not reachable: \($0.description)" })
    }
}
