import Foundation

/// Renders animation frames to SVG (and PNG) through the Graphviz owner and its worker
/// processes, each window of frames from one shared layout unless asked otherwise.
///
/// ``Planner`` does the work frames share (the size check and the union layout of each
/// window) once; ``Drawing/render(_:png:)`` then draws one frame, so a caller can write each
/// frame as soon as it is drawn and never hold them all. A process may draw any subset of
/// the frames from the same drawing: the bytes of an SVG frame do not depend on which others
/// are drawn, or in which process. A PNG frame's picture depends on the frames of its window
/// drawn before it (``PNGFraming``'s shots), so a window's PNG frames are drawn in order.
package enum AnimationRenderer {
    /// One rendered frame.
    package struct Rendered: Sendable {
        package var svg: [UInt8]
        package var png: [UInt8]?
        /// What was drawn (pinned to the layout when the frames share one), for the player.
        package var scene: Scene
    }

    /// What the frames of one layout window share: the window's union layout (the player
    /// draws every window from its layout whatever the mode) and whether frames are pinned
    /// to it.
    package struct Drawing: Sendable {
        /// The union layout of the window's frames.
        package let stable: StableLayout
        /// True when frames are drawn on ``stable``; false for `--layout per-frame`.
        package let pinned: Bool
        /// Pinned frames' SVG put together from pieces already drawn.
        let composer: SVGComposer?
        /// Where pinned frames' PNG pictures draw their nodes, shot by shot.
        let framing: PNGFraming?
        /// The PNG frames of the chunk last prepared, while the workers draw them.
        let inFlight = InFlight()

        init(stable: StableLayout, pinned: Bool) {
            self.stable = stable
            self.pinned = pinned
            composer = pinned ? SVGComposer(layout: stable) : nil
            framing = pinned ? PNGFraming(layout: stable) : nil
        }

        /// The DOT navviz renders for a frame (pinned to the union layout when stable).
        package func dot(_ frame: AnimationFrame) -> String {
            let scene = frame.scene
            return pinned ? stable.dot(scene) : DOTEncoder.encode(scene)
        }

        /// The DOT each frame's PNG is drawn from, as ``render(_:png:firstNumber:captions:maxPixels:)``
        /// draws them (the same frames in the same chunks give the same DOT): `captions` one
        /// per frame, or none.
        package func pngDOTs(_ frames: [AnimationFrame], firstNumber: Int = 1, captions: [[String]] = [], maxPixels: Int = defaultMaxPixels) -> [String] {
            func caption(_ i: Int) -> [String] { i < captions.count ? captions[i] : [] }
            guard pinned, let framing else {
                return frames.indices.map { i in
                    var scene = frames[i].scene
                    scene.caption += caption(i)
                    return DOTEncoder.encode(scene, options: .init(size: Double(maxPixels) / 96))
                }
            }
            return framing.dots(Self.pinnedScenes(frames, stable), captions: captions, firstNumber: firstNumber, maxPixels: maxPixels)
        }

        /// The Graphviz engine frames are drawn with.
        package var engine: String { pinned ? StableLayout.engine : "dot" }

        /// How many frames ``render(_:png:firstNumber:)`` callers should hand over at once:
        /// the looks a chunk needs are drawn together, in a few graphs, its PNG frames are
        /// shared out among the worker processes, and its scenes are held until it is drawn.
        package static let framesPerChunk = 32

        /// Draws one frame. A pinned frame's SVG is composed (the bytes Graphviz would draw).
        package func render(_ frame: AnimationFrame, png: Bool) throws(RenderError) -> Rendered {
            try render([frame], png: png)[0]
        }

        /// The widest and highest a PNG frame is by default, in pixels.
        package static let defaultMaxPixels = 1280

        /// Draws frames, each as ``render(_:png:)-(AnimationFrame,_)`` would. Pinned frames'
        /// SVG is composed in this process (the looks a chunk of ``framesPerChunk`` frames
        /// needs are drawn together first, in far fewer Graphviz calls than its frames one by
        /// one) while worker processes draw their PNG (``Graphviz/drawFrames(_:firstNumber:)``);
        /// frames laid out on their own are drawn whole by the workers. `captions` (one per
        /// frame, or none) go below each SVG frame and on each PNG frame (``FrameCaption``). A
        /// pinned PNG frame is framed on the shot it belongs to, at most `maxPixels` wide and
        /// high (``PNGFraming``): a window's frames are drawn in order, each chunk after the
        /// one before. A failure names its frame, counting `frames[0]` as number `firstNumber`.
        package func render(_ frames: [AnimationFrame], png: Bool, firstNumber: Int = 1, captions: [[String]] = [],
                           maxPixels: Int = defaultMaxPixels) throws(RenderError) -> [Rendered] {
            try prepare(frames, png: png, firstNumber: firstNumber, captions: captions, maxPixels: maxPixels).finish()
        }

        /// ``render(_:png:firstNumber:captions:maxPixels:)`` in two halves, for a caller that
        /// overlaps chunks: this one does what must run in order, chunk after chunk (the
        /// ``request(_:png:firstNumber:captions:maxPixels:)`` and its ``complete(_:)``);
        /// ``Prepared/finish()`` joins the SVG and waits for the PNG, on any thread, while
        /// the next chunk is prepared.
        package func prepare(_ frames: [AnimationFrame], png: Bool, firstNumber: Int = 1, captions: [[String]] = [],
                            maxPixels: Int = defaultMaxPixels) throws(RenderError) -> Prepared {
            try complete(request(frames, png: png, firstNumber: firstNumber, captions: captions, maxPixels: maxPixels))
        }

        /// Starts a chunk: pins its scenes, writes its PNG frames' DOT (in order: a window's
        /// shots, ``PNGFraming``) and has the workers draw the looks its SVG needs that no
        /// chunk before had drawn. Frames laid out on their own are drawn whole here.
        private func request(_ frames: [AnimationFrame], png: Bool, firstNumber: Int = 1, captions: [[String]] = [],
                            maxPixels: Int = defaultMaxPixels) throws(RenderError) -> Request {
            func caption(_ i: Int) -> [String] { i < captions.count ? captions[i] : [] }
            guard pinned, let composer else {
                let scenes = AnimationRenderer.scenes(frames) { $0 }
                let jobs = scenes.indices.map { i in
                    var scene = scenes[i]
                    scene.caption += caption(i)
                    return Graphviz.FrameJob(dot: DOTEncoder.encode(scene, options: .init(size: Double(maxPixels) / 96)), engine: engine, svg: true, png: png)
                }
                let drawn = try Graphviz.shared.drawFrames(jobs, firstNumber: firstNumber)
                return Request(scenes: scenes, content: .drawn(drawn))
            }
            let pinned = Self.pinnedScenes(frames, stable)
            var pngJobs: [Graphviz.FrameJob]?
            if png, let framing {
                let dots = framing.dots(pinned, captions: captions, firstNumber: firstNumber, maxPixels: maxPixels)
                pngJobs = dots.map { Graphviz.FrameJob(dot: $0, engine: engine, svg: false, png: true) }
            }
            return Request(scenes: pinned, content: .composing(composer.request(pinned, captions: captions), pngJobs: pngJobs, firstNumber: firstNumber))
        }

        /// Completes a chunk ``request(_:png:firstNumber:captions:maxPixels:)`` started: starts
        /// its PNG frames once the chunk before has its own (the workers draw them while the
        /// chunk is finished), waits for its looks and finds every frame's pieces.
        private func complete(_ request: Request) throws(RenderError) -> Prepared {
            switch request.content {
            case .drawn(let drawn):
                return Prepared(scenes: request.scenes, content: .drawn(drawn))
            case .composing(let svg, let pngJobs, let firstNumber):
                var pngs: PNGDrawing?
                if let pngJobs {
                    inFlight.wait()
                    pngs = PNGDrawing(pngJobs, firstNumber: firstNumber, group: inFlight.group)
                }
                do {
                    return Prepared(scenes: request.scenes, content: .composed(try composer!.complete(svg), pngs))
                } catch {
                    pngs?.wait()
                    throw error
                }
            }
        }

        /// A chunk ``request(_:png:firstNumber:captions:maxPixels:)`` started.
        struct Request: Sendable {
            let scenes: [Scene]
            let content: Content

            enum Content {
                /// Drawn whole by the workers (frames laid out on their own).
                case drawn([Graphviz.DrawnFrame])
                /// Its looks being drawn; its PNG frames to draw.
                case composing(SVGComposer.Request, pngJobs: [Graphviz.FrameJob]?, firstNumber: Int)
            }
        }

        /// A chunk of frames ``prepare(_:png:firstNumber:captions:maxPixels:)`` made ready.
        package struct Prepared: Sendable {
            let scenes: [Scene]
            let content: Content

            enum Content {
                /// Drawn whole by the workers (frames laid out on their own).
                case drawn([Graphviz.DrawnFrame])
                /// Composed SVG to join; the PNG frames being drawn, when asked for.
                case composed(SVGComposer.Prepared, PNGDrawing?)
            }

            /// The chunk's frames: each SVG joined, each PNG waited for.
            package func finish() throws(RenderError) -> [Rendered] {
                let frames = try finished()
                return (0..<frames.count).map { frames[$0] }
            }

            /// The chunk's frames once its PNG frames are drawn, each SVG joined only when
            /// the frame is read (so a caller writing frame after frame holds one frame's SVG).
            package func finished() throws(RenderError) -> Frames {
                switch content {
                case .drawn(let drawn): Frames(scenes: scenes, content: .drawn(drawn))
                case .composed(let svgs, let pngs): Frames(scenes: scenes, content: .composed(svgs, try pngs?.result()))
                }
            }

            /// A finished chunk's frames.
            package struct Frames {
                let scenes: [Scene]
                let content: Content

                enum Content {
                    case drawn([Graphviz.DrawnFrame])
                    case composed(SVGComposer.Prepared, [Graphviz.DrawnFrame]?)
                }

                package var count: Int { scenes.count }

                /// Frame `i`, its SVG joined now.
                package subscript(i: Int) -> Rendered {
                    Rendered(svg: svg(i), png: png(i), scene: scenes[i])
                }

                /// Frame `i`'s scene.
                package func scene(_ i: Int) -> Scene { scenes[i] }

                /// Frame `i`'s PNG, when drawn.
                package func png(_ i: Int) -> [UInt8]? {
                    switch content {
                    case .drawn(let drawn): drawn[i].png
                    case .composed(_, let pngs): pngs?[i].png
                    }
                }

                /// Frame `i`'s SVG, joined now; on any thread.
                package func svg(_ i: Int) -> [UInt8] {
                    switch content {
                    case .drawn(let drawn): drawn[i].svg ?? []
                    case .composed(let svgs, _): svgs.svg(i)
                    }
                }

                /// How many bytes the frames' SVG and PNG files have (each SVG joined to
                /// count it: for a first chunk that stands for the rest).
                package var bytes: (svg: Int, all: Int) {
                    var svg = 0, png = 0
                    for i in 0..<count {
                        let frame = self[i]
                        svg += frame.svg.count
                        png += frame.png?.count ?? 0
                    }
                    return (svg, svg + png)
                }
            }
        }

        /// A chunk's PNG frames, drawn by the workers on a thread of their own.
        final class PNGDrawing: @unchecked Sendable {
            private let group: DispatchGroup
            /// Written once, on the drawing thread, before `group` is left; read after.
            private var drawn: Result<[Graphviz.DrawnFrame], RenderError> = .success([])

            init(_ jobs: [Graphviz.FrameJob], firstNumber: Int, group: DispatchGroup) {
                self.group = group
                group.enter()
                DispatchQueue.global().async {
                    self.drawn = Result { () throws(RenderError) in try Graphviz.shared.drawFrames(jobs, firstNumber: firstNumber) }
                    group.leave()
                }
            }

            func wait() { group.wait() }

            func result() throws(RenderError) -> [Graphviz.DrawnFrame] {
                group.wait()
                return try drawn.get()
            }
        }

        /// The window's PNG frames being drawn: one chunk's at a time.
        final class InFlight: Sendable {
            let group = DispatchGroup()
            func wait() { group.wait() }
        }

        /// The frames' scenes pinned to `stable`, built on two threads (scenes are plain
        /// values; only Graphviz needs its one serial owner).
        static func pinnedScenes(_ frames: [AnimationFrame], _ stable: StableLayout) -> [Scene] {
            AnimationRenderer.scenes(frames, state: { StableLayout.PinMemo() }) { memo, scene in stable.pin(scene, memo: &memo) }
        }

        /// Has the workers draw the looks the frames of `scenes` (not yet pinned) need, for
        /// the chunk that draws them to find (``SVGComposer/prefetch(_:)``); nothing when
        /// frames are not composed.
        func prefetch(_ scenes: [Scene]) {
            guard let composer, !scenes.isEmpty else { return }
            var memo = StableLayout.PinMemo()
            composer.prefetch(scenes.map { stable.pin($0, memo: &memo) })
        }

        /// Lets go of what drawing the window's frames kept (the composer's pieces); frames
        /// drawn later are drawn as before, only slower.
        package func finished() {
            composer?.forget()
        }

        /// Draws one frame without composing: what Graphviz gives for the frame's whole DOT.
        package func renderDirectly(_ frame: AnimationFrame) throws(RenderError) -> [UInt8] {
            try Graphviz.shared.render(dot: dot(frame), format: .svg, engine: engine)
        }
    }

    /// Consecutive frames that share one layout, and their layout, packed until they are
    /// drawn (``StableLayout/Packed``), or with its first chunk's looks drawn ahead, in a
    /// drawing of its own (``Planner/init(layout:windowNodes:prefetch:)``).
    package struct Window: Sendable {
        /// The frames of the window, by their place in the animation.
        package var frames: Range<Int>
        /// The window's union layout: laid out by a Graphviz worker as soon as the planning
        /// has passed the window's end (the last window's, while the windows before it are
        /// drawn).
        let layout: PendingLayout
        /// True when frames are drawn on the layout; false for `--layout per-frame`.
        package let pinned: Bool

        /// The window's drawing, its layout unpacked: make it when the window's frames are
        /// about to be drawn, draw all of them with it (its composer's pieces and its PNG
        /// shots carry from one chunk to the next), and let it go after. Waits for the
        /// window's layout; throws what laying it out threw. The first call gets the drawing
        /// the looks of the window's first frames were drawn with, if they were.
        package func drawing() throws(RenderError) -> Drawing {
            if let prefetched = try layout.takeDrawing() { return prefetched }
            return Drawing(stable: StableLayout(try layout.packed()), pinned: pinned)
        }

        /// Gives up the window: looks not yet drawn ahead are not drawn; returns once nothing
        /// of the window runs any more (its layout finished). For a caller that stops before
        /// drawing every window, so no work of its outlives it.
        package func abandon() {
            layout.abandon()
        }

        /// ``drawing()`` for the one time a caller draws the window, letting go of the packed
        /// layout (the drawing holds it unpacked): a long animation then holds the layouts of
        /// the windows still to be drawn, not of every window until its last frame (at 10,000
        /// frames, 121 windows, 3.2 MB). ``drawing()`` fails after it.
        package func takeDrawing() throws(RenderError) -> Drawing {
            let drawing = try drawing()
            layout.letGo()
            return drawing
        }
    }

    /// A window's layout, laid out on a thread of its own by a Graphviz worker; with the
    /// window's first frames' scenes, then also the drawing whose composer has the looks they
    /// need. `@unchecked Sendable`: `result`, `prefetched` and `cancelled` are read and
    /// written under `lock`; `result` is written before `laidOut` is left and read after
    /// waiting for it, `prefetched` before `ready` is left and taken after waiting for it.
    final class PendingLayout: @unchecked Sendable {
        /// Left once the layout is done.
        private let laidOut = DispatchGroup()
        /// Left once the layout is done and the looks drawn ahead (if any) are drawn.
        private let ready = DispatchGroup()
        private let lock = NSLock()
        private var result: Result<StableLayout.Packed, RenderError>?
        private var prefetched: Drawing?
        private var cancelled = false

        /// Starts laying out `union` once one of `slots` is free (and frees it when done);
        /// then, when `prefetch` has scenes (the window's first frames), has the workers draw
        /// the looks they need into a drawing of the window's own, one window at a time
        /// (`drawingAhead`), so that later windows' looks do not hold up the layouts the
        /// planning waits for.
        init(union: Scene, slots: DispatchSemaphore, prefetch: [Scene] = [], drawingAhead: DispatchSemaphore? = nil) {
            slots.wait()
            laidOut.enter()
            ready.enter()
            // A thread of its own, as ``GraphvizPool/runAll(_:)``'s: it waits on workers, and
            // must not wait for a busy dispatch pool (or hold one of its threads meanwhile).
            Thread {
                let laidOut = Result { () throws(RenderError) in try StableLayout.compute(union: union).packed }
                slots.signal()
                self.lock.withLock { self.result = laidOut }
                self.laidOut.leave()
                var drawing: Drawing?
                if !prefetch.isEmpty, case .success(let packed) = laidOut {
                    drawingAhead?.wait()
                    if !self.lock.withLock({ self.cancelled }) {
                        drawing = Drawing(stable: StableLayout(packed), pinned: true)
                        drawing!.prefetch(prefetch)
                    }
                    drawingAhead?.signal()
                }
                self.lock.withLock { self.prefetched = drawing }
                self.ready.leave()
            }.start()
        }

        /// The layout, once laid out.
        func packed() throws(RenderError) -> StableLayout.Packed {
            laidOut.wait()
            return try lock.withLock { result! }.get()
        }

        /// The drawing the first frames' looks were drawn with, once (nil after, or when
        /// there was none); throws what laying the window out threw.
        func takeDrawing() throws(RenderError) -> Drawing? {
            _ = try packed()
            ready.wait()
            return lock.withLock {
                defer { prefetched = nil }
                return prefetched
            }
        }

        /// Lets go of the layout and of the looks drawn ahead, once both are done.
        func letGo() {
            ready.wait()
            lock.withLock {
                result = .failure(.unavailable("the window's layout was let go once its drawing was made"))
                prefetched = nil
            }
        }

        /// Draws no looks ahead that have not started, lets go of those drawn, and waits
        /// until the thread is done.
        func abandon() {
            lock.withLock { cancelled = true }
            ready.wait()
            lock.withLock { prefetched = nil }
        }
    }

    /// Each frame's scene, passed through `finish`, built on two threads (scenes are plain
    /// values; only Graphviz needs its one serial owner).
    static func scenes(_ frames: [AnimationFrame], _ finish: @Sendable (consuming Scene) -> Scene) -> [Scene] {
        scenes(frames, state: {}) { _, scene in finish(scene) }
    }

    /// ``scenes(_:_:)`` with state of each thread's own (`state()` makes it), which
    /// `finish` is given with each scene the thread finishes, in frame order.
    static func scenes<State>(_ frames: [AnimationFrame], state: @Sendable () -> State,
                              _ finish: @Sendable (inout State, consuming Scene) -> Scene) -> [Scene] {
        guard frames.count > 1 else {
            var own = state()
            return frames.map { finish(&own, $0.scene) }
        }
        let threads = min(2, ProcessInfo.processInfo.activeProcessorCount)
        // Each slot is written by one thread and read after all have finished.
        nonisolated(unsafe) let scenes = UnsafeMutableBufferPointer<Scene>.allocate(capacity: frames.count)
        defer { scenes.deallocate() }
        // Each thread a run of consecutive frames (not every other frame): a thread's state
        // then follows the frames in order, and a pin memo shares a node's pinned box with
        // the frame just before it, which the composer and the player tell at once.
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            var own = state()
            for i in (frames.count * t / threads)..<(frames.count * (t + 1) / threads) {
                (scenes.baseAddress! + i).initialize(to: finish(&own, frames[i].scene))
            }
        }
        return (0..<frames.count).map { (scenes.baseAddress! + $0).move() }
    }

    /// Checks every frame's size and lays out the union once (building each scene once and
    /// dropping it, so memory does not grow with the number of frames): one window, however
    /// many nodes the frames have between them.
    package static func prepare(_ frames: some Sequence<AnimationFrame>, layout: FrameLayout) throws(RenderError) -> Drawing {
        var planner = Planner(layout: layout, windowNodes: .max)
        for frame in frames { try planner.add(frame) }
        return try planner.windows()[0].drawing()
    }

    /// ``prepare(_:layout:)`` a frame at a time, for frames read one by one from a stream,
    /// in layout windows: a window ends before the frame that would take the union of its
    /// frames past `windowNodes` nodes, and the next window is laid out on its own. A long
    /// session whose screens keep changing is then drawn on a few readable layouts, not on
    /// one union of every screen it ever showed.
    ///
    /// A window is laid out as soon as it ends, by a Graphviz worker while the next frames
    /// are planned (two at a time at most), and its union of scenes let go: what planning
    /// holds is the current window's union and the finished windows' layouts, packed
    /// (``StableLayout/Packed``), not every window's union until the end. With `prefetch`,
    /// the first ``prefetchedWindows`` windows are held instead as drawings with their first
    /// chunk's looks, until they are drawn.
    package struct Planner: Sendable {
        package let layout: FrameLayout
        package let windowNodes: Int
        private var union = StableLayout.Union()
        private var starts: [Int] = [0]
        private var count = 0
        /// The layouts of the windows before the current one, each started when its window
        /// ended.
        private var layouts: [PendingLayout] = []
        /// The last window's layout, once ``windows()`` has started it.
        private var last: PendingLayout?
        /// Whether each window's first frames have their looks drawn as soon as the window
        /// is laid out: those frames' scenes, kept until then.
        private let prefetch: Bool
        private var firstScenes: [Scene] = []
        private var prefetchedWindows = 0
        /// The frames of a window whose looks are drawn ahead: its first chunk's. (Ahead of
        /// 8 frames, the first chunk still asked for most of its looks; ahead of every frame
        /// of the window, the benchmark's 200 frames were no faster than without: the looks
        /// of later chunks are drawn beside the frames before them anyway.)
        static let prefetchedFrames = Drawing.framesPerChunk
        /// The first this many windows have their looks drawn ahead (the windows after them
        /// are drawn as before): each keeps its drawing (layout and looks) until its frames
        /// are drawn, after every window is planned.
        static let prefetchedWindows = 8
        /// Layouts run at once (each waits on a worker; the planning goes on meanwhile).
        private let slots = DispatchSemaphore(value: 2)
        /// Windows whose looks are drawn ahead at once.
        private let drawingAhead = DispatchSemaphore(value: 1)

        /// At most this many nodes in a window's union, by default.
        package static let defaultWindowNodes = 200

        /// With `prefetch`, each window's first frames (``prefetchedFrames``) have the looks
        /// they need drawn by the workers as soon as the window is laid out, beside the
        /// planning of the frames after it, into the drawing its ``Window/drawing()`` gives:
        /// for an animation whose scenes are kept for drawing (a window's drawing, with its
        /// looks, is then held until the window is drawn).
        package init(layout: FrameLayout, windowNodes: Int = Planner.defaultWindowNodes, prefetch: Bool = false) {
            self.layout = layout
            self.windowNodes = max(1, windowNodes)
            self.prefetch = prefetch && layout == .stable
        }

        /// Builds the frame's scene, checks its size and adds it to the union. A frame
        /// larger than an image may be is refused here, before any later frame is read.
        package mutating func add(_ frame: AnimationFrame) throws(RenderError) {
            try add(frame.scene)
        }

        /// ``add(_:)-(AnimationFrame)`` for a chunk of frames, their scenes built on two
        /// threads; returns the scenes (for a caller that keeps a short animation's).
        @discardableResult
        package mutating func add(_ frames: [AnimationFrame]) throws(RenderError) -> [Scene] {
            let scenes = AnimationRenderer.scenes(frames, { $0 })
            for scene in scenes { try add(scene) }
            return scenes
        }

        private mutating func add(_ scene: Scene) throws(RenderError) {
            guard scene.nodes.count <= Graphviz.maxImageNodes else {
                throw .tooLarge(nodes: scene.nodes.count, limit: Graphviz.maxImageNodes)
            }
            if count > starts[starts.count - 1], union.scene.nodes.count + union.newNodes(in: scene) > windowNodes {
                StageTrace.mark("planning: window \(starts.count) ends before frame \(count + 1) (\(union.scene.nodes.count) nodes)")
                layouts.append(PendingLayout(union: union.scene, slots: slots, prefetch: takeFirstScenes(), drawingAhead: drawingAhead))
                union = StableLayout.Union()
                starts.append(count)
            }
            union.add(scene)
            if prefetch, prefetchedWindows < Self.prefetchedWindows, firstScenes.count < Self.prefetchedFrames {
                firstScenes.append(scene)
            }
            count += 1
        }

        /// The scenes of the window just ended whose looks are to be drawn ahead (none
        /// without `prefetch`, or past ``prefetchedWindows``).
        private mutating func takeFirstScenes() -> [Scene] {
            defer { firstScenes = [] }
            if !firstScenes.isEmpty { prefetchedWindows += 1 }
            return firstScenes
        }

        /// The windows, each laid out by a worker (one `dot` layout each). Waits for the
        /// layouts of all but the last, which is started on the first call: its frames'
        /// drawing waits for it (``Window/drawing()``), the windows before it are drawn
        /// meanwhile. Throws the first failure to lay out a window before the last (then gives
        /// up every window). Frames added after the first call are in no window.
        package mutating func windows() throws(RenderError) -> [Window] {
            if last == nil {
                StageTrace.mark("planning: window \(starts.count), the last, ends after frame \(count) (\(union.scene.nodes.count) nodes)")
                last = PendingLayout(union: union.scene, slots: slots, prefetch: takeFirstScenes(), drawingAhead: drawingAhead)
            }
            let pending = layouts + [last!]
            do {
                for layout in pending.dropLast() { _ = try layout.packed() }
            } catch {
                for layout in pending { layout.abandon() }
                throw error
            }
            return pending.indices.map { k in
                let end = k + 1 < starts.count ? starts[k + 1] : count
                return Window(frames: starts[k]..<end, layout: pending[k], pinned: layout == .stable)
            }
        }

        /// Gives up the windows whose layouts have started (a planning that stops early):
        /// returns once none of them runs any more.
        package func abandon() {
            for layout in layouts + (last.map { [$0] } ?? []) { layout.abandon() }
        }
    }
}
