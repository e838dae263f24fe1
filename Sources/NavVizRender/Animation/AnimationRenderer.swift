import Foundation

/// Renders animation frames to SVG (and PNG) through the Graphviz owner and its worker
/// processes, all from one shared layout unless asked otherwise.
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

        /// How many frames ``render(_:png:firstNumber:)`` callers should hand over at once:
        /// the looks a chunk needs are drawn together, in a few graphs, its PNG frames are
        /// shared out among the worker processes, and its scenes are held until it is drawn.
        public static let framesPerChunk = 32

        /// Draws one frame. A pinned frame's SVG is composed (the bytes Graphviz would draw).
        public func render(_ frame: AnimationFrame, png: Bool) throws(RenderError) -> Rendered {
            try render([frame], png: png)[0]
        }

        /// Draws frames, each as ``render(_:png:)-(AnimationFrame,_)`` would. Pinned frames'
        /// SVG is composed in this process (the looks a chunk of ``framesPerChunk`` frames
        /// needs are drawn together first, in far fewer Graphviz calls than its frames one by
        /// one) while worker processes draw their PNG (``Graphviz/drawFrames(_:firstNumber:)``);
        /// frames laid out on their own are drawn whole by the workers. A failure names its
        /// frame, counting `frames[0]` as number `firstNumber`.
        public func render(_ frames: [AnimationFrame], png: Bool, firstNumber: Int = 1) throws(RenderError) -> [Rendered] {
            guard let stable, let composer else {
                let jobs = frames.map { Graphviz.FrameJob(dot: DOTEncoder.encode($0.scene), engine: engine, svg: true, png: png) }
                return try Graphviz.shared.drawFrames(jobs, firstNumber: firstNumber).map { Rendered(svg: $0.svg ?? [], png: $0.png) }
            }
            let pinned = Self.pinnedScenes(frames, stable)
            // The workers draw the PNG frames while this thread composes the SVG ones.
            nonisolated(unsafe) var pngs: Result<[Graphviz.DrawnFrame], RenderError> = .success([])
            let drawing = DispatchGroup()
            if png {
                let jobs = pinned.map { Graphviz.FrameJob(dot: stable.encode($0), engine: engine, svg: false, png: true) }
                DispatchQueue.global().async(group: drawing) {
                    pngs = Result { () throws(RenderError) in try Graphviz.shared.drawFrames(jobs, firstNumber: firstNumber) }
                }
            }
            let svgs = Result { () throws(RenderError) in try composer.svgs(pinned) }
            drawing.wait()
            let composed = try svgs.get(), drawn = try pngs.get()
            return composed.indices.map { i in Rendered(svg: composed[i], png: png ? drawn[i].png : nil) }
        }

        /// The frames' scenes pinned to `stable`, built on two threads (scenes are plain
        /// values; only Graphviz needs its one serial owner).
        static func pinnedScenes(_ frames: [AnimationFrame], _ stable: StableLayout) -> [Scene] {
            AnimationRenderer.scenes(frames) { stable.pin($0) }
        }

        /// Draws one frame without composing: what Graphviz gives for the frame's whole DOT.
        public func renderDirectly(_ frame: AnimationFrame) throws(RenderError) -> [UInt8] {
            try Graphviz.shared.render(dot: dot(frame), format: .svg, engine: engine)
        }
    }

    /// Each frame's scene, passed through `finish`, built on two threads (scenes are plain
    /// values; only Graphviz needs its one serial owner).
    static func scenes(_ frames: [AnimationFrame], _ finish: @Sendable (consuming Scene) -> Scene) -> [Scene] {
        guard frames.count > 1 else { return frames.map { finish($0.scene) } }
        let threads = min(2, ProcessInfo.processInfo.activeProcessorCount)
        // Each slot is written by one thread and read after all have finished.
        nonisolated(unsafe) let scenes = UnsafeMutableBufferPointer<Scene>.allocate(capacity: frames.count)
        defer { scenes.deallocate() }
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in stride(from: t, to: frames.count, by: threads) {
                (scenes.baseAddress! + i).initialize(to: finish(frames[i].scene))
            }
        }
        return (0..<frames.count).map { (scenes.baseAddress! + $0).move() }
    }

    /// Checks every frame's size and lays out the union once (building each scene once and
    /// dropping it, so memory does not grow with the number of frames).
    public static func prepare(_ frames: some Sequence<AnimationFrame>, layout: LayoutMode) throws(RenderError) -> Drawing {
        var planner = Planner(layout: layout)
        for frame in frames { try planner.add(frame) }
        return try planner.drawing()
    }

    /// ``prepare(_:layout:)`` a frame at a time, for frames read one by one from a stream.
    public struct Planner: Sendable {
        public let layout: LayoutMode
        private var union = StableLayout.Union()

        public init(layout: LayoutMode) {
            self.layout = layout
        }

        /// Builds the frame's scene, checks its size and adds it to the union. A frame
        /// larger than an image may be is refused here, before any later frame is read.
        public mutating func add(_ frame: AnimationFrame) throws(RenderError) {
            try add(frame.scene)
        }

        /// ``add(_:)-(AnimationFrame)`` for a chunk of frames, their scenes built on two
        /// threads; returns the scenes (for a caller that keeps a short animation's).
        @discardableResult
        public mutating func add(_ frames: [AnimationFrame]) throws(RenderError) -> [Scene] {
            let scenes = AnimationRenderer.scenes(frames, { $0 })
            for scene in scenes { try add(scene) }
            return scenes
        }

        private mutating func add(_ scene: Scene) throws(RenderError) {
            guard scene.nodes.count <= Graphviz.maxImageNodes else {
                throw .tooLarge(nodes: scene.nodes.count, limit: Graphviz.maxImageNodes)
            }
            if layout == .stable { union.add(scene) }
        }

        /// The drawing every frame shares: the union laid out (for a stable layout).
        public func drawing() throws(RenderError) -> Drawing {
            switch layout {
            case .perFrame: return Drawing(stable: nil)
            case .stable: return Drawing(stable: try StableLayout.compute(union: union.scene))
            }
        }
    }
}
