@_spi(Internals) import NavVizRender
import NavVizArtifacts
import NavVizCore

/// Where a live session's nodes are, decided a step at a time, so that nodes already in the
/// window never move, and a step rarely waits for Graphviz.
///
/// The player lays each frame out itself (a tidy tree); what it reads from the window is each
/// node's width and where it stands among its siblings (left to right). A window starts as
/// Graphviz's `dot` layout of the step that starts it. A later step whose scenes hold only
/// nodes and edges the window has is drawn on it as it is. A step that brings new screens
/// grows the window without Graphviz: a new node is put one rank below its parent (which the
/// window already has), right of the parent's other children, then moved right until it
/// overlaps nothing; its width is estimated from its label (DejaVu Sans at the diagrams' sizes:
/// the window's own widths are Graphviz's). The nodes already there stay where they are. A
/// step that cannot be placed this way (a new root, a window past ``maxNodes`` nodes or grown
/// wider than ``maxWidth``: rare) starts a new window, laid out afresh by `dot` from that step alone:
/// the player announces it, as it does an animation's window change.
struct LiveLayout {
    /// The most nodes a window holds. An animation's windows hold 200, which Graphviz lays
    /// out at once; a live window grows without Graphviz, and the page's cost of a frame grows
    /// with its window's nodes, so a live window may hold more before a new one (and a wait for
    /// `dot`) is needed.
    var maxNodes = 1_500
    /// The widest a window may grow, in points, before a new one starts.
    var maxWidth = 100_000.0
    /// Space kept between a placed node and its neighbours, in points.
    static let gap = 18.0
    /// From a node's centre to its child's, when the window has no parent-child pair to measure.
    static let defaultRank = 68.0

    /// What placing a step's scenes did to the windows.
    enum Placement {
        /// Everything was in the current window.
        case fits
        /// The current window grew by these nodes and edges, to this box.
        case grew(nodes: [PlayerWindow.Node], edges: [PlayerWindow.Edge], box: PlayerWindow.Box)
        /// A new window starts.
        case newWindow(PlayerWindow)
    }

    private var nodes: [String: PlayerWindow.Node] = [:]
    private var edges: Set<StableLayout.EdgeKey> = []
    private var box: PlayerWindow.Box?
    /// From a parent's centre to its children's in the current window.
    private var rank = defaultRank
    /// How many windows were begun, and how many steps needed Graphviz.
    private(set) var windowCount = 0
    /// Set when the current window is full for another reason (its tables): the next step
    /// that is placed starts a new window.
    var endWindow = false

    /// Places the scenes of one step (its pending and applied frames).
    mutating func place(_ scenes: [Scene]) throws(RenderError) -> Placement {
        var order: [SceneNode] = []
        var seen: Set<String> = []
        var parent: [String: String] = [:]
        var sceneEdges: [StableLayout.EdgeKey] = []
        var seenEdges: Set<StableLayout.EdgeKey> = []
        for scene in scenes {
            for node in scene.nodes where seen.insert(node.id).inserted { order.append(node) }
            for edge in scene.edges {
                let key = StableLayout.EdgeKey(from: edge.from, to: edge.to)
                if seenEdges.insert(key).inserted { sceneEdges.append(key) }
                if parent[edge.to] == nil { parent[edge.to] = edge.from }
            }
        }
        let newNodes = order.filter { nodes[$0.id] == nil }
        let newEdges = sceneEdges.filter { !edges.contains($0) }
        if box != nil, !endWindow, newNodes.isEmpty, newEdges.isEmpty { return .fits }
        if box != nil, !endWindow, nodes.count + newNodes.count <= maxNodes,
           let grown = grow(newNodes, newEdges, parent: parent) {
            return grown
        }
        return .newWindow(start(PlayerWindow(try StableLayout.compute(scenes))))
    }

    /// A fresh window of `geometry`.
    private mutating func start(_ geometry: PlayerWindow) -> PlayerWindow {
        nodes = Dictionary(geometry.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        edges = Set(geometry.edges.map(\.key))
        box = geometry.box
        let steps = geometry.edges.compactMap { e -> Double? in
            guard let a = nodes[e.key.from], let b = nodes[e.key.to], b.y > a.y else { return nil }
            return b.y - a.y
        }.sorted()
        rank = steps.isEmpty ? Self.defaultRank : steps[steps.count / 2]
        windowCount += 1
        endWindow = false
        return geometry
    }

    /// The window grown by `newNodes` and `newEdges`; nil when they cannot be placed (a new
    /// node whose parent is neither in the window nor new in this step).
    private mutating func grow(_ newNodes: [SceneNode], _ newEdges: [StableLayout.EdgeKey], parent: [String: String]) -> Placement? {
        guard var box else { return nil }
        var all = nodes
        var placed: [PlayerWindow.Node] = []
        var pending = newNodes
        // Parents first: a node is placed once its parent is.
        while !pending.isEmpty {
            guard let i = pending.firstIndex(where: { parent[$0.id].map { all[$0] != nil } ?? false }) else { return nil }
            let scene = pending.remove(at: i)
            guard let p = parent[scene.id], let anchor = all[p] else { return nil }
            let width = Self.width(scene)
            let siblings = all.values.filter { n in newEdges.contains(where: { $0.from == p && $0.to == n.id }) || edges.contains(.init(from: p, to: n.id)) }
            let right = siblings.map { $0.x + $0.width / 2 }.max()
            let y = anchor.y + rank
            var node = PlayerWindow.Node(id: scene.id, x: right.map { $0 + Self.gap + width / 2 } ?? anchor.x, y: y,
                                         width: width, height: scene.subtitle == nil ? 36 : 44)
            // Each move puts the node past one more node to its right, so this ends; the
            // extra half point keeps rounding from finding the same node again.
            while let blocker = all.values.first(where: { Self.overlaps($0, node) }) {
                node.x = blocker.x + (blocker.width + node.width) / 2 + Self.gap + 0.5
            }
            all[scene.id] = node
            placed.append(node)
            box = PlayerWindow.Box(x0: min(box.x0, node.x - node.width / 2 - Self.gap), y0: min(box.y0, node.y - node.height / 2 - Self.gap),
                                   x1: max(box.x1, node.x + node.width / 2 + Self.gap), y1: max(box.y1, node.y + node.height / 2 + Self.gap))
        }
        guard box.x1 - box.x0 <= maxWidth else { return nil }
        let joined = newEdges.filter { all[$0.from] != nil && all[$0.to] != nil }
        nodes = all
        edges.formUnion(joined)
        self.box = box
        return .grew(nodes: placed, edges: joined.map(PlayerWindow.Edge.init(key:)), box: box)
    }

    /// A node's width in points, estimated from its lines as DejaVu Sans draws them at the
    /// diagrams' sizes (the title at 14, the line under it at 10), its operation badges, and
    /// Graphviz's margins.
    static func width(_ node: SceneNode) -> Double {
        func text(_ s: String, size: Double) -> Double {
            s.unicodeScalars.reduce(0) { sum, u in
                let v = u.value
                let em: Double = v < 0x80 ? (Glyphs.narrow.contains(v) ? 0.32 : Glyphs.wide.contains(v) ? 0.86 : 0.56) : 0.9
                return sum + em * size
            }
        }
        let title = text(node.title, size: 14), subtitle = node.subtitle.map { text($0, size: 10) } ?? 0
        let badges = node.badges.reduce(0.0) { $0 + 10 + 8 * Double($1.text.count) }
        return max(54, max(title, subtitle) + 22 + badges)
    }

    /// Whether two nodes' boxes, with ``gap`` around them, overlap.
    private static func overlaps(_ a: PlayerWindow.Node, _ b: PlayerWindow.Node) -> Bool {
        abs(a.x - b.x) < (a.width + b.width) / 2 + gap && abs(a.y - b.y) < (a.height + b.height) / 2 + gap
    }
}

/// ASCII characters DejaVu Sans draws narrower or wider than most.
private enum Glyphs {
    static let narrow: Set<UInt32> = Set("ijlft.,:;'|!()[]{} ".unicodeScalars.map(\.value))
    static let wide: Set<UInt32> = Set("mwMW@%".unicodeScalars.map(\.value))
}
