@_spi(Internals) import NavVizRender
import NavVizArtifacts
import NavVizCore

/// Where a live session's nodes are drawn, decided a step at a time, so that nodes already
/// shown never move.
///
/// A window starts as Graphviz's `dot` layout of the first step's scenes. A later step whose
/// scenes hold only nodes and edges the window has is drawn on it as it is. A step that brings
/// new screens grows the window: `dot` lays out the step's own scenes, and each new node is
/// put where that layout puts it relative to its parent, which is already in the window, then
/// moved right until it overlaps nothing (its subtree follows it). The nodes already there
/// stay where they are. (The player lays each frame out itself, keeping siblings in the
/// window's order: a grown node comes after the siblings it is placed beside.) A step
/// that cannot be placed this way (a new root, a window past ``maxNodes`` nodes or grown
/// wider than ``maxWidth``) starts a new window, laid out afresh from that step alone: the
/// player announces it, as it does an animation's window change.
struct LiveLayout {
    /// The most nodes a window holds (as an animation's windows).
    var maxNodes = 200
    /// The widest a window may grow, in points, before a new one starts.
    var maxWidth = 4_000.0
    /// Space kept between a placed node and its neighbours, in points.
    static let gap = 18.0

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
    /// How many windows were begun.
    private(set) var windowCount = 0

    /// Places the scenes of one step (its pending and applied frames), laying out with
    /// Graphviz only what is new.
    mutating func place(_ scenes: [Scene]) throws(RenderError) -> Placement {
        var sceneNodes: [String] = []
        var seen: Set<String> = []
        var parent: [String: String] = [:]
        var sceneEdges: [StableLayout.EdgeKey] = []
        for scene in scenes {
            for node in scene.nodes where seen.insert(node.id).inserted { sceneNodes.append(node.id) }
            for edge in scene.edges {
                let key = StableLayout.EdgeKey(from: edge.from, to: edge.to)
                if !sceneEdges.contains(key) { sceneEdges.append(key) }
                if parent[edge.to] == nil { parent[edge.to] = edge.from }
            }
        }
        let newNodes = sceneNodes.filter { nodes[$0] == nil }
        let newEdges = sceneEdges.filter { !edges.contains($0) }
        if box != nil, newNodes.isEmpty, newEdges.isEmpty { return .fits }
        let local = PlayerWindow(try StableLayout.compute(scenes))
        guard box != nil, nodes.count + newNodes.count <= maxNodes,
              let grown = grow(newNodes, newEdges, parent: parent, local: local) else {
            return .newWindow(start(local))
        }
        return grown
    }

    /// A fresh window of `geometry`.
    private mutating func start(_ geometry: PlayerWindow) -> PlayerWindow {
        nodes = Dictionary(geometry.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        edges = Set(geometry.edges.map(\.key))
        box = geometry.box
        windowCount += 1
        return geometry
    }

    /// The window grown by `newNodes` and `newEdges`, placed after `local`, the step's own
    /// layout; nil when they cannot be placed (a new node without a parent in the window).
    private mutating func grow(_ newNodes: [String], _ newEdges: [StableLayout.EdgeKey], parent: [String: String],
                               local: PlayerWindow) -> Placement? {
        guard var box else { return nil }
        let inLocal = Dictionary(local.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Parents first: a node is placed from its parent's final place.
        let order = newNodes.sorted { (inLocal[$0]?.y ?? 0, $0) < (inLocal[$1]?.y ?? 0, $1) }
        var placed: [PlayerWindow.Node] = []
        var all = nodes
        for id in order {
            guard let mine = inLocal[id], let p = parent[id], let anchor = all[p], let theirs = inLocal[p] else { return nil }
            var node = PlayerWindow.Node(id: id, x: anchor.x + (mine.x - theirs.x), y: anchor.y + (mine.y - theirs.y),
                                         width: mine.width, height: mine.height)
            // Each move puts the node past one more node to its right, so this ends; the
            // extra half point keeps rounding from finding the same node again.
            while let blocker = all.values.first(where: { Self.overlaps($0, node) }) {
                node.x = blocker.x + (blocker.width + node.width) / 2 + Self.gap + 0.5
            }
            all[id] = node
            placed.append(node)
            box = PlayerWindow.Box(x0: min(box.x0, node.x - node.width / 2 - Self.gap), y0: min(box.y0, node.y - node.height / 2 - Self.gap),
                                   x1: max(box.x1, node.x + node.width / 2 + Self.gap), y1: max(box.y1, node.y + node.height / 2 + Self.gap))
        }
        guard box.x1 - box.x0 <= maxWidth else { return nil }
        let paths = newEdges.filter { all[$0.from] != nil && all[$0.to] != nil }.map(PlayerWindow.Edge.init(key:))
        nodes = all
        edges.formUnion(paths.map(\.key))
        self.box = box
        return .grew(nodes: placed, edges: paths, box: box)
    }

    /// Whether two nodes' boxes, with ``gap`` around them, overlap.
    private static func overlaps(_ a: PlayerWindow.Node, _ b: PlayerWindow.Node) -> Bool {
        abs(a.x - b.x) < (a.width + b.width) / 2 + gap && abs(a.y - b.y) < (a.height + b.height) / 2 + gap
    }
}
