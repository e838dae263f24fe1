/// Where the PNG frames of one shot draw their nodes: a tidy tree of the nodes the shot's
/// first frames show, then each node that appears later put beside its parent where it
/// overlaps nothing of its frame (and, where it can, where no edge passes through a node).
/// A node keeps its place for the whole shot, so a frame differs from the one before only
/// where something changed (``PNGFraming``); only a node that a frame gives another parent,
/// and would no longer hang below, is placed again, and one coming back into view, or given
/// another parent, whose edge would now pass through a node.
///
/// The tidy tree: each node's children, in the order of the layout window's union layout
/// (left to right, as the SVG frames and the player draw them), side by side below it,
/// each subtree as wide as its widest row, a parent centred over its children; rows as high
/// as their tallest node. Node sizes are the union layout's (each node's widest look), so a
/// node that gains a badge still fits its place. Walked without recursion: a chain 5,000
/// deep is laid out on a worker thread's small stack.
struct ShotPlacement {
    /// Space between neighbouring nodes, and between rows, in points (about Graphviz's
    /// `nodesep` and `ranksep` of the diagrams).
    static let gap = 24.0, rowGap = 32.0
    /// The size of a node the union layout has no size for.
    static let defaultSize = (54.0, 36.0)

    /// Node centres in points, y up, by scene id.
    private(set) var positions: [String: Point] = [:]
    private let layout: StableLayout
    /// The nodes the frame before drew (the shot's first frame's, at first), and their
    /// parents there: a node that was not among them may be placed again without anything a
    /// reader saw moving, and one given another parent is seen to move anyway.
    private var shown: [String: String?]

    /// The tidy tree of every node of `scenes`; a node's parent is the one it has in the
    /// first scene that shows it.
    init(_ scenes: some Sequence<Scene>, layout: StableLayout) {
        self.layout = layout
        var order: [String] = []
        var parent: [String: String] = [:]
        var seen = Set<String>()
        for scene in scenes {
            for k in scene.nodes.indices where seen.insert(scene.nodes[k].id).inserted { order.append(scene.nodes[k].id) }
            for k in scene.edges.indices where parent[scene.edges[k].to] == nil && scene.edges[k].from != scene.edges[k].to {
                parent[scene.edges[k].to] = scene.edges[k].from
            }
        }
        // A parent the scenes never drew, or one that would close a loop, makes a root.
        for id in order {
            var ancestor = parent[id], steps = 0
            while let a = ancestor, steps <= order.count {
                if a == id || !seen.contains(a) { parent[id] = nil; break }
                ancestor = parent[a]
                steps += 1
            }
        }
        positions = Self.tidy(order, parent: parent, layout: layout)
        shown = scenes.first { _ in true }.map(Self.drawn) ?? [:]
    }

    /// Each node of `scene` and its parent there (the first edge into it).
    private static func drawn(_ scene: Scene) -> [String: String?] {
        var out: [String: String?] = [:]
        for k in scene.nodes.indices { out[scene.nodes[k].id] = .some(nil) }
        for k in scene.edges.indices where out[scene.edges[k].to] == .some(nil) { out[scene.edges[k].to] = scene.edges[k].from }
        return out
    }

    /// A node's size (width, height) in points.
    func size(_ id: String) -> (Double, Double) {
        layout.sizes[id] ?? Self.defaultSize
    }

    /// The box of a node placed at `p`.
    func box(_ id: String, at p: Point) -> Box {
        let (w, h) = size(id)
        return Box(low: Point(x: p.x - w / 2, y: p.y - h / 2), high: Point(x: p.x + w / 2, y: p.y + h / 2))
    }

    /// The smallest box around the placed nodes among `ids`; nil when none is placed.
    func bounds(_ ids: some Sequence<String>) -> Box? {
        var out: Box?
        for id in ids {
            guard let p = positions[id] else { continue }
            let b = box(id, at: p)
            out = out.map { $0.union(b) } ?? b
        }
        return out
    }

    /// Places the nodes of `scene` not placed yet: each beside its parent in the scene (below
    /// it when it has no other child there, else right of its children, else left of them,
    /// else below), the first spot where it overlaps none of the scene's nodes and stays
    /// inside `within` (when given). True when every node of the scene has a place and no two
    /// of them overlap (nodes placed for different frames may meet for the first time here);
    /// on false the placement is left as it was.
    ///
    /// A node keeps its place for the shot, but the scene may give it another parent (a deep
    /// link that replaces a stack keeps some ids and reorders them): drawn where it was, a
    /// screen would sit beside, or above, the screen it was pushed on. Such a node, with the
    /// scene's nodes under it, is placed again beside its new parent, as a new node is
    /// (``reparented(_:)``). So is a node coming back into view (the frame before did not draw
    /// it), or given another parent, where an edge would now pass through a node
    /// (``misplaced(_:parent:moving:)``), when a spot without one is free; every other node
    /// stays where it was.
    mutating func extend(to scene: Scene, within: Box?) -> Bool {
        var parent: [String: String] = [:]
        for k in scene.edges.indices where parent[scene.edges[k].to] == nil { parent[scene.edges[k].to] = scene.edges[k].from }
        let reparented = reparented(scene, parent: parent)
        let misplaced = misplaced(scene, parent: parent, moving: reparented)
        // Misplaced nodes are placed again only where the whole frame still fits.
        guard let added = places(scene, parent: parent, moving: reparented.union(misplaced), within: within)
                ?? (misplaced.isEmpty ? nil : places(scene, parent: parent, moving: reparented, within: within)) else { return false }
        positions.merge(added) { _, new in new }
        shown = Self.drawn(scene)
        return true
    }

    /// The places of the nodes of `scene` not placed yet and of those `moving` (each beside its
    /// parent, as ``extend(to:within:)`` says); nil when one finds no free spot, when the frame
    /// leaves `within`, or when two of its nodes overlap.
    private func places(_ scene: Scene, parent: [String: String], moving: Set<String>, within: Box?) -> [String: Point]? {
        var added: [String: Point] = [:]
        func place(_ id: String) -> Point? { added[id] ?? (moving.contains(id) ? nil : positions[id]) }
        var boxes: [Box] = []
        boxes.reserveCapacity(scene.nodes.count)
        // The placed nodes' boxes by id: what the edge to a new spot should not pass through.
        var placed: [(id: String, box: Box)] = []
        var pending: [String] = []
        for k in scene.nodes.indices {
            let id = scene.nodes[k].id
            if !moving.contains(id), let p = positions[id] {
                boxes.append(box(id, at: p))
                placed.append((id, boxes[boxes.count - 1]))
            } else {
                pending.append(id)
            }
        }
        // The edges between placed nodes: what should not pass through a new spot.
        func lines() -> [Line] {
            scene.edges.compactMap { edge in
                guard edge.from != edge.to, let a = place(edge.from), let b = place(edge.to) else { return nil }
                return Line(from: edge.from, to: edge.to, a: a, b: b)
            }
        }
        // Parents before children, whatever the scene's order.
        while !pending.isEmpty {
            var rest: [String] = []
            for id in pending {
                guard let up = parent[id], let p = place(up) else {
                    if let up = parent[id], pending.contains(up) { rest.append(id); continue }
                    return nil
                }
                let siblings: [(String, Point)] = scene.edges.compactMap { edge in
                    guard edge.from == up, edge.to != id, let at = place(edge.to) else { return nil }
                    return (edge.to, at)
                }
                guard let spot = spot(for: id, parent: (up, p), siblings: siblings, avoiding: boxes, crossing: (placed, lines()), within: within) else { return nil }
                added[id] = spot
                boxes.append(box(id, at: spot))
                placed.append((id, boxes[boxes.count - 1]))
            }
            if rest.count == pending.count { return nil }
            pending = rest
        }
        if let within, !boxes.allSatisfy(within.contains) { return nil }
        guard !Box.anyOverlap(boxes, margin: Self.gap / 2) else { return nil }
        return added
    }

    /// The nodes of `scene` (whose edges give each node its `parent`) to place again: each node
    /// placed in the shot that no longer hangs below its parent in the scene (see
    /// ``hangsBelow(_:at:_:at:)``), and the scene's nodes under it. Empty in nearly every
    /// frame: only a node given another parent can stop hanging below it.
    private func reparented(_ scene: Scene, parent: [String: String]) -> Set<String> {
        var roots: [String] = []
        for (child, up) in parent where child != up {
            guard let c = positions[child], let p = positions[up] else { continue }
            if !hangsBelow(child, at: c, up, at: p), !Self.closesLoop(child, up, parent) { roots.append(child) }
        }
        return Self.subtrees(roots, parent: parent)
    }

    /// The nodes of `scene` coming back into view (the frame before did not draw them), or
    /// given another parent, whose kept place has an edge through a node: the edge from its
    /// parent passes through another node, or an edge between other kept nodes passes through
    /// it. Such a place was free when the node was placed; the nodes placed since, or a new
    /// parent, put something in the way. Returned with the scene's nodes under them (placed
    /// again beside it); `moving` (placed again anyway) is left out.
    private func misplaced(_ scene: Scene, parent: [String: String], moving: Set<String>) -> Set<String> {
        var kept: [(id: String, box: Box)] = []
        var returning: [String] = []
        for k in scene.nodes.indices {
            let id = scene.nodes[k].id
            guard !moving.contains(id), let p = positions[id] else { continue }
            kept.append((id, box(id, at: p)))
            // Not drawn in the frame before, or drawn below another parent.
            if shown[id].map({ $0 != parent[id] }) ?? true { returning.append(id) }
        }
        guard !returning.isEmpty else { return [] }
        var lines: [Line] = []
        for (child, up) in parent where child != up && !moving.contains(child) && !moving.contains(up) {
            guard let a = positions[up], let b = positions[child] else { continue }
            lines.append(Line(from: up, to: child, a: a, b: b))
        }
        var roots: [String] = []
        for id in returning {
            let own = box(id, at: positions[id]!)
            let through = lines.contains { $0.from != id && $0.to != id && $0.crosses(own) }
            let inbound = lines.first { $0.to == id }
            if through || inbound.map({ line in kept.contains { $0.id != id && $0.id != line.from && line.crosses($0.box) } }) == true {
                roots.append(id)
            }
        }
        return Self.subtrees(roots, parent: parent).subtracting(moving)
    }

    /// `roots` and every node under them by `parent`.
    private static func subtrees(_ roots: [String], parent: [String: String]) -> Set<String> {
        guard !roots.isEmpty else { return [] }
        var children: [String: [String]] = [:]
        for (child, up) in parent where child != up { children[up, default: []].append(child) }
        var out = Set(roots)
        var walk = roots
        while let id = walk.popLast() {
            for c in children[id] ?? [] where out.insert(c).inserted { walk.append(c) }
        }
        return out
    }

    /// Whether `child` at `c` is drawn wholly below `parent` at `p` (y up), as the tidy tree and
    /// ``spot(for:parent:siblings:avoiding:within:)`` place a child.
    private func hangsBelow(_ child: String, at c: Point, _ parent: String, at p: Point) -> Bool {
        box(child, at: c).high.y <= box(parent, at: p).low.y + 0.5
    }

    /// Whether `child` is an ancestor of `parent` under `links`: an edge that closes a loop
    /// (which the tidy tree cuts) cannot hang below anything.
    private static func closesLoop(_ child: String, _ parent: String, _ links: [String: String]) -> Bool {
        var node: String? = parent, steps = 0
        while let n = node, steps <= links.count {
            if n == child { return true }
            node = links[n]
            steps += 1
        }
        return false
    }

    /// The first free spot for `id` beside its parent: of the candidate spots, the first where
    /// no edge crosses a node (neither the edge from the parent to the spot crosses a placed
    /// node, nor an edge between placed nodes crosses the spot: a reader would take the line
    /// for a link to the node it passes through), else the first that only overlaps nothing.
    private func spot(for id: String, parent: (id: String, at: Point), siblings: [(String, Point)], avoiding boxes: [Box],
                      crossing: (placed: [(id: String, box: Box)], lines: [Line]), within: Box?) -> Point? {
        let (w, h) = size(id)
        let (pw, ph) = size(parent.id)
        let below = Point(x: parent.at.x, y: parent.at.y - (ph + h) / 2 - Self.rowGap)
        var candidates: [Point] = []
        if let right = siblings.max(by: { $0.1.x < $1.1.x }), let left = siblings.min(by: { $0.1.x < $1.1.x }) {
            candidates.append(Point(x: right.1.x + (size(right.0).0 + w) / 2 + Self.gap, y: right.1.y))
            candidates.append(Point(x: left.1.x - (size(left.0).0 + w) / 2 - Self.gap, y: left.1.y))
            candidates.append(below)
        } else {
            candidates.append(below)
            candidates.append(Point(x: parent.at.x + (pw + w) / 2 + Self.gap, y: below.y))
        }
        let free = candidates.filter { c in
            let b = box(id, at: c)
            if let within, !within.contains(b) { return false }
            return !boxes.contains { $0.overlaps(b, margin: Self.gap / 2) }
        }
        let clear = free.first { c in
            let b = box(id, at: c)
            let edge = Line(from: parent.id, to: id, a: parent.at, b: c)
            return !crossing.placed.contains { $0.id != parent.id && edge.crosses($0.box) }
                && !crossing.lines.contains { $0.from != id && $0.to != id && $0.crosses(b) }
        }
        return clear ?? free.first
    }

    /// The tidy tree of `order` (first-appearance order) under `parent`, as described above.
    private static func tidy(_ order: [String], parent: [String: String], layout: StableLayout) -> [String: Point] {
        guard !order.isEmpty else { return [:] }
        func size(_ id: String) -> (Double, Double) { layout.sizes[id] ?? defaultSize }
        // Children (and roots) in the union layout's order, left to right; ties by first appearance.
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        func before(_ a: String, _ b: String) -> Bool {
            let x = layout.positions[a]?.x ?? 0, y = layout.positions[b]?.x ?? 0
            return x != y ? x < y : rank[a]! < rank[b]!
        }
        var children: [String: [String]] = [:]
        var roots: [String] = []
        for id in order {
            if let p = parent[id] { children[p, default: []].append(id) } else { roots.append(id) }
        }
        roots.sort(by: before)
        for key in children.keys { children[key]!.sort(by: before) }
        // Breadth first: depths, and an order in which parents come before children.
        var walk = roots
        var depth: [String: Int] = [:]
        for id in roots { depth[id] = 0 }
        var i = 0
        while i < walk.count {
            let id = walk[i]
            for c in children[id] ?? [] {
                depth[c] = depth[id]! + 1
                walk.append(c)
            }
            i += 1
        }
        // Subtree widths, children first.
        var width: [String: Double] = [:]
        for id in walk.reversed() {
            let kids = children[id] ?? []
            let row = kids.reduce(0) { $0 + width[$1]! } + gap * Double(max(0, kids.count - 1))
            width[id] = max(size(id).0, row)
        }
        // Rows: as high as their tallest node.
        var rowHeight: [Int: Double] = [:]
        for id in walk { rowHeight[depth[id]!] = max(rowHeight[depth[id]!] ?? 0, size(id).1) }
        var rowY: [Int: Double] = [:]
        var top = 0.0
        for d in 0..<(rowHeight.count) {
            rowY[d] = top - rowHeight[d]! / 2
            top -= rowHeight[d]! + rowGap
        }
        // Left edges, parents first; then centres, children first.
        var left: [String: Double] = [:]
        var x = 0.0
        for id in roots {
            left[id] = x
            x += width[id]! + gap
        }
        for id in walk {
            let kids = children[id] ?? []
            guard !kids.isEmpty else { continue }
            let row = kids.reduce(0) { $0 + width[$1]! } + gap * Double(kids.count - 1)
            var start = left[id]! + (width[id]! - row) / 2
            for c in kids {
                left[c] = start
                start += width[c]! + gap
            }
        }
        var centre: [String: Double] = [:]
        for id in walk.reversed() {
            if let kids = children[id], let first = kids.first, let last = kids.last {
                centre[id] = (centre[first]! + centre[last]!) / 2
            } else {
                centre[id] = left[id]! + width[id]! / 2
            }
        }
        var out: [String: Point] = [:]
        out.reserveCapacity(walk.count)
        for id in walk { out[id] = Point(x: centre[id]!, y: rowY[depth[id]!]!) }
        return out
    }
}

/// A straight edge between two placed nodes' centres, as PNG frames draw edges
/// (`splines=line`).
struct Line {
    var from: String
    var to: String
    var a: Point
    var b: Point

    /// How far inside a box a line must pass to cross it, in points: a line that only grazes
    /// a corner or an edge of the box does not.
    static let grace = 2.0

    /// Whether the line passes through `box` (shrunk by ``grace`` on every side): clipped
    /// against the box's slabs, x then y (Liang–Barsky).
    func crosses(_ box: Box) -> Bool {
        let low = Point(x: box.low.x + Self.grace, y: box.low.y + Self.grace)
        let high = Point(x: box.high.x - Self.grace, y: box.high.y - Self.grace)
        guard low.x < high.x, low.y < high.y else { return false }
        let dx = b.x - a.x, dy = b.y - a.y
        var enter = 0.0, leave = 1.0
        for (p, q) in [(-dx, a.x - low.x), (dx, high.x - a.x), (-dy, a.y - low.y), (dy, high.y - a.y)] {
            if p == 0 {
                if q < 0 { return false }
                continue
            }
            let t = q / p
            if p < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
            if enter >= leave { return false }
        }
        return true
    }
}

/// An axis-aligned box in points (y up).
struct Box: Equatable {
    var low: Point
    var high: Point

    var width: Double { high.x - low.x }
    var height: Double { high.y - low.y }

    func union(_ other: Box) -> Box {
        Box(low: Point(x: min(low.x, other.low.x), y: min(low.y, other.low.y)),
            high: Point(x: max(high.x, other.high.x), y: max(high.y, other.high.y)))
    }

    func contains(_ other: Box) -> Bool {
        other.low.x >= low.x && other.high.x <= high.x && other.low.y >= low.y && other.high.y <= high.y
    }

    func moved(x dx: Double, y dy: Double) -> Box {
        Box(low: Point(x: low.x + dx, y: low.y + dy), high: Point(x: high.x + dx, y: high.y + dy))
    }

    func contains(_ p: Point) -> Bool {
        p.x >= low.x && p.x <= high.x && p.y >= low.y && p.y <= high.y
    }

    /// Whether the boxes come closer than `margin` to each other.
    func overlaps(_ other: Box, margin: Double) -> Bool {
        low.x < other.high.x + margin && other.low.x < high.x + margin && low.y < other.high.y + margin && other.low.y < high.y + margin
    }

    /// Whether any two of `boxes` come closer than `margin`: swept left to right, so a frame
    /// of thousands of nodes costs its sort, not every pair.
    static func anyOverlap(_ boxes: [Box], margin: Double) -> Bool {
        let sorted = boxes.sorted { $0.low.x < $1.low.x }
        var open: [Box] = []
        for b in sorted {
            open.removeAll { $0.high.x + margin <= b.low.x }
            if open.contains(where: { $0.overlaps(b, margin: margin) }) { return true }
            open.append(b)
        }
        return false
    }
}
