@_spi(Internals) import NavVizRender
import NavVizCore

/// What the HTML player draws, gathered a frame at a time while the frames are drawn.
///
/// The frames of a session show the same nodes over and over, so the player holds each node
/// of a layout window once (with its place in the window's union layout, whose order of
/// siblings and widths the player's own layout keeps), each edge as the two nodes it joins,
/// and each frame as what changed since the frame before: which nodes and edges appear or leave, and the text
/// and style of those whose look changed. Texts and styles are kept once each, in tables the
/// frames point into. The page then grows with what changes, not with frames × tree: a
/// frame that moves the active path costs a few dozen bytes.
///
/// Each window and each frame is returned as its row of the player's data when it is added,
/// for the caller to keep (on disk, for a long session: the model itself holds only the
/// current window and the tables, which grow with the session's distinct looks, not with its
/// frames). ``write(title:delayMilliseconds:background:windows:frames:to:)`` then writes the
/// player's data (the keys are documented in `docs/player.md`) through ``JSONOutput``,
/// without spaces; its text is made safe for a `<script>` element by ``HTMLPlayer``.
package struct PlayerModel: Sendable {
    /// The window frames are being added to: its nodes' and edges' indices.
    private struct Window {
        var nodes: [String: Int] = [:]
        var edges: [StableLayout.EdgeKey: Int] = [:]
    }

    private var window: Window?
    /// For a window begun with a stable layout: the layout's node ids and edges by slot
    /// (``SceneNode/slot``), and their indices in the window, so a pinned frame's nodes are
    /// found by slot rather than by hashing their ids.
    private var slotIDs: [String] = []
    private var slotEdges: [StableLayout.EdgeKey] = []
    private var nodeBySlot: [Int?] = []
    private var edgeBySlot: [Int?] = []
    /// How many windows were begun.
    private var windowCount = 0
    private var texts = Table()
    private var nodeStyles = Table()
    private var edgeStyles = Table()
    /// A node's text and style rows.
    private struct NodeRows: Equatable {
        var text: Int
        var style: Int
    }

    /// The rows the last frame showed each node and edge of the current window with, by
    /// their index in the window (nil: not shown).
    private var nodeState: [NodeRows?] = []
    private var edgeState: [Int?] = []
    /// The last few looks each node and edge of the current window was drawn with, and
    /// their rows, by index in the window: a node drawn as in a frame before (most of them;
    /// pending and applied frames alternate between two looks) costs a comparison or two
    /// (a lookup), not its rows' JSON written and looked up again.
    private var nodeLooks: [[(node: SceneNode, rows: NodeRows)]] = []
    private var edgeLooks: [[(edge: SceneEdge, row: Int)]] = []
    /// Looks kept per node or edge.
    static let keptLooks = 4
    /// Whether each window has tables of its own (a live session's: a window let go takes its
    /// rows with it), rather than one set for the whole session (a bundle's).
    private let tablesPerWindow: Bool

    /// A model whose texts and styles are kept once for the whole session, or, with
    /// `tablesPerWindow`, once per window, numbered from 0 in each (`navviz watch`: the memory
    /// a long session's tables take stays that of one window).
    package init(tablesPerWindow: Bool = false) {
        self.tablesPerWindow = tablesPerWindow
    }

    /// How many rows the tables hold (with `tablesPerWindow`, the current window's).
    package var tableRowCount: Int { texts.rows.count + nodeStyles.rows.count + edgeStyles.rows.count }

    /// Rows kept once each, by their JSON.
    private struct Table {
        var index: [JSONOutput.Written: Int] = [:]
        var rows: [JSONOutput.Written] = []
        mutating func row(_ value: JSONOutput) -> Int {
            let json = JSONOutput.Written(value)
            if let i = index[json] { return i }
            index[json] = rows.count
            rows.append(json)
            return rows.count - 1
        }
    }

    /// Starts a window: the frames added next are drawn on `layout`. Returns the window's
    /// row of the player's `windows`.
    package mutating func beginWindow(_ layout: StableLayout) -> JSONOutput.Written {
        let row = beginWindow(PlayerWindow(layout))
        slotIDs = layout.nodeIDs
        slotEdges = layout.edgeKeys
        nodeBySlot = layout.nodeIDs.map { window?.nodes[$0] }
        edgeBySlot = layout.edgeKeys.map { window?.edges[$0] }
        return row
    }

    /// Starts a window whose nodes and edges are `geometry`'s (in the player's coordinates).
    package mutating func beginWindow(_ geometry: PlayerWindow) -> JSONOutput.Written {
        window = Window()
        (slotIDs, slotEdges, nodeBySlot, edgeBySlot) = ([], [], [], [])
        windowCount += 1
        if tablesPerWindow {
            texts = Table()
            nodeStyles = Table()
            edgeStyles = Table()
        }
        nodeState = []
        edgeState = []
        nodeLooks = []
        edgeLooks = []
        let (nodes, edges) = add(geometry.nodes, geometry.edges)
        return JSONOutput.Written(.object([
            ("box", Self.box(geometry.box)), ("nodes", .array(nodes, .compact)), ("edges", .array(edges, .compact)),
        ], .compact))
    }

    /// Adds nodes and edges to the current window without moving those it has (a live
    /// session's new screens): its nodes and edges are numbered on from the window's, and
    /// `box` is the window's new extent. Returns the row a live player appends
    /// (`{"nodes", "edges", "box"}`, as a window's).
    package mutating func grow(nodes: [PlayerWindow.Node], edges: [PlayerWindow.Edge], box: PlayerWindow.Box) -> JSONOutput.Written {
        precondition(window != nil, "beginWindow before grow")
        let (nodeRows, edgeRows) = add(nodes, edges)
        return JSONOutput.Written(.object([
            ("box", Self.box(box)), ("nodes", .array(nodeRows, .compact)), ("edges", .array(edgeRows, .compact)),
        ], .compact))
    }

    /// Numbers `nodes` and `edges` in the current window; their rows.
    private mutating func add(_ nodes: [PlayerWindow.Node], _ edges: [PlayerWindow.Edge]) -> ([JSONOutput], [JSONOutput]) {
        guard var window else { return ([], []) }
        var nodeRows: [JSONOutput] = []
        nodeRows.reserveCapacity(nodes.count)
        for n in nodes where window.nodes[n.id] == nil {
            window.nodes[n.id] = window.nodes.count
            nodeState.append(nil)
            nodeLooks.append([])
            nodeRows.append(.array([.string(n.id), Self.number(n.x), Self.number(n.y), Self.number(n.width), Self.number(n.height)], .compact))
        }
        var edgeRows: [JSONOutput] = []
        for e in edges where window.edges[e.key] == nil {
            guard let a = window.nodes[e.key.from], let b = window.nodes[e.key.to] else { continue }
            window.edges[e.key] = window.edges.count
            edgeState.append(nil)
            edgeLooks.append([])
            edgeRows.append(.array([.int(a), .int(b)], .compact))
        }
        self.window = window
        return (nodeRows, edgeRows)
    }

    /// `[x0, y0, x1, y1]`.
    private static func box(_ b: PlayerWindow.Box) -> JSONOutput {
        .array([number(b.x0), number(b.y0), number(b.x1), number(b.y1)], .compact)
    }

    /// The rows of the tables (texts, node styles, edge styles) added since the counts in
    /// `since`, and the new counts: what a live player appends before the frames that use
    /// them. With `tablesPerWindow`, `since` counts from the current window's start.
    package func tableRows(since: TableCounts) -> (texts: [JSONOutput.Written], nodeStyles: [JSONOutput.Written], edgeStyles: [JSONOutput.Written], counts: TableCounts) {
        (Array(texts.rows[since.texts...]), Array(nodeStyles.rows[since.nodeStyles...]), Array(edgeStyles.rows[since.edgeStyles...]),
         TableCounts(texts: texts.rows.count, nodeStyles: nodeStyles.rows.count, edgeStyles: edgeStyles.rows.count))
    }

    /// How many rows each table has.
    package struct TableCounts: Sendable, Equatable {
        package var texts = 0, nodeStyles = 0, edgeStyles = 0
        package init(texts: Int = 0, nodeStyles: Int = 0, edgeStyles: Int = 0) {
            (self.texts, self.nodeStyles, self.edgeStyles) = (texts, nodeStyles, edgeStyles)
        }
    }

    /// Adds a frame of the current window: what it stands for, the scene it was drawn from,
    /// and its SVG file in the bundle (for the link beside the picture). Returns the frame's
    /// row of the player's `frames`. A `full` frame (`"r": 1`) lists every node and edge it
    /// shows, not what changed: the page can start from it without the frames before it (a
    /// live page that let them go).
    package mutating func add(_ frame: AnimationFrame.Info, scene: Scene, file: String, full: Bool = false) -> JSONOutput.Written {
        guard let window else { preconditionFailure("beginWindow before add") }
        let w = windowCount - 1
        // The rows of the frame's nodes and edges by index in the window (a node or edge
        // listed twice counts once, with its last rows), found by firstIndex among the node's
        // kept looks (the comparison, through Equatable from this module, still copies both
        // nodes: docs/performance.md, issue-30d-svg).
        var nodes = [NodeRows?](repeating: nil, count: nodeState.count)
        for k in scene.nodes.indices {
            guard let i = index(of: scene.nodes[k], in: window) else { continue }
            if let j = nodeLooks[i].firstIndex(where: { $0.node == scene.nodes[k] }) {
                nodes[i] = nodeLooks[i][j].rows
                continue
            }
            let rows = NodeRows(text: texts.row(Self.text(scene.nodes[k])), style: nodeStyles.row(Self.style(scene.nodes[k])))
            nodeLooks[i].insert((scene.nodes[k], rows), at: 0)
            if nodeLooks[i].count > Self.keptLooks { nodeLooks[i].removeLast() }
            nodes[i] = rows
        }
        var edges = [Int?](repeating: nil, count: edgeState.count)
        for k in scene.edges.indices {
            guard let i = index(of: scene.edges[k], in: window) else { continue }
            if let j = edgeLooks[i].firstIndex(where: { $0.edge == scene.edges[k] }) {
                edges[i] = edgeLooks[i][j].row
                continue
            }
            let row = edgeStyles.row(Self.style(scene.edges[k]))
            edgeLooks[i].insert((scene.edges[k], row), at: 0)
            if edgeLooks[i].count > Self.keptLooks { edgeLooks[i].removeLast() }
            edges[i] = row
        }
        // What changed since the last frame, in node (or edge) order, so the same change
        // always reads the same: entries `index, rows…` and removals `-index-1`.
        var nodeDelta: [Int] = []
        for i in nodes.indices {
            if let rows = nodes[i] {
                if full || nodeState[i] != rows { nodeDelta.append(i); nodeDelta.append(rows.text); nodeDelta.append(rows.style) }
            } else if !full, nodeState[i] != nil {
                nodeDelta.append(-i - 1)
            }
        }
        var edgeDelta: [Int] = []
        for i in edges.indices {
            if let row = edges[i] {
                if full || edgeState[i] != row { edgeDelta.append(i); edgeDelta.append(row) }
            } else if !full, edgeState[i] != nil {
                edgeDelta.append(-i - 1)
            }
        }
        nodeState = nodes
        edgeState = edges

        let shown = frame.operations.prefix(frame.shown ?? frame.operations.count)
        let operations = shown.enumerated().map { j, op in
            let ids = frame.operationNodes?[j] ?? Self.nodes(of: op)
            let indices = ids.compactMap { window.nodes[$0] }.map(JSONOutput.int)
            return JSONOutput.array([.int(j + 1), .string(op.name), .string(OperationWriter.phrase(op)), .array(indices, .compact)], .compact)
        }
        let boxes = scene.boxes.map { box in
            let members = box.nodeIDs.compactMap { window.nodes[$0] }.map(JSONOutput.int)
            return JSONOutput.array([.string(box.label), .string(box.color), .array(members, .compact)], .compact)
        }
        let caption = (scene.title.map { [$0] } ?? []) + scene.caption
        var members: [(String, JSONOutput)] = [
            ("w", .int(w)), ("t", frame.transition.map(JSONOutput.int) ?? .null), ("p", .string(frame.phase.rawValue)),
            ("l", .string(frame.label)), ("f", .string(file)), ("o", .array(operations, .compact)),
        ]
        if !caption.isEmpty { members.append(("c", .array(caption.map(JSONOutput.string), .compact))) }
        if !boxes.isEmpty { members.append(("b", .array(boxes, .compact))) }
        members += [("d", .array(nodeDelta.map(JSONOutput.int), .compact)), ("e", .array(edgeDelta.map(JSONOutput.int), .compact))]
        if full { members.append(("r", .int(1))) }
        return JSONOutput.Written(.object(members, .compact))
    }

    /// A node's index in the window: by its slot where it was pinned to the window's layout,
    /// else by its id.
    private func index(of node: SceneNode, in window: Window) -> Int? {
        if let slot = node.slot, slot < slotIDs.count, let i = nodeBySlot[slot], slotIDs[slot] == node.id { return i }
        return window.nodes[node.id]
    }

    private func index(of edge: SceneEdge, in window: Window) -> Int? {
        if let slot = edge.slot, slot < slotEdges.count, let i = edgeBySlot[slot], slotEdges[slot].from == edge.from,
           slotEdges[slot].to == edge.to {
            return i
        }
        return window.edges[StableLayout.EdgeKey(from: edge.from, to: edge.to)]
    }

    /// The list of `count` rows (the rows ``beginWindow(_:)`` or ``add(_:scene:file:)``
    /// returned, in order), each read only when written: the data's `windows` or `frames`.
    package static func list(count: Int, row: @escaping @Sendable (Int) -> JSONOutput.Written) -> JSONOutput {
        .items(count: count, .compactLines) { .written(row($0)) }
    }

    /// The player's data (the windows, the tables and the frames) as JSON text, given to
    /// `sink` in pieces so the page's JSON is never held whole. `windows` and `frames` are
    /// ``list(count:row:)``s of the rows this model returned.
    package func write<E: Error>(title: String, delayMilliseconds: Int, background: String, windows: JSONOutput, frames: JSONOutput,
                                to sink: (String) throws(E) -> Void) throws(E) {
        func rows(_ rows: [JSONOutput.Written]) -> JSONOutput { Self.list(count: rows.count) { rows[$0] } }
        let data = JSONOutput.object([
            ("title", .string(title)), ("delay", .int(delayMilliseconds)), ("background", .string(background)),
            ("windows", windows), ("texts", rows(texts.rows)), ("nodeStyles", rows(nodeStyles.rows)),
            ("edgeStyles", rows(edgeStyles.rows)), ("frames", frames),
        ], .compactLines)
        try data.write(to: sink)
    }

    /// A node's words: title, subtitle and the tooltip (every field of the node).
    static func text(_ node: SceneNode) -> JSONOutput {
        .array([.string(node.title), .nullable(node.subtitle), .string(node.tooltip)], .compact)
    }

    /// How a node is drawn: shape, styles, border count, colours, pen width, classes and
    /// badges.
    static func style(_ node: SceneNode) -> JSONOutput {
        let badges = node.badges.map { JSONOutput.array([.string($0.text), .string($0.color)], .compact) }
        return .array([
            .string(node.shape), .string(node.styles.joined(separator: ",")), .int(node.peripheries),
            .string(node.stroke), .string(node.fill), .string(node.fontColor), number(node.penWidth),
            .string(node.classes.joined(separator: " ")), .array(badges, .compact),
        ], .compact)
    }

    /// How an edge is drawn: colour, pen width, styles, classes, label and its colour.
    static func style(_ edge: SceneEdge) -> JSONOutput {
        .array([
            .string(edge.color), number(edge.penWidth), .string(edge.styles.joined(separator: ",")),
            .string(edge.classes.joined(separator: " ")), .nullable(edge.label), .nullable(edge.labelColor),
        ], .compact)
    }

    /// The node ids an operation touches, for highlighting, where the trees repeat no id.
    static func nodes(of op: TreeOperation) -> [String] {
        switch op {
        case .change(let parent, let popped, let pushed, _, _, _, _): (parent.map { [$0] } ?? []) + popped.map(\.id) + pushed.map(\.id)
        default: op.subject.map { [$0] } ?? []
        }
    }

    /// A number rounded to one decimal (0 when it is not finite or beyond 10^14).
    package static func number(_ v: Double) -> JSONOutput {
        let tenths = (v * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e15 else { return .int(0) }
        return .number(tenths / 10)
    }
}
