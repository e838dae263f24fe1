import NavVizCore

/// What the HTML player draws, gathered a frame at a time while the frames are drawn.
///
/// The frames of a session show the same nodes over and over, so the player holds each node
/// of a layout window once, at its place in the window's union layout, and each frame as
/// what changed since the frame before: which nodes and edges appear or leave, and the text
/// and style of those whose look changed. Texts and styles are kept once each, in tables the
/// frames point into. The page then grows with what changes, not with frames × tree: a
/// frame that moves the active path costs a few dozen bytes.
///
/// ``write(title:delayMilliseconds:background:to:)`` writes the player's data (the keys are documented in `docs/player.md`); every
/// string in it comes from a document and is escaped for a `<script>` element by
/// ``HTMLPlayer``.
public struct PlayerModel: Sendable {
    /// A window: consecutive frames drawn on one layout.
    private struct Window {
        var nodes: [String: Int] = [:]
        var edges: [StableLayout.EdgeKey: Int] = [:]
        var json: String
    }

    private var windows: [Window] = []
    private var texts = Table()
    private var nodeStyles = Table()
    private var edgeStyles = Table()
    /// Each frame's data, in order.
    private var frames: [String] = []
    /// The current window's nodes shown by the last frame: text and style rows by node.
    private var nodeState: [Int: (text: Int, style: Int)] = [:]
    private var edgeState: [Int: Int] = [:]

    public init() {}

    /// How many frames were added.
    public var frameCount: Int { frames.count }

    /// Rows kept once each, by their JSON.
    private struct Table {
        var index: [String: Int] = [:]
        var rows: [String] = []
        mutating func row(_ json: String) -> Int {
            if let i = index[json] { return i }
            index[json] = rows.count
            rows.append(json)
            return rows.count - 1
        }
    }

    /// Starts a window: the frames added next are drawn on `layout`.
    public mutating func beginWindow(_ layout: StableLayout) {
        var window = Window(json: "")
        var nodes: [String] = []
        nodes.reserveCapacity(layout.nodeIDs.count)
        for id in layout.nodeIDs {
            guard let p = layout.positions[id], let (w, h) = layout.sizes[id] else { continue }
            window.nodes[id] = nodes.count
            nodes.append("[\(HTMLPlayer.json(id)),\(Self.number(p.x)),\(Self.number(-p.y)),\(Self.number(w)),\(Self.number(h))]")
        }
        var edges: [String] = []
        for key in layout.edgeKeys {
            guard let a = window.nodes[key.from], let b = window.nodes[key.to], let route = layout.routes[key],
                  let path = Self.path(route) else { continue }
            window.edges[key] = edges.count
            edges.append("[\(a),\(b),\(path)]")
        }
        let (low, high) = layout.corners
        window.json = "{\"box\":[\(Self.number(low.x)),\(Self.number(-high.y)),\(Self.number(high.x)),\(Self.number(-low.y))],"
            + "\"nodes\":[\(nodes.joined(separator: ","))],\"edges\":[\(edges.joined(separator: ","))]}"
        windows.append(window)
        nodeState = [:]
        edgeState = [:]
    }

    /// Adds a frame of the current window: what it stands for, the scene it was drawn from,
    /// and its SVG file in the bundle (for the link beside the picture).
    public mutating func add(_ frame: AnimationFrame.Info, scene: Scene, file: String) {
        precondition(!windows.isEmpty, "beginWindow before add")
        let w = windows.count - 1
        let window = windows[w]
        var nodes: [Int: (text: Int, style: Int)] = [:]
        nodes.reserveCapacity(scene.nodes.count)
        for node in scene.nodes {
            guard let i = window.nodes[node.id] else { continue }
            nodes[i] = (texts.row(Self.text(node)), nodeStyles.row(Self.style(node)))
        }
        var edges: [Int: Int] = [:]
        for edge in scene.edges {
            guard let i = window.edges[StableLayout.EdgeKey(from: edge.from, to: edge.to)] else { continue }
            edges[i] = edgeStyles.row(Self.style(edge))
        }
        var nodeDelta: [Int] = []
        for (i, row) in nodes where nodeState[i].map({ $0 != row }) ?? true {
            nodeDelta += [i, row.text, row.style]
        }
        for i in nodeState.keys where nodes[i] == nil { nodeDelta.append(-i - 1) }
        var edgeDelta: [Int] = []
        for (i, row) in edges where edgeState[i] != row { edgeDelta += [i, row] }
        for i in edgeState.keys where edges[i] == nil { edgeDelta.append(-i - 1) }
        nodeState = nodes
        edgeState = edges

        let shown = frame.operations.prefix(frame.shown ?? frame.operations.count)
        let operations = shown.enumerated().map { j, op in
            let ids = frame.operationNodes?[j] ?? Self.nodes(of: op)
            let indices = ids.compactMap { window.nodes[$0] }.map(String.init).joined(separator: ",")
            return "[\(j + 1),\(HTMLPlayer.json(op.name)),\(HTMLPlayer.json(OperationFormat.phrase(op))),[\(indices)]]"
        }
        let boxes = scene.boxes.map { box in
            let members = box.nodeIDs.compactMap { window.nodes[$0] }.map(String.init).joined(separator: ",")
            return "[\(HTMLPlayer.json(box.label)),\(HTMLPlayer.json(box.color)),[\(members)]]"
        }
        let caption = (scene.title.map { [$0] } ?? []) + scene.caption
        var json = "{\"w\":\(w),\"t\":\(frame.transition.map(String.init) ?? "null"),\"p\":\(HTMLPlayer.json(frame.phase.rawValue)),"
        json += "\"l\":\(HTMLPlayer.json(frame.label)),\"f\":\(HTMLPlayer.json(file)),"
        json += "\"o\":[\(operations.joined(separator: ","))],"
        if !caption.isEmpty { json += "\"c\":[\(caption.map(HTMLPlayer.json).joined(separator: ","))]," }
        if !boxes.isEmpty { json += "\"b\":[\(boxes.joined(separator: ","))]," }
        json += "\"d\":[\(Self.sorted(nodeDelta))],\"e\":[\(Self.sorted(edgeDelta, width: 2))]}"
        frames.append(json)
    }

    /// The player's data (the windows, the tables and the frames), given to `sink` a row at
    /// a time so the page's JSON is never held whole besides the model.
    public func write<E: Error>(title: String, delayMilliseconds: Int, background: String, to sink: ([UInt8]) throws(E) -> Void) throws(E) {
        try sink(Array("{\"title\":\(HTMLPlayer.json(title)),\"delay\":\(delayMilliseconds),\"background\":\(HTMLPlayer.json(background)),".utf8))
        for (key, rows) in [("windows", windows.map(\.json)), ("texts", texts.rows), ("nodeStyles", nodeStyles.rows), ("edgeStyles", edgeStyles.rows), ("frames", frames)] {
            try sink(Array("\(key == "windows" ? "" : ",\n")\"\(key)\":[".utf8))
            var batch: [UInt8] = []
            for (i, row) in rows.enumerated() {
                if i > 0 { batch += Array(",\n".utf8) }
                batch += Array(row.utf8)
                if batch.count > 1 << 16 {
                    try sink(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            try sink(batch + Array("]".utf8))
        }
        try sink(Array("}".utf8))
    }

    /// A node's words: title, subtitle and the tooltip (every field of the node).
    static func text(_ node: SceneNode) -> String {
        "[\(HTMLPlayer.json(node.title)),\(node.subtitle.map(HTMLPlayer.json) ?? "null"),\(HTMLPlayer.json(node.tooltip))]"
    }

    /// How a node is drawn: shape, styles, border count, colours, pen width, classes and
    /// badges.
    static func style(_ node: SceneNode) -> String {
        let badges = node.badges.map { "[\(HTMLPlayer.json($0.text)),\(HTMLPlayer.json($0.color))]" }.joined(separator: ",")
        return "[\(HTMLPlayer.json(node.shape)),\(HTMLPlayer.json(node.styles.joined(separator: ","))),\(node.peripheries),"
            + "\(HTMLPlayer.json(node.stroke)),\(HTMLPlayer.json(node.fill)),\(HTMLPlayer.json(node.fontColor)),\(number(node.penWidth)),"
            + "\(HTMLPlayer.json(node.classes.joined(separator: " "))),[\(badges)]]"
    }

    /// How an edge is drawn: colour, pen width, styles, classes, label and its colour.
    static func style(_ edge: SceneEdge) -> String {
        "[\(HTMLPlayer.json(edge.color)),\(number(edge.penWidth)),\(HTMLPlayer.json(edge.styles.joined(separator: ","))),"
            + "\(HTMLPlayer.json(edge.classes.joined(separator: " "))),\(edge.label.map(HTMLPlayer.json) ?? "null"),"
            + "\(edge.labelColor.map(HTMLPlayer.json) ?? "null")]"
    }

    /// The node ids an operation touches, for highlighting, where the trees repeat no id.
    static func nodes(of op: NavVizCore.Operation) -> [String] {
        switch op {
        case .change(let parent, let popped, let pushed, _, _, _, _): (parent.map { [$0] } ?? []) + popped.map(\.id) + pushed.map(\.id)
        default: op.subject.map { [$0] } ?? []
        }
    }

    /// A Graphviz spline (`pos`: `e,x,y` then the B-spline's points, 3k+1 of them) as the
    /// SVG path of the spline (y down), then the arrowhead's base and tip and the spline's
    /// middle (for a label): `"d",bx,by,tx,ty,mx,my` (no arrowhead: the tip is the base).
    static func path(_ route: String) -> String? {
        var points: [Point] = []
        var end: Point?
        for field in route.split(separator: " ") {
            var text = field
            let isEnd = field.hasPrefix("e,")
            if isEnd || field.hasPrefix("s,") { text = field.dropFirst(2) }
            let xy = text.split(separator: ",")
            guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else { return nil }
            let p = Point(x: x, y: -y)
            if isEnd { end = p } else if !field.hasPrefix("s,") { points.append(p) }
        }
        guard points.count >= 4, (points.count - 1) % 3 == 0 else { return nil }
        var d = "M\(number(points[0].x)) \(number(points[0].y))"
        for k in stride(from: 1, to: points.count, by: 3) {
            d += "C" + points[k..<(k + 3)].map { "\(number($0.x)) \(number($0.y))" }.joined(separator: " ")
        }
        let base = points[points.count - 1], tip = end ?? base, middle = points[points.count / 2]
        return "\(HTMLPlayer.json(d)),\(number(base.x)),\(number(base.y)),\(number(tip.x)),\(number(tip.y)),\(number(middle.x)),\(number(middle.y))"
    }

    /// A number with at most one decimal.
    static func number(_ v: Double) -> String {
        let tenths = (v * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e15 else { return "0" }
        let i = Int(tenths)
        return i % 10 == 0 ? String(i / 10) : (i < 0 && i > -10 ? "-0." + String(-i) : String(i / 10) + "." + String(abs(i % 10)))
    }

    /// A delta's entries in node (or edge) order, so the same change always reads the same:
    /// entries of `width` numbers (`index, rows…`) and removals (`-index-1`).
    static func sorted(_ delta: [Int], width: Int = 3) -> String {
        var entries: [(Int, ArraySlice<Int>)] = []
        var i = 0
        while i < delta.count {
            if delta[i] < 0 {
                entries.append((-delta[i] - 1, delta[i...i]))
                i += 1
            } else {
                entries.append((delta[i], delta[i..<(i + width)]))
                i += width
            }
        }
        return entries.sorted { $0.0 < $1.0 }.flatMap(\.1).map(String.init).joined(separator: ",")
    }
}
