/// Renders animation frames to SVG (and PNG) through the one Graphviz owner, all from one
/// shared layout unless asked otherwise.
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

    /// Renders every frame, calling `progress(done, total)` after each.
    public static func render(_ frames: [AnimationFrame], layout: LayoutMode, png: Bool,
                              progress: (Int, Int) -> Void = { _, _ in }) throws(RenderError) -> [Rendered] {
        let largest = frames.map(\.scene.nodes.count).max() ?? 0
        guard largest <= Graphviz.maxImageNodes else { throw .tooLarge(nodes: largest, limit: Graphviz.maxImageNodes) }
        let stable: StableLayout? = layout == .stable ? try StableLayout.compute(frames.map(\.scene)) : nil
        var out: [Rendered] = []
        out.reserveCapacity(frames.count)
        for (i, frame) in frames.enumerated() {
            let dot: String
            let engine: String
            if let stable {
                dot = stable.dot(frame.scene)
                engine = StableLayout.engine
            } else {
                dot = DOTEncoder.encode(frame.scene)
                engine = "dot"
            }
            let svg = try Graphviz.shared.render(dot: dot, format: .svg, engine: engine)
            let pngBytes = png ? try Graphviz.shared.render(dot: dot, format: .png, engine: engine) : nil
            out.append(Rendered(svg: svg, png: pngBytes))
            progress(i + 1, frames.count)
        }
        return out
    }
}
