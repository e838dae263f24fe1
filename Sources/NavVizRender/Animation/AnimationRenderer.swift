/// Renders animation frames to SVG (and PNG) through the one Graphviz owner, all from one
/// shared layout unless asked otherwise.
///
/// ``prepare(_:layout:)`` does the work every frame shares (the size check and the union
/// layout) once; ``Drawing/render(_:png:)`` then draws one frame, so a caller can write each
/// frame as soon as it is drawn and never hold them all. A process may draw any subset of
/// the frames from the same drawing: the bytes of a frame do not depend on which others are
/// drawn, or in which process.
public enum AnimationRenderer {
    /// How frames are laid out.
    public enum LayoutMode: String, Sendable, CaseIterable {
        /// The union of all frames laid out once; every frame pinned to it (nodes never jump).
        case stable
        /// Each frame laid out on its own.
        case perFrame = "per-frame"
    }

    /// One rendered frame.
    public struct Rendered: Sendable {
        public var svg: [UInt8]
        public var png: [UInt8]?
    }

    /// What every frame of one animation shares: the layout mode and the union layout.
    public struct Drawing: Sendable {
        /// The union layout (nil for `--layout per-frame`).
        public let stable: StableLayout?
        /// Pinned frames' SVG put together from pieces already drawn.
        let composer: SVGComposer?

        init(stable: StableLayout?) {
            self.stable = stable
            composer = stable.map { SVGComposer(layout: $0) }
        }

        /// The DOT navviz renders for a frame (pinned to the union layout when stable).
        public func dot(_ frame: AnimationFrame) -> String {
            let scene = frame.scene
            return stable.map { $0.dot(scene) } ?? DOTEncoder.encode(scene)
        }

        /// The Graphviz engine frames are drawn with.
        public var engine: String { stable == nil ? "dot" : StableLayout.engine }

        /// Draws one frame. A pinned frame's SVG is composed (the bytes Graphviz would draw).
        public func render(_ frame: AnimationFrame, png: Bool) throws(RenderError) -> Rendered {
            let scene = frame.scene
            guard let stable, let composer else {
                let dot = DOTEncoder.encode(scene)
                let svg = try Graphviz.shared.render(dot: dot, format: .svg, engine: engine)
                return Rendered(svg: svg, png: png ? try Graphviz.shared.renderFastPNG(dot: dot, engine: engine) : nil)
            }
            let pinned = stable.pin(scene)
            let svg = try composer.svg(pinned)
            return Rendered(svg: svg, png: png ? try Graphviz.shared.renderFastPNG(dot: stable.encode(pinned), engine: engine) : nil)
        }

        /// Draws one frame without composing: what Graphviz gives for the frame's whole DOT.
        public func renderDirectly(_ frame: AnimationFrame) throws(RenderError) -> [UInt8] {
            try Graphviz.shared.render(dot: dot(frame), format: .svg, engine: engine)
        }
    }

    /// Checks every frame's size and lays out the union once (building each scene once and
    /// dropping it, so memory does not grow with the number of frames).
    public static func prepare(_ frames: some Sequence<AnimationFrame>, layout: LayoutMode) throws(RenderError) -> Drawing {
        var planner = Planner(layout: layout)
        for frame in frames { planner.add(frame) }
        return try planner.drawing()
    }

    /// ``prepare(_:layout:)`` a frame at a time, for frames read one by one from a stream.
    public struct Planner: Sendable {
        public let layout: LayoutMode
        private var union = StableLayout.Union()
        private var largest = 0

        public init(layout: LayoutMode) {
            self.layout = layout
        }

        /// Builds the frame's scene, checks its size and adds it to the union.
        public mutating func add(_ frame: AnimationFrame) {
            let scene = frame.scene
            largest = max(largest, scene.nodes.count)
            if layout == .stable { union.add(scene) }
        }

        /// The drawing every frame shares: the union laid out (for a stable layout).
        public func drawing() throws(RenderError) -> Drawing {
            guard largest <= Graphviz.maxImageNodes else { throw .tooLarge(nodes: largest, limit: Graphviz.maxImageNodes) }
            switch layout {
            case .perFrame: return Drawing(stable: nil)
            case .stable: return Drawing(stable: try StableLayout.compute(union: union.scene))
            }
        }
    }

    /// Renders every frame, calling `progress(done, total)` after each.
    public static func render(_ frames: [AnimationFrame], layout: LayoutMode, png: Bool,
                              progress: (Int, Int) -> Void = { _, _ in }) throws(RenderError) -> [Rendered] {
        let drawing = try prepare(frames, layout: layout)
        var out: [Rendered] = []
        out.reserveCapacity(frames.count)
        for (i, frame) in frames.enumerated() {
            out.append(try drawing.render(frame, png: png))
            progress(i + 1, frames.count)
        }
        return out
    }
}
