import NavVizCore

/// The frames of any document, in order: a snapshot's tree, a sequence's or log's frames,
/// an action script's initial tree and the state after each step, a route request's start
/// and the state after each executed instruction.
public enum FrameSource {
    public static func frames(of document: Document, file: String) throws -> [Frame] {
        switch document {
        case .snapshot(let tree): return [Frame(tree: tree)]
        case .sequence(let s): return s.frames
        case .route:
            return TimelineBuilder.build(document).frames
        case .script:
            // A failing step leaves the frames after it unknown: say so rather than draw a guess.
            let timeline = TimelineBuilder.build(document)
            if let failure = timeline.failure {
                throw NavVizError(["\(displayName(file)): error: \(failure)"], status: NavVizError.Status.dataError)
            }
            return timeline.frames
        }
    }
}
