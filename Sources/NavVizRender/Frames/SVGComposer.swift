import Foundation

/// Puts pinned frames' SVG together from pieces Graphviz has already drawn.
///
/// In a pinned frame every node, edge, box and the canvas are fixed by the union layout, so
/// Graphviz draws a node the same way in every frame it appears in with the same look;
/// across an animation's frames there are few distinct looks (200 frames of 150 nodes hold
/// about 27,000 nodes but 700 distinct ones). The composer keeps each look's drawing, keyed
/// by the pinned scene's node, edge or box (no DOT is written for what it has drawn
/// before), asks Graphviz only for looks it has not seen (for a chunk of frames at once, in
/// as few graphs as ``SVGBatch`` packs them into), and joins the pieces in the order
/// Graphviz emits them: the boxes' clusters in declaration order, then for each node in DOT
/// order, the node, then for each of its out-edges the edge's head and the edge, each
/// object once. The result is the bytes a direct render gives.
///
/// Graphviz sizes a canvas from everything drawn on it; pinned frames carry anchors at the
/// union's corners, so a frame whose pieces all lie inside them has the anchors' canvas and
/// is composed. Frames with a piece outside (a label counts with a generous width) or two
/// edges between the same nodes are drawn whole, and their pieces are kept for later frames.
///
/// A chunk is composed in two parts, so chunks can overlap: ``prepare(_:captions:)`` has
/// the workers draw the looks the frames lack and finds every frame's pieces, in order,
/// chunk after chunk; ``Prepared/svg(_:)`` joins a frame's bytes, on any thread.
/// ``svgs(_:captions:)`` does both at once.
///
/// Used from one animation loop at a time; the lock only keeps it safe to share.
package final class SVGComposer: @unchecked Sendable {
    private let lock = NSLock()
    private let layout: StableLayout
    private let bounds: SVGBounds
    /// The canvas: what precedes the first piece, and the anchors that end a frame, for
    /// frames with this title and theme.
    private var canvas: Canvas?
    /// Drawn looks by node slot, edge slot (the indices ``StableLayout/pin(_:)`` gives a
    /// frame's nodes and edges in the layout) and box id: a few looks each; a box's look
    /// leaves out its members. A node or edge without a slot has no pieces: its frames are
    /// drawn whole.
    private var nodePieces: [[(SceneNode, Piece)]]
    private var edgePieces: [[(SceneEdge, Piece)]]
    private var boxPieces: [String: [(SceneBox, BoxPiece)]] = [:]
    /// The emit order of the last frame planned: consecutive frames mostly show the same
    /// nodes and edges, and so share it.
    private var lastOrder: OrderMemo?
    /// False once a drawing has shown clusters out of declaration order: frames with two
    /// boxes or more are then drawn whole.
    private var clustersInOrder = true
    /// False once two drawings have disagreed on the canvas: every frame is then drawn whole.
    private var canvasAgrees = true
    /// How many frames were composed rather than drawn whole (for tests).
    private(set) var composed = 0
    /// How many times the composer asked Graphviz to draw (for tests).
    private(set) var drawings = 0
    /// At most about this many pieces are kept (a few megabytes): past it the cache starts
    /// afresh, so a long animation whose looks keep changing does not grow memory frame by
    /// frame.
    let maxPieces: Int
    private var pieceCount = 0

    /// A drawn node or edge, and whether it lies inside the anchors.
    struct Piece {
        var bytes: [UInt8]
        var inside: Bool
    }

    /// What every composed frame starts and ends with.
    struct Canvas {
        /// Everything before the first piece: the `<svg …>` tag, the page's background.
        var prefix: [UInt8]
        /// From the first anchor to the end.
        var suffix: [UInt8]
        var title: String?
        var theme: Theme
        /// Where the last `</svg>` starts in `suffix` (nil: it has none), for the caption.
        let end: Int?

        init(prefix: [UInt8], suffix: [UInt8], title: String?, theme: Theme) {
            (self.prefix, self.suffix, self.title, self.theme) = (prefix, suffix, title, theme)
            end = FrameCaption.lastIndex(of: Array("</svg>".utf8), in: suffix)
        }

        /// The caption's band for a frame on this canvas (nil without lines, or when the
        /// canvas's `<svg>` tag is not in `prefix`).
        func band(_ lines: [String], theme: Theme) -> FrameCaption.Band? {
            FrameCaption.Band(lines, head: prefix, theme: theme)
        }
    }

    /// A drawn box (a cluster) without its title line, which names its place in the frame.
    struct BoxPiece {
        var head: [UInt8]
        var tail: [UInt8]
        var inside: Bool
    }

    /// Composes frames pinned to `layout`.
    package init(layout: StableLayout, maxPieces: Int = 4_000) {
        self.layout = layout
        self.maxPieces = maxPieces
        bounds = SVGBounds(layout)
        nodePieces = Array(repeating: [], count: layout.nodeIDs.count)
        edgePieces = Array(repeating: [], count: layout.edgeKeys.count)
    }

    /// The SVG of a frame pinned by ``StableLayout/pin(_:)``, composed where possible.
    package func svg(_ pinned: Scene) throws(RenderError) -> [UInt8] {
        try svgs([pinned])[0]
    }

    /// The SVG of each frame pinned by ``StableLayout/pin(_:)``, composed where possible;
    /// the looks the frames need and the composer has not drawn are drawn first, together.
    /// `captions` (one per frame, or none) go below each frame, as
    /// ``FrameCaption/append(_:to:theme:)`` puts them: a composed frame is written with its
    /// caption, not copied again to take it.
    package func svgs(_ pinned: [Scene], captions: [[String]] = []) throws(RenderError) -> [[UInt8]] {
        try prepare(pinned, captions: captions).svgs()
    }

    /// ``svgs(_:captions:)`` in two halves: this one draws the looks the frames need and
    /// finds every piece of every frame (the work that reads and grows the composer's
    /// pieces, under its lock); ``Prepared/svgs()`` joins them into bytes, on any thread,
    /// while the composer prepares the next frames.
    package func prepare(_ pinned: [Scene], captions: [[String]] = []) throws(RenderError) -> Prepared {
        try complete(request(pinned, captions: captions))
    }

    /// Plans the frames and starts drawing the looks they need that the composer has not
    /// drawn (unless not to `start`: ``prefetch(_:)`` draws them on its own thread); returns
    /// at once, for ``complete(_:)`` to be called next (AnimationRenderer
    /// starts a chunk's PNG frames in between). The frames must be pinned to this
    /// composer's layout. (Requesting a chunk before completing the one before, so its
    /// looks are drawn meanwhile, was measured and not kept: docs/performance.md,
    /// issue-30f.)
    func request(_ pinned: [Scene], captions: [[String]] = [], start: Bool = true) -> Request {
        lock.lock()
        defer { lock.unlock() }
        if pieceCount > maxPieces { forgetPieces() }
        // Each frame's pieces in emit order, as far as they are drawn already.
        var plans: [Plan?] = []
        plans.reserveCapacity(pinned.count)
        var batch = SVGBatch()
        var like: Scene?
        for scene in pinned {
            if lastOrder?.holds(for: scene) != true { lastOrder = OrderMemo(scene, layout: layout) }
            guard let order = lastOrder!.order, composable(scene) else {
                plans.append(nil)
                continue
            }
            var plan = Plan(order: order, pieces: [])
            plan.pieces.reserveCapacity(order.count)
            var complete = true
            for item in order {
                switch item {
                case .node(let i):
                    let found = piece(scene.nodes[i])
                    if found == nil {
                        complete = false
                        batch.add(scene.nodes[i])
                    }
                    plan.pieces.append(found)
                case .edge(let i):
                    let found = piece(scene.edges[i])
                    if found == nil {
                        complete = false
                        batch.add(scene.edges[i])
                    }
                    plan.pieces.append(found)
                }
            }
            for (_, box) in drawnBoxes(scene) where piece(box) == nil {
                complete = false
                batch.add(box)
            }
            if !complete {
                batch.offer(scene)
                if like == nil { like = scene }
            }
            plans.append(plan)
        }
        var graphs: [Scene] = []
        if let like, !batch.isEmpty {
            // The graphs drawn side by side, by as many workers as there are.
            graphs = batch.graphs(like: like)
            drawings += graphs.count
        }
        return Request(scenes: pinned, captions: captions, plans: plans, graphs: graphs, layout: layout, start: start)
    }

    /// Has the workers draw the looks `pinned` frames need that the composer has not drawn,
    /// and keeps them, without composing a frame: a window's first frames, drawn while the
    /// frames after them are planned, so their chunk finds its looks drawn. A look that
    /// fails is left undrawn, for the frame that needs it to draw (and report) again.
    func prefetch(_ pinned: [Scene]) {
        // Drawn on this thread: the caller's is one of its own, and a drawing started on
        // the dispatch pool could wait there for a thread while the pool's threads wait
        // for it.
        let request = request(pinned, start: false)
        let drawn = Graphviz.shared.renderAll(dots: request.graphs.map(layout.encode), format: .svg, engine: StableLayout.engine)
        lock.lock()
        defer { lock.unlock() }
        for (graph, svg) in zip(request.graphs, drawn) {
            if case .success(let svg) = svg { harvest(svg, graph, canvas: true) }
        }
    }

    /// Waits for the looks `request` asked for, keeps them, and finds every piece of its
    /// frames (a frame that cannot be composed is drawn whole, now).
    func complete(_ request: Request) throws(RenderError) -> Prepared {
        let drawn = request.drawn()
        lock.lock()
        defer { lock.unlock() }
        for (graph, svg) in zip(request.graphs, drawn) {
            if case .success(let svg) = svg { harvest(svg, graph, canvas: true) }
        }
        var out: [Prepared.Frame] = []
        out.reserveCapacity(request.scenes.count)
        for (i, (scene, plan)) in zip(request.scenes, request.plans).enumerated() {
            let lines = i < request.captions.count ? request.captions[i] : []
            if let plan, let parts = parts(scene, plan, caption: lines) {
                composed += 1
                out.append(.composed(parts))
            } else {
                drawings += 1
                let svg = try Graphviz.shared.render(dot: layout.encode(scene), format: .svg, engine: StableLayout.engine)
                harvest(svg, scene, canvas: false)
                out.append(.drawn(svg, caption: lines, theme: scene.theme))
            }
        }
        return Prepared(frames: out)
    }

    /// Frames planned by ``request(_:captions:start:)``, whose missing looks Graphviz workers are
    /// drawing on a thread of their own. `@unchecked Sendable`: `results` is written on
    /// that thread before `drawing` is left, and read after waiting for it.
    final class Request: @unchecked Sendable {
        fileprivate let scenes: [Scene]
        fileprivate let captions: [[String]]
        fileprivate let plans: [Plan?]
        fileprivate let graphs: [Scene]
        private let drawing = DispatchGroup()
        private var results: [Result<[UInt8], RenderError>] = []

        /// Starts drawing `graphs` (their DOT written on the drawing thread too), unless not
        /// to `start` (the caller draws them).
        fileprivate init(scenes: [Scene], captions: [[String]], plans: [Plan?], graphs: [Scene], layout: StableLayout, start: Bool) {
            (self.scenes, self.captions, self.plans, self.graphs) = (scenes, captions, plans, graphs)
            guard start, !graphs.isEmpty else { return }
            drawing.enter()
            DispatchQueue.global().async { [self] in
                results = Graphviz.shared.renderAll(dots: graphs.map(layout.encode), format: .svg, engine: StableLayout.engine)
                drawing.leave()
            }
        }

        fileprivate func drawn() -> [Result<[UInt8], RenderError>] {
            let start = StageTrace.now()
            drawing.wait()
            if !graphs.isEmpty { StageTrace.mark("looks: waited \(StageTrace.since(start)) for \(graphs.count) graphs") }
            return results
        }
    }

    /// Frames whose pieces are all found (``prepare(_:captions:)``), to be joined into their
    /// SVG: plain values (the pieces' bytes are shared, not copied), so the joining may run
    /// on another thread while the composer goes on.
    package struct Prepared: Sendable {
        enum Frame {
            /// Joined from pieces.
            case composed(Parts)
            /// Drawn whole by Graphviz; its caption not yet added.
            case drawn([UInt8], caption: [String], theme: Theme)
        }

        let frames: [Frame]

        /// Each frame's SVG, the bytes ``SVGComposer/svgs(_:captions:)`` gives.
        package func svgs() -> [[UInt8]] {
            frames.indices.map(svg)
        }

        /// Frame `i`'s SVG, joined now: a caller that writes each frame before joining the
        /// next holds one frame's bytes, not the chunk's.
        package func svg(_ i: Int) -> [UInt8] {
            switch frames[i] {
            case .composed(let parts): parts.bytes()
            case .drawn(let svg, let caption, let theme): FrameCaption.append(caption, to: svg, theme: theme)
            }
        }
    }

    /// Drops every drawn piece (the cache starts afresh).
    private func forgetPieces() {
        nodePieces = Array(repeating: [], count: layout.nodeIDs.count)
        edgePieces = Array(repeating: [], count: layout.edgeKeys.count)
        boxPieces.removeAll()
        pieceCount = 0
    }

    /// Drops every drawn piece, for a caller done with the frames of this layout: a long
    /// animation's windows then hold no pieces once drawn.
    package func forget() {
        lock.lock()
        defer { lock.unlock() }
        forgetPieces()
    }

    /// A frame's objects in emit order, and the pieces already drawn for them.
    fileprivate struct Plan {
        var order: [Item]
        var pieces: [Piece?]
    }

    /// Whether a frame may be composed: it has the canvas's title and theme, and every box
    /// it draws has bounds.
    private func composable(_ scene: Scene) -> Bool {
        if let canvas, canvas.title != scene.title || canvas.theme != scene.theme { return false }
        // A caption, or an empty tree's note, is drawn by Graphviz.
        if !scene.caption.isEmpty || scene.nodes.isEmpty { return false }
        let boxes = drawnBoxes(scene)
        return boxes.allSatisfy { $0.box.bounds != nil } && (clustersInOrder || boxes.count < 2)
    }

    /// The frame's pieces on its canvas, with `caption` to go below the picture
    /// (``FrameCaption``); nil when a piece is missing or outside. The pieces drawn since the
    /// plan was made are looked up now.
    private func parts(_ scene: Scene, _ plan: Plan, caption: [String]) -> Parts? {
        guard canvasAgrees, let canvas, composable(scene) else { return nil }
        var pieces: [[UInt8]] = []
        pieces.reserveCapacity(plan.pieces.count)
        var size = canvas.prefix.count + canvas.suffix.count
        for k in plan.pieces.indices {
            var found = plan.pieces[k]
            if found == nil {
                switch plan.order[k] {
                case .node(let i): found = piece(scene.nodes[i])
                case .edge(let i): found = piece(scene.edges[i])
                }
            }
            guard let found, found.inside else { return nil }
            size += found.bytes.count
            pieces.append(found.bytes)
        }
        let boxes = drawnBoxes(scene)
        var boxPieces: [(number: Int, piece: BoxPiece)] = []
        boxPieces.reserveCapacity(boxes.count)
        for (number, box) in boxes {
            guard let piece = piece(box), piece.inside else { return nil }
            boxPieces.append((number, piece))
            size += piece.head.count + piece.tail.count + 40
        }
        return Parts(canvas: canvas, boxes: boxPieces, pieces: pieces, size: size, caption: caption, theme: scene.theme)
    }

    /// A composed frame before it is joined: its canvas, boxes and pieces in emit order.
    struct Parts {
        let canvas: Canvas
        let boxes: [(number: Int, piece: BoxPiece)]
        let pieces: [[UInt8]]
        /// The bytes of it all, caption aside.
        let size: Int
        let caption: [String]
        let theme: Theme

        /// The frame's SVG, written once into a buffer of its size.
        func bytes() -> [UInt8] {
            // The caption's band goes into the canvas's `<svg>` tag and before its `</svg>`;
            // a canvas without them (never seen) gets it the way a drawn frame does.
            let band = canvas.band(caption, theme: theme)
            let end = band == nil ? nil : canvas.end
            var out: [UInt8] = []
            out.reserveCapacity(size + (band?.growth ?? 0))
            if let band, end != nil {
                canvas.prefix.withUnsafeBufferPointer { band.writeHead($0, into: &out) }
            } else {
                out += canvas.prefix
            }
            for (number, piece) in boxes {
                out += piece.head
                out += SVGPieces.clusterTitle(number)
                out += piece.tail
            }
            for piece in pieces { out += piece }
            if let band, let end {
                out += canvas.suffix[..<end]
                out += band.caption
                out += canvas.suffix[end...]
                return out
            }
            out += canvas.suffix
            return caption.isEmpty ? out : FrameCaption.append(caption, to: out, theme: theme)
        }
    }

    /// The boxes a frame draws, in order, with their cluster numbers (their places in
    /// `scene.boxes`): those with a member among its nodes, as ``DOTEncoder`` writes them.
    private func drawnBoxes(_ scene: Scene) -> [(number: Int, box: SceneBox)] {
        guard !scene.boxes.isEmpty else { return [] }
        let ids = Set(scene.nodes.map(\.id))
        return scene.boxes.enumerated().filter { $0.element.nodeIDs.contains(where: ids.contains) }.map { ($0.offset, $0.element) }
    }

    // A pinned node's or edge's looks by its slot: an index, not its id hashed.
    private func piece(_ node: SceneNode) -> Piece? {
        guard let slot = slot(of: node) else { return nil }
        let looks = nodePieces[slot]
        guard let j = looks.firstIndex(where: { $0.0 == node }) else { return nil }
        return looks[j].1
    }

    private func piece(_ edge: SceneEdge) -> Piece? {
        guard let slot = slot(of: edge) else { return nil }
        let looks = edgePieces[slot]
        guard let j = looks.firstIndex(where: { $0.0 == edge }) else { return nil }
        return looks[j].1
    }

    /// A node's slot in this composer's layout; nil without one, or for a node pinned to
    /// another layout (its frames are then drawn whole, not composed of wrong pieces).
    private func slot(of node: SceneNode) -> Int? {
        guard let slot = node.slot, slot < layout.nodeIDs.count, layout.nodeIDs[slot] == node.id else { return nil }
        return slot
    }

    private func slot(of edge: SceneEdge) -> Int? {
        guard let slot = edge.slot, slot < layout.edgeKeys.count else { return nil }
        let key = layout.edgeKeys[slot]
        return key.from == edge.from && key.to == edge.to ? slot : nil
    }

    private func piece(_ box: SceneBox) -> BoxPiece? {
        let look = box.look
        return boxPieces[box.id]?.first { $0.0 == look }?.1
    }

    /// Keeps the pieces of a drawing of `scene` the composer has not drawn before; with
    /// `canvas`, also the canvas when every piece of the drawing lies inside the anchors
    /// (a drawing of pieces only, not a frame drawn whole because of a piece outside).
    private func harvest(_ svg: [UInt8], _ scene: Scene, canvas useCanvas: Bool) {
        guard let pieces = SVGPieces(svg) else { return }
        var inside = true
        for node in scene.nodes where !SVGBatch.isMarker(node) {
            if let known = piece(node) { inside = inside && known.inside; continue }
            guard let slot = slot(of: node), let name = layout.names[node.id], let bytes = pieces.named[name] else { inside = false; continue }
            let piece = Piece(bytes: Array(bytes), inside: bounds.contains(bytes, labels: false))
            nodePieces[slot].append((node, piece))
            pieceCount += 1
            inside = inside && piece.inside
        }
        for edge in scene.edges {
            guard let a = layout.names[edge.from], let b = layout.names[edge.to] else { continue }
            if let known = piece(edge) { inside = inside && known.inside; continue }
            guard let slot = slot(of: edge), let bytes = pieces.named["\(a)&#45;&gt;\(b)"] else { continue }
            let piece = Piece(bytes: Array(bytes), inside: bounds.contains(bytes, labels: edge.label != nil))
            edgePieces[slot].append((edge, piece))
            pieceCount += 1
            inside = inside && piece.inside
        }
        if pieces.clusters.map(\.number) != pieces.clusters.map(\.number).sorted() { clustersInOrder = false }
        for (number, box) in drawnBoxes(scene) {
            if let known = piece(box) { inside = inside && known.inside; continue }
            guard let cluster = pieces.clusters.first(where: { $0.number == number }) else { inside = false; continue }
            // A cluster's label does not size the canvas (its box does).
            let piece = BoxPiece(head: Array(cluster.head), tail: Array(cluster.tail),
                                 inside: bounds.contains(cluster.head, labels: false) && bounds.contains(cluster.tail, labels: false))
            boxPieces[box.id, default: []].append((box.look, piece))
            pieceCount += 1
            inside = inside && piece.inside
        }
        guard useCanvas, inside else { return }
        let prefix = Array(pieces.prefix), suffix = Array(pieces.suffix)
        if let canvas {
            if canvas.prefix != prefix || canvas.suffix != suffix { canvasAgrees = false }
        } else {
            canvas = Canvas(prefix: prefix, suffix: suffix, title: scene.title, theme: scene.theme)
        }
    }
}
