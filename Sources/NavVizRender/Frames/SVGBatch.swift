/// The looks of nodes, edges and boxes that frames need and the composer has not drawn yet,
/// packed into as few graphs as Graphviz can draw.
///
/// A graph names each node once, so graph k holds the k-th new look of every node (and of
/// every edge); an edge needs both its ends in its graph and a box at least one member, so
/// a graph lacking them gets an invisible marker in their place (``marker(_:)``). A node can sit in one cluster of a graph only: a box is drawn from its
/// pinned bounds whichever members it has, so in a graph it keeps only members no other box
/// there has. Boxes are numbered anew in each graph (the composer renumbers clusters when it
/// puts them in a frame).
struct SVGBatch {
    /// A node's or edge's looks asked for, by its slot in the layout (``SceneNode/slot``:
    /// an index, cheap to hash), else by its id or ends.
    private enum Key: Hashable {
        case slot(Int)
        case id(String)
        case ends(StableLayout.EdgeKey)
    }
    private var nodes: [Key: [SceneNode]] = [:]
    private var nodeOrder: [Key] = []
    private var edges: [Key: [SceneEdge]] = [:]
    private var edgeOrder: [Key] = []
    private var boxes: [SceneBox] = []
    private var standIns: [String: SceneNode] = [:]
    /// The nodes of the frame ``offer(_:)`` was given last, every id of them in `standIns`.
    private var lastOffered: [SceneNode] = []

    /// Whether nothing is waiting to be drawn.
    var isEmpty: Bool { nodeOrder.isEmpty && edgeOrder.isEmpty && boxes.isEmpty }

    /// Records every node of a frame as a possible stand-in (the first node offered with
    /// each id). A node with the id of the node at its place in the frame offered last is
    /// known already: consecutive frames mostly hold the same nodes in the same order, and
    /// comparing two ids costs far less than hashing one.
    mutating func offer(_ scene: Scene) {
        let last = lastOffered
        // Read in place (an array's element read through its subscript is copied out first).
        scene.nodes.withUnsafeBufferPointer { nodes in
            last.withUnsafeBufferPointer { last in
                for i in nodes.indices {
                    if i < last.count, last[i].id == nodes[i].id { continue }
                    if standIns[nodes[i].id] == nil { standIns[nodes[i].id] = nodes[i] }
                }
            }
        }
        lastOffered = scene.nodes
    }

    /// Asks for a node's look to be drawn (once, however often asked).
    mutating func add(_ node: SceneNode) {
        let key = node.slot.map(Key.slot) ?? .id(node.id)
        if let looks = nodes[key] {
            if !looks.contains(node) { nodes[key]!.append(node) }
        } else {
            nodes[key] = [node]
            nodeOrder.append(key)
        }
    }

    /// Asks for an edge's look to be drawn.
    mutating func add(_ edge: SceneEdge) {
        let key = edge.slot.map(Key.slot) ?? .ends(StableLayout.EdgeKey(from: edge.from, to: edge.to))
        if let looks = edges[key] {
            if !looks.contains(edge) { edges[key]!.append(edge) }
        } else {
            edges[key] = [edge]
            edgeOrder.append(key)
        }
    }

    /// Asks for a box's look (``SceneBox/look``) to be drawn.
    mutating func add(_ box: SceneBox) {
        if !boxes.contains(where: { $0.look == box.look }) { boxes.append(box) }
    }

    /// The graphs that draw every look asked for, each titled and themed like `frame`.
    func graphs(like frame: Scene) -> [Scene] {
        var levels: [Level] = []
        func level(_ k: Int) -> Int {
            while levels.count <= k { levels.append(Level()) }
            return k
        }
        for key in nodeOrder {
            for (k, node) in nodes[key]!.enumerated() { levels[level(k)].put(node) }
        }
        for key in edgeOrder {
            for (k, edge) in edges[key]!.enumerated() {
                let k = level(k)
                for id in [edge.from, edge.to] where levels[k].nodes[id] == nil {
                    if let node = standIns[id] { levels[k].put(Self.marker(node)) }
                }
                levels[k].edges.append(edge)
            }
        }
        for box in boxes {
            // Any one member draws the box (its bounds are pinned), so it takes members no
            // other box of the graph has.
            func free(_ k: Int) -> [String] {
                box.nodeIDs.filter { standIns[$0] != nil && (k >= levels.count || !levels[k].boxed.contains($0)) }
            }
            var k = 0
            while k < levels.count, free(k).isEmpty { k += 1 }
            let members = free(k)
            guard !members.isEmpty else { continue }
            k = level(k)
            for id in members where levels[k].nodes[id] == nil { levels[k].put(Self.marker(standIns[id]!)) }
            levels[k].boxed.formUnion(members)
            var drawn = box
            drawn.nodeIDs = members
            levels[k].boxes.append(drawn)
        }
        return levels.map { level in
            var scene = Scene(title: frame.title, theme: frame.theme)
            scene.nodes = level.order.map { level.nodes[$0]! }
            scene.edges = level.edges
            scene.boxes = level.boxes
            return scene
        }
    }

    /// An invisible point where `node` is pinned: all an edge or a box needs of a node
    /// whose look is not asked for (Graphviz draws a pinned edge along its spline and a
    /// pinned box within its bounds, whatever the nodes look like), and nearly free to draw.
    static func marker(_ node: SceneNode) -> SceneNode {
        var marker = SceneNode(id: node.id, title: " ", subtitle: nil, shape: "point", styles: ["invis"], stroke: "", fill: "",
                               fontColor: "", penWidth: 1, classes: [], tooltip: "")
        marker.position = node.position
        return marker
    }

    /// Whether a node of a graph is a ``marker(_:)``, not a look to keep.
    static func isMarker(_ node: SceneNode) -> Bool {
        node.shape == "point" && node.styles == ["invis"] && node.tooltip.isEmpty
    }

    /// One graph being filled.
    private struct Level {
        var nodes: [String: SceneNode] = [:]
        var order: [String] = []
        var edges: [SceneEdge] = []
        var boxes: [SceneBox] = []
        /// Nodes that sit in a box of this graph.
        var boxed = Set<String>()

        mutating func put(_ node: SceneNode) {
            if nodes.updateValue(node, forKey: node.id) == nil { order.append(node.id) }
        }
    }
}

extension SceneBox {
    /// What a pinned box's drawing depends on: everything but its members (Graphviz draws a
    /// cluster with pinned bounds from those bounds and its label).
    var look: SceneBox {
        var look = self
        look.nodeIDs = []
        return look
    }
}
