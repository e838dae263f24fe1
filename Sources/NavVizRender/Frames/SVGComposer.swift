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
/// Used from one animation loop at a time; the lock only keeps it safe to share.
package final class SVGComposer: @unchecked Sendable {
    private let lock = NSLock()
    private let layout: StableLayout
    private let bounds: SVGBounds
    /// The canvas: what precedes the first piece, and the anchors that end a frame, for
    /// frames with this title and theme.
    private var canvas: (prefix: [UInt8], suffix: [UInt8], title: String?, theme: Theme)?
    /// Drawn looks by node id, edge ends and box id (a few looks each; a box's look leaves
    /// out its members).
    private var nodePieces: [String: [(SceneNode, Piece)]] = [:]
    private var edgePieces: [StableLayout.EdgeKey: [(SceneEdge, Piece)]] = [:]
    private var boxPieces: [String: [(SceneBox, BoxPiece)]] = [:]
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
    }

    /// The SVG of a frame pinned by ``StableLayout/pin(_:)``, composed where possible.
    package func svg(_ pinned: Scene) throws(RenderError) -> [UInt8] {
        try svgs([pinned])[0]
    }

    /// The SVG of each frame pinned by ``StableLayout/pin(_:)``, composed where possible;
    /// the looks the frames need and the composer has not drawn are drawn first, together.
    package func svgs(_ pinned: [Scene]) throws(RenderError) -> [[UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        if pieceCount > maxPieces { forgetPieces() }
        // Each frame's pieces in emit order, as far as they are drawn already.
        var plans: [Plan?] = []
        plans.reserveCapacity(pinned.count)
        var batch = SVGBatch()
        var like: Scene?
        for scene in pinned {
            guard let order = Self.emitOrder(scene), composable(scene) else {
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
                    if found == nil { complete = false; batch.add(scene.nodes[i]) }
                    plan.pieces.append(found)
                case .edge(let i):
                    let found = piece(scene.edges[i])
                    if found == nil { complete = false; batch.add(scene.edges[i]) }
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
        if let like, !batch.isEmpty {
            // The graphs drawn side by side, by as many workers as there are.
            let graphs = batch.graphs(like: like)
            drawings += graphs.count
            let drawn = Graphviz.shared.renderAll(dots: graphs.map(layout.encode), format: .svg, engine: StableLayout.engine)
            for (graph, svg) in zip(graphs, drawn) {
                if case .success(let svg) = svg { harvest(svg, graph, canvas: true) }
            }
        }
        var out: [[UInt8]] = []
        out.reserveCapacity(pinned.count)
        for (scene, plan) in zip(pinned, plans) {
            if let plan, let svg = compose(scene, plan) {
                composed += 1
                out.append(svg)
            } else {
                drawings += 1
                let svg = try Graphviz.shared.render(dot: layout.encode(scene), format: .svg, engine: StableLayout.engine)
                harvest(svg, scene, canvas: false)
                out.append(svg)
            }
        }
        return out
    }

    /// Drops every drawn piece (the cache starts afresh).
    private func forgetPieces() {
        nodePieces.removeAll()
        edgePieces.removeAll()
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
    private struct Plan {
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

    /// The frame's pieces joined on its canvas; nil when one is missing or outside.
    private func compose(_ scene: Scene, _ plan: Plan) -> [UInt8]? {
        guard canvasAgrees, let canvas, composable(scene) else { return nil }
        var size = canvas.prefix.count + canvas.suffix.count
        for case let piece? in plan.pieces { size += piece.bytes.count }
        var out: [UInt8] = []
        out.reserveCapacity(size + 2_000 * scene.boxes.count)
        out += canvas.prefix
        for (number, box) in drawnBoxes(scene) {
            guard let piece = piece(box), piece.inside else { return nil }
            out += piece.head
            out += SVGPieces.clusterTitle(number)
            out += piece.tail
        }
        for (item, known) in zip(plan.order, plan.pieces) {
            let found: Piece?
            switch item {
            case .node(let i): found = known ?? piece(scene.nodes[i])
            case .edge(let i): found = known ?? piece(scene.edges[i])
            }
            guard let found, found.inside else { return nil }
            out += found.bytes
        }
        out += canvas.suffix
        return out
    }

    /// The boxes a frame draws, in order, with their cluster numbers (their places in
    /// `scene.boxes`): those with a member among its nodes, as ``DOTEncoder`` writes them.
    private func drawnBoxes(_ scene: Scene) -> [(number: Int, box: SceneBox)] {
        guard !scene.boxes.isEmpty else { return [] }
        let ids = Set(scene.nodes.map(\.id))
        return scene.boxes.enumerated().filter { $0.element.nodeIDs.contains(where: ids.contains) }.map { ($0.offset, $0.element) }
    }

    private func piece(_ node: SceneNode) -> Piece? {
        nodePieces[node.id]?.first { $0.0 == node }?.1
    }

    private func piece(_ edge: SceneEdge) -> Piece? {
        edgePieces[StableLayout.EdgeKey(from: edge.from, to: edge.to)]?.first { $0.0 == edge }?.1
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
            guard let name = layout.names[node.id], let bytes = pieces.named[name] else { inside = false; continue }
            let piece = Piece(bytes: Array(bytes), inside: bounds.contains(bytes, labels: false))
            nodePieces[node.id, default: []].append((node, piece))
            pieceCount += 1
            inside = inside && piece.inside
        }
        for edge in scene.edges {
            guard let a = layout.names[edge.from], let b = layout.names[edge.to] else { continue }
            if let known = piece(edge) { inside = inside && known.inside; continue }
            guard let bytes = pieces.named["\(a)&#45;&gt;\(b)"] else { continue }
            let piece = Piece(bytes: Array(bytes), inside: bounds.contains(bytes, labels: edge.label != nil))
            edgePieces[StableLayout.EdgeKey(from: edge.from, to: edge.to), default: []].append((edge, piece))
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
            canvas = (prefix, suffix, scene.title, scene.theme)
        }
    }
}
