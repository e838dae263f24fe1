/// One layout shared by every frame of an animation, so a node keeps its position in every
/// frame in which it appears.
///
/// The union of all frames (every node and edge that appears anywhere) is laid out once by
/// `dot`; each frame is then drawn by Graphviz's `nop2` engine with its nodes pinned to those
/// positions, its edges pinned to the union's splines, and two invisible anchors at the
/// union's corners, so every frame has the same canvas and nothing jumps when a player steps
/// through them. With every edge pinned, `nop2` routes nothing: a frame costs only its
/// drawing (routing splines around 150 obstacles took seconds a frame).
///
/// Public only under `@_spi(Internals)`: not for library users, but for the fuzz targets in
/// Fuzz/, a package of their own (its sanitizer flags stay out of this one) that starts and
/// drives Graphviz workers as `navviz` does.
@_spi(Internals) public struct StableLayout: Sendable {
    /// Node centres in points, by navviz id.
    package let positions: [String: Point]
    /// Node sizes (width, height) in points, by navviz id, for the boxes around groups.
    package let sizes: [String: (Double, Double)]
    /// The lower-left and upper-right corners of the union layout: every node's box in its
    /// widest look, with a margin. Invisible anchors there make Graphviz size every frame's
    /// canvas to them, so every frame has the same canvas.
    package let corners: (Point, Point)
    /// Edge splines (Graphviz `pos`) by `from` and `to` navviz ids.
    package let routes: [EdgeKey: String]
    /// DOT names by node id, from the node's place in the union (`n17` in every frame).
    package let names: [String: String]
    /// Node ids in the union's order (the `n17` of ``names`` is `nodeIDs[17]`).
    package let nodeIDs: [String]
    /// Every edge of the union laid out, in the union's order.
    package let edgeKeys: [EdgeKey]
    /// Each node's index in ``nodeIDs`` and each edge's in ``edgeKeys``: the slots
    /// ``pin(_:)`` gives a frame's nodes and edges (``SceneNode/slot``), by which what
    /// follows finds a node's looks and rows without hashing its id again.
    private let slots: [String: Int]
    private let edgeSlots: [EdgeKey: Int]
    /// ``positions`` by node slot, ``routes`` by edge slot.
    private let slotPositions: [Point?]
    private let slotRoutes: [String?]
    /// Each edge's tail and head slots, by edge slot (the slots of ``edgeKeys``' ends).
    package let edgeEnds: [(from: Int, to: Int)?]

    /// A layout of the nodes `nodeIDs` (named `n0`, `n1`, … in that order: ``names`` and
    /// ``slots`` are made from it) and the edges `edgeKeys`.
    package init(positions: [String: Point], sizes: [String: (Double, Double)], corners: (Point, Point), routes: [EdgeKey: String],
                 nodeIDs: [String], edgeKeys: [EdgeKey]) {
        (self.positions, self.sizes, self.corners, self.routes, self.nodeIDs, self.edgeKeys) =
            (positions, sizes, corners, routes, nodeIDs, edgeKeys)
        var slots: [String: Int] = [:], names: [String: String] = [:], edgeSlots: [EdgeKey: Int] = [:]
        slots.reserveCapacity(nodeIDs.count)
        names.reserveCapacity(nodeIDs.count)
        edgeSlots.reserveCapacity(edgeKeys.count)
        for (i, id) in nodeIDs.enumerated() where slots[id] == nil {
            slots[id] = i
            names[id] = "n\(i)"
        }
        for (i, key) in edgeKeys.enumerated() where edgeSlots[key] == nil { edgeSlots[key] = i }
        (self.slots, self.names, self.edgeSlots) = (slots, names, edgeSlots)
        slotPositions = nodeIDs.map { positions[$0] }
        slotRoutes = edgeKeys.map { routes[$0] }
        edgeEnds = edgeKeys.map { key in slots[key.from].flatMap { a in slots[key.to].map { (a, $0) } } }
    }

    /// An edge by the navviz ids it joins.
    package struct EdgeKey: Hashable, Sendable {
        package var from: String
        package var to: String

        package init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// The engine frames are drawn with.
    @_spi(Internals) public static let engine = "nop2"

    /// Space around the union's node boxes (room for a node drawn wider in one frame).
    static let margin = 24.0

    /// Lays out the union of the scenes once.
    @_spi(Internals) public static func compute(_ scenes: [Scene]) throws(RenderError) -> StableLayout {
        try compute(union: unionScene(scenes))
    }

    /// Lays out a union made by ``unionScene(_:)``.
    package static func compute(union: Scene) throws(RenderError) -> StableLayout {
        var options = DOTEncoder.Options()
        options.layoutOnly = true
        let dot = DOTEncoder.encode(union, options: options)
        let geometry = try Graphviz.shared.geometry(dot: dot)
        var positions: [String: Point] = [:]
        var sizes: [String: (Double, Double)] = [:]
        var names: [String: String] = [:]
        for (i, node) in union.nodes.enumerated() {
            names[node.id] = "n\(i)"
            if let p = geometry.nodes["n\(i)"] {
                positions[node.id] = p.center
                sizes[node.id] = (p.width, p.height)
            }
        }
        var routes: [EdgeKey: String] = [:]
        var edgeKeys: [EdgeKey] = []
        for edge in union.edges {
            if let a = names[edge.from], let b = names[edge.to], let pos = geometry.edges["\(a)->\(b)"] {
                let key = EdgeKey(from: edge.from, to: edge.to)
                if routes.updateValue(pos, forKey: key) == nil { edgeKeys.append(key) }
            }
        }
        var low = Point(x: 0, y: 0), high = Point(x: 0, y: 0)
        for (i, (id, p)) in positions.sorted(by: { $0.key < $1.key }).enumerated() {
            let (w, h) = sizes[id] ?? (0, 0)
            let a = Point(x: p.x - w / 2 - margin, y: p.y - h / 2 - margin), b = Point(x: p.x + w / 2 + margin, y: p.y + h / 2 + margin)
            low = i == 0 ? a : Point(x: min(low.x, a.x), y: min(low.y, a.y))
            high = i == 0 ? b : Point(x: max(high.x, b.x), y: max(high.y, b.y))
        }
        return StableLayout(positions: positions, sizes: sizes, corners: (low, high), routes: routes,
                            nodeIDs: union.nodes.map(\.id), edgeKeys: edgeKeys)
    }

    /// The scene with every node pinned to its union position, every edge to its union
    /// spline, and every box given the bounds of its members (nop2 draws clusters only where
    /// their bounds are known).
    package func pin(_ scene: consuming Scene) -> Scene {
        var memo = PinMemo()
        return pin(scene, memo: &memo)
    }

    /// The last frame ``pin(_:memo:)`` pinned, by place in the frame: each node and edge as
    /// given and as pinned. A frame mostly shows the nodes and edges
    /// of the one before in the same order: one given as the same box is pinned as it was,
    /// and comparing an id with the one at its place there costs less than hashing it.
    package struct PinMemo: Sendable {
        /// Each node as given and as pinned.
        fileprivate var nodes: [(given: SceneNode, pinned: SceneNode)] = []
        /// Each edge as given and as pinned (its slot the pinned one's).
        fileprivate var edges: [(given: SceneEdge, pinned: SceneEdge)] = []
        package init() {}
        fileprivate init(nodes: [(given: SceneNode, pinned: SceneNode)], edges: [(given: SceneEdge, pinned: SceneEdge)]) {
            (self.nodes, self.edges) = (nodes, edges)
        }
    }

    /// ``pin(_:)``, finding the frame's slots at their places in `memo`'s frame first, and
    /// leaving this frame's in `memo`.
    package func pin(_ scene: consuming Scene, memo: inout PinMemo) -> Scene {
        var pinned = consume scene  // a scene built for the call is pinned in place, not copied
        var nodes: [(given: SceneNode, pinned: SceneNode)] = []
        nodes.reserveCapacity(pinned.nodes.count)
        for i in pinned.nodes.indices {
            let given = pinned.nodes[i]
            if i < memo.nodes.count, given.isCopy(of: memo.nodes[i].given) {
                // The node the frame before had here (scenes share a node shown unchanged):
                // pinned as it was.
                pinned.nodes[i] = memo.nodes[i].pinned
            } else {
                let id = given.id
                let slot = i < memo.nodes.count && memo.nodes[i].given.id == id ? memo.nodes[i].pinned.slot : slots[id]
                pinned.nodes[i].pin(slot: slot, position: slot.flatMap { slotPositions[$0] })
            }
            nodes.append((given, pinned.nodes[i]))
        }
        var edges: [(given: SceneEdge, pinned: SceneEdge)] = []
        edges.reserveCapacity(pinned.edges.count)
        for i in pinned.edges.indices {
            let given = pinned.edges[i]
            if i < memo.edges.count, given.isCopy(of: memo.edges[i].given) {
                // The edge the frame before had here (scenes share an edge drawn unchanged):
                // pinned as it was.
                pinned.edges[i] = memo.edges[i].pinned
                edges.append(memo.edges[i])
                continue
            }
            let (from, to) = (given.from, given.to)
            let slot = i < memo.edges.count && memo.edges[i].given.from == from && memo.edges[i].given.to == to
                ? memo.edges[i].pinned.slot : edgeSlots[EdgeKey(from: from, to: to)]
            let route = slot.flatMap { slotRoutes[$0] }
            pinned.edges[i].pin(slot: slot, route: route)
            if let label = pinned.edges[i].label, let route {
                pinned.edges[i].labelPosition = Self.labelPosition(label, along: route)
            }
            edges.append((given, pinned.edges[i]))
        }
        memo = PinMemo(nodes: nodes, edges: edges)
        for i in pinned.boxes.indices {
            var low = Point(x: .infinity, y: .infinity), high = Point(x: -.infinity, y: -.infinity)
            for id in pinned.boxes[i].nodeIDs {
                guard let p = positions[id], let (w, h) = sizes[id] else { continue }
                low = Point(x: min(low.x, p.x - w / 2), y: min(low.y, p.y - h / 2))
                high = Point(x: max(high.x, p.x + w / 2), y: max(high.y, p.y + h / 2))
            }
            if low.x.isFinite {
                pinned.boxes[i].bounds = (Point(x: low.x - 8, y: low.y - 8), Point(x: high.x + 8, y: high.y + 22))
            }
        }
        return pinned
    }

    /// DOT for a pinned frame, to render with ``engine``.
    @_spi(Internals) public func dot(_ scene: Scene) -> String {
        encode(pin(scene))
    }

    /// The DOT of a scene already pinned by ``pin(_:)``.
    package func encode(_ pinned: Scene) -> String {
        DOTEncoder.encode(pinned, options: options)
    }

    /// How pinned frames are encoded: node names from the union, anchors at the corners.
    var options: DOTEncoder.Options { .init(pinned: true, corners: corners, names: names) }

    /// Beside the middle of the spline, clear of it by half the label's estimated width.
    static func labelPosition(_ label: String, along route: String) -> Point? {
        let points = route.split(separator: " ").filter { !$0.hasPrefix("e,") && !$0.hasPrefix("s,") }.compactMap { field -> Point? in
            let xy = field.split(separator: ",")
            guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else { return nil }
            return Point(x: x, y: y)
        }
        guard !points.isEmpty else { return nil }
        let middle = points[points.count / 2]
        return Point(x: middle.x + 6 + Double(label.count) * 3.5, y: middle.y)
    }

    /// Every node (in first-appearance order, drawn with its widest look so the layout
    /// leaves room for badges) and every edge of all scenes.
    /// Scenes are read once, in order, so a lazy sequence never holds them all.
    package static func unionScene(_ scenes: some Sequence<Scene>) -> Scene {
        var union = Union()
        for scene in scenes { union.add(scene) }
        return union.scene
    }

    /// The union of scenes given one at a time (see ``unionScene(_:)``), for frames read
    /// one by one from a stream.
    package struct Union: Sendable {
        /// The union so far.
        package private(set) var scene = Scene(theme: .light)
        private var first = true
        private var nodeIndex: [String: Int] = [:]
        private var widths: [Int] = []  // of scene.nodes
        private var edges = Set<EdgeKey>()
        /// The last frame added: its node ids with their indices in the union, and its edges'
        /// ends. Consecutive frames mostly show the same nodes in the same order, and
        /// comparing an id with the one at its place in the frame before costs less than
        /// hashing it.
        private var lastIDs: [(id: String, index: Int)] = []
        private var lastEnds: [(from: String, to: String)] = []
        /// The last frame's nodes and their widths: a node shown unchanged is the same box
        /// (``SceneNode/isCopy(of:)``), its width not counted again.
        private var lastWidths: [(node: SceneNode, width: Int)] = []

        package init() {}

        /// How many of the frame's nodes the union does not hold yet.
        package func newNodes(in frame: Scene) -> Int {
            frame.nodes.indices.reduce(0) { $0 + (index(of: frame.nodes[$1].id, at: $1) == nil ? 1 : 0) }
        }

        /// The union index of a frame's node `id`, the frame's `k`-th node.
        private func index(of id: String, at k: Int) -> Int? {
            if k < lastIDs.count, lastIDs[k].id == id { return lastIDs[k].index }
            return nodeIndex[id]
        }

        package mutating func add(_ frame: Scene) {
            if first {
                scene.theme = frame.theme
                first = false
            }
            var ids: [(id: String, index: Int)] = []
            ids.reserveCapacity(frame.nodes.count)
            var nodeWidths: [(node: SceneNode, width: Int)] = []
            nodeWidths.reserveCapacity(frame.nodes.count)
            for k in frame.nodes.indices {
                let node = frame.nodes[k]
                let width = k < lastWidths.count && node.isCopy(of: lastWidths[k].node) ? lastWidths[k].width : StableLayout.width(node)
                nodeWidths.append((node, width))
                if let i = index(of: node.id, at: k) {
                    if width > widths[i] {
                        scene.nodes[i] = node
                        widths[i] = width
                    }
                    ids.append((node.id, i))
                } else {
                    nodeIndex[node.id] = scene.nodes.count
                    ids.append((node.id, scene.nodes.count))
                    scene.nodes.append(node)
                    widths.append(width)
                }
            }
            var ends: [(from: String, to: String)] = []
            ends.reserveCapacity(frame.edges.count)
            for k in frame.edges.indices {
                let (from, to) = (frame.edges[k].from, frame.edges[k].to)
                ends.append((from, to))
                // An edge at the place it had in the frame before is in the union already.
                if k < lastEnds.count, lastEnds[k].from == from, lastEnds[k].to == to { continue }
                guard edges.insert(EdgeKey(from: from, to: to)).inserted else { continue }
                var edge = frame.edges[k]
                edge.label = nil  // where edges run does not depend on which frame labels them
                scene.edges.append(edge)
            }
            (lastIDs, lastEnds, lastWidths) = (ids, ends, nodeWidths)
        }
    }

    static func width(_ node: SceneNode) -> Int {
        characters(node.title) + node.badges.reduce(0) { $0 + characters($1.text) + 2 } + (node.subtitle.map(characters) ?? 0) / 2
    }

    /// `s.count`: for ASCII text without a CR LF (one character of two bytes), its number of
    /// bytes, counted without breaking the text into characters.
    static func characters(_ s: String) -> Int {
        let ascii = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var cr = false
            for b in bytes {
                if b >= 0x80 || (cr && b == 0x0A) { return false }
                cr = b == 0x0D
            }
            return true
        }
        return ascii == true ? s.utf8.count : s.count
    }
}
