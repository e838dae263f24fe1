import NavVizCore

/// One picture of an animation and what it stands for.
package struct AnimationFrame: Sendable {
    /// What a frame shows.
    package enum Phase: String, Sendable {
        /// The first state.
        case initial
        /// The state before a transition, its pending operations numbered on it.
        case pending
        /// The state after a transition, with its active path.
        case applied
        /// Where a script or route stopped, with why it failed as the caption.
        case failed
    }

    package var label: String
    package var phase: Phase
    /// The transition this frame belongs to (nil for the initial frame).
    package var transition: Int?
    /// The transition's operations, in execution order.
    package var operations: [TreeOperation]
    /// With `--granularity op`, how many of the operations this frame shows as done.
    package var shown: Int?
    /// The scene ids each operation touches, where the trees repeat an id (nil otherwise:
    /// then a node's scene id is its id).
    package var operationNodes: [[String]]?
    /// Builds the frame's scene from the trees it was planned from (shared, not copied).
    private var makeScene: @Sendable () -> Scene

    /// What the frame draws. Built on each access, so a long animation never holds every
    /// scene at once: read it once per use.
    package var scene: Scene { makeScene() }

    /// The same frame holding `scene`, built already, instead of building it again.
    package func holding(_ scene: Scene) -> AnimationFrame {
        var frame = self
        frame.makeScene = { scene }
        return frame
    }

    /// What the frame stands for, without its trees: what the player, the summary and the
    /// manifest list for it.
    package struct Info: Sendable {
        package var label: String
        package var phase: Phase
        package var transition: Int?
        package var operations: [TreeOperation]
        package var shown: Int?
        /// As ``AnimationFrame/operationNodes``.
        package var operationNodes: [[String]]?
    }

    package var info: Info {
        Info(label: label, phase: phase, transition: transition, operations: operations, shown: shown, operationNodes: operationNodes)
    }

    /// Where a frame is in the animation, in a few bytes: what a bundle keeps of every frame
    /// of a long session (the summary's links, the frames the GIF must keep).
    package struct Place: Sendable, Equatable {
        package var phase: Phase
        /// The transition the frame belongs to (0-based in the document; nil for the
        /// initial and the failed frame).
        package var transition: Int?

        package init(phase: Phase, transition: Int?) {
            self.phase = phase
            self.transition = transition
        }
    }

    package var place: Place { Place(phase: phase, transition: transition) }

    package init(label: String, phase: Phase, transition: Int?, operations: [TreeOperation], shown: Int?,
                scene: @escaping @Sendable () -> Scene) {
        self.label = label
        self.phase = phase
        self.transition = transition
        self.operations = operations
        self.shown = shown
        self.makeScene = scene
    }
}

/// How finely an animation steps.

/// Turns a ``Timeline`` into the frames of an animation: the initial state, then for each
/// transition a pending frame (the state before, its active path, with the pending operations
/// numbered in execution order as the diff diagram numbers them) and the applied frame (the new state
/// with its active path). A transition without operations gets only its applied frame.
/// Frames hold their trees, not their scenes: a scene is built when a frame is drawn.
package enum AnimationPlan {
    /// Every frame of a timeline held whole.
    package static func frames(_ timeline: Timeline, granularity: FrameGranularity = .transition, dialect: DiffDialect = .navviz, theme: Theme) -> [AnimationFrame] {
        let words = SceneWords()
        return timeline.steps.flatMap { frames(for: $0, granularity: granularity, dialect: dialect, theme: theme, words: words) }
    }

    /// The frames of one timeline state: the initial frame for the first state; for a later
    /// one, its pending frame(s) (none when the transition has no operations) and its
    /// applied frame. Their scenes find their nodes' words in `words` (pass the same one for
    /// every state of an animation: its frames show the same nodes over and over).
    package static func frames(for s: TimelineStep, granularity: FrameGranularity = .transition, dialect: DiffDialect = .navviz, theme: Theme,
                               words: SceneWords? = nil) -> [AnimationFrame] {
        let after = s.state.tree
        guard let t = s.transition, let before = s.before?.tree else {
            return [AnimationFrame(label: s.state.label ?? "initial", phase: .initial, transition: nil, operations: [], shown: nil,
                                   scene: { TreeScene.make(after, theme: theme, words: words) })]
        }
        let i = s.index - 1
        let label = t.label ?? s.state.label ?? "step \(s.index)"
        var out: [AnimationFrame] = []
        let nodes = before.hasRepeatedIDs || after.hasRepeatedIDs
            ? DiffScene.operationNodes(t.operations, old: before, new: after, dialect: dialect) : nil
        if !t.operations.isEmpty {
            switch granularity {
            case .transition:
                let ops = t.operations
                out.append(AnimationFrame(label: label, phase: .pending, transition: i, operations: ops, shown: nil, scene: {
                    DiffScene.make(old: before, new: after, operations: ops, dialect: dialect, theme: theme, activePath: .before, words: words)
                }))
            case .op:
                for j in t.operations.indices {
                    let shown = Array(t.operations[...j])
                    out.append(AnimationFrame(label: label, phase: .pending, transition: i, operations: t.operations, shown: j + 1, scene: {
                        DiffScene.make(old: before, new: after, operations: shown, dialect: dialect, theme: theme, activePath: .before, words: words)
                    }))
                }
            }
        }
        out.append(AnimationFrame(label: label, phase: .applied, transition: i, operations: t.operations, shown: nil,
                                  scene: { TreeScene.make(after, theme: theme, words: words) }))
        for k in out.indices { out[k].operationNodes = nodes }
        return out
    }

    /// The frame of a failure: the tree where the script or route stopped, captioned with
    /// why (``Timeline/failure``), after every other frame.
    package static func failureFrame(stoppedAt tree: Tree, failure: String, theme: Theme) -> AnimationFrame {
        AnimationFrame(label: "failed: " + failure, phase: .failed, transition: nil, operations: [], shown: nil, scene: {
            var scene = TreeScene.make(tree, theme: theme, title: "Failed here")
            scene.caption = wrap(failure, width: 72)
            return scene
        })
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stays
    /// whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
