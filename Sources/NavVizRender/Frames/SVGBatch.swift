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
    /// Looks asked for, grouped by node or edge in the order first asked; a group found by
    /// its slot in the layout (``SceneNode/slot``: an index into an array, nothing hashed),
    /// else by `Other` (a node's id, an edge's ends). A chunk asks some 15,000 times for
    /// about a thousand looks.
    private struct Asked<Look: Equatable, Other: Hashable> {
        private(set) var groups: [[Look]] = []
        /// 1 + the index in `groups` of each slot's group; 0 for none yet.
        private var bySlot: [Int] = []
        private var byOther: [Other: Int] = [:]
        /// Slots beyond this go by `Other` (a layout has far fewer).
        private static var slotLimit: Int { 1 << 20 }

        mutating func add(_ look: Look, slot: Int?, other: @autoclosure () -> Other) {
            var index: Int?
            if let slot, slot >= 0, slot < Self.slotLimit {
                if slot >= bySlot.count { bySlot += repeatElement(0, count: slot + 1 - bySlot.count) }
                if bySlot[slot] == 0 { bySlot[slot] = groups.count + 1 } else { index = bySlot[slot] - 1 }
            } else {
                let key = other()
                index = byOther[key]
                if index == nil { byOther[key] = groups.count }
            }
            if let index {
                if !groups[index].contains(look) { groups[index].append(look) }
            } else {
                groups.append([look])
            }
        }
    }
    private var nodes = Asked<SceneNode, String>()
    private var edges = Asked<SceneEdge, StableLayout.EdgeKey>()
    private var boxes: [SceneBox] = []
    private var standIns: [String: SceneNode] = [:]
    /// The nodes of the frame ``offer(_:)`` was given last, every id of them in `standIns`.
    private var lastOffered: [SceneNode] = []

    /// Whether nothing is waiting to be drawn.
    var isEmpty: Bool { nodes.groups.isEmpty && edges.groups.isEmpty && boxes.isEmpty }

    /// Records every node of a frame as a possible stand-in (the first node offered with
    /// each id). A node with the id of the node at its place in the frame offered last is
    /// known already: consecutive frames mostly hold the same nodes in the same order, and
    /// comparing two ids costs far less than hashing one.
    mutating func offer(_ scene: Scene) {
        let last = lastOffered
        // Read in place (an array's element read through its subscript is copied out first).
        scene.nodes.withUnsafeBufferPointer { frame in
            last.withUnsafeBufferPointer { last in
                for i in frame.indices {
                    if i < last.count, last[i].id == frame[i].id { continue }
                    if standIns[frame[i].id] == nil { standIns[frame[i].id] = frame[i] }
                }
            }
        }
        lastOffered = scene.nodes
    }

    /// Asks for a node's look to be drawn (once, however often asked).
    mutating func add(_ node: SceneNode) {
        nodes.add(node, slot: node.slot, other: node.id)
    }

    /// Asks for an edge's look to be drawn.
    mutating func add(_ edge: SceneEdge) {
        edges.add(edge, slot: edge.slot, other: StableLayout.EdgeKey(from: edge.from, to: edge.to))
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
        for group in nodes.groups {
            for (k, node) in group.enumerated() { levels[level(k)].put(node) }
        }
        for group in edges.groups {
            for (k, edge) in group.enumerated() {
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
