import Foundation

/// Puts a pinned frame's SVG together from pieces Graphviz has already drawn.
///
/// In a pinned frame every node, edge and the canvas are fixed by the union layout, so
/// Graphviz draws a node statement the same way in every frame it appears in; across an
/// animation's frames there are few distinct statements (200 frames of 150 nodes hold about
/// 27,000 node statements but 700 distinct ones). The composer keeps each statement's
/// drawing, asks Graphviz only for statements it has not seen (all at once, in one graph of
/// the frame's missing statements), and joins the pieces in the order Graphviz emits them:
/// for each node in DOT order, the node, then for each of its out-edges the edge's head and
/// the edge, each object once. The result is the bytes a direct render gives.
///
/// Graphviz sizes a canvas from everything drawn on it; pinned frames carry anchors at the
/// union's corners, so a frame whose pieces all lie inside them has the anchors' canvas and
/// is composed. Frames with a piece outside (an edge label counts with a generous width) or
/// with clusters (change boxes) are drawn whole, and their pieces are kept for later frames.
///
/// Used from one animation loop at a time; the lock only keeps it safe to share.
public final class SVGComposer: @unchecked Sendable {
    private let lock = NSLock()
    private var prefix: [UInt8]?
    private var suffix: [UInt8]?
    private var pieces: [String: Piece] = [:]
    private let engine: String
    /// The anchors' box in SVG coordinates (y grows downwards).
    private let minX: Double, maxX: Double, minY: Double, maxY: Double

    /// A drawn statement, and whether it lies inside the anchors.
    struct Piece {
        var bytes: [UInt8]
        var inside: Bool
    }
    /// How many frames were composed rather than drawn whole (for tests).
    private(set) var composed = 0

    /// `corners` are the anchors' (``StableLayout/corners``), in Graphviz points.
    public init(engine: String, corners: (Point, Point)) {
        self.engine = engine
        minX = corners.0.x + 1
        maxX = corners.1.x - 1
        minY = -corners.1.y + 1
        maxY = -corners.0.y - 1
    }

    /// The frame's SVG, composed where possible.
    public func svg(_ parts: DOTParts) throws(RenderError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard parts.boxes.isEmpty, let order = Self.emitOrder(parts) else {
            let svg = try Graphviz.shared.render(dot: parts.text, format: .svg, engine: engine)
            if Self.emitOrder(parts) != nil { _ = harvest(svg, nodes: parts.nodes, edges: parts.edges, whole: true) }
            return svg
        }
        let missingNodes = parts.nodes.filter { pieces[$0.text] == nil }
        let missingEdges = parts.edges.filter { pieces[$0.text] == nil }
        if prefix == nil || !missingNodes.isEmpty || !missingEdges.isEmpty {
            // A graph of the missing statements, with the ends of missing edges.
            var needed = Set(missingNodes.map(\.name))
            for e in missingEdges { needed.formUnion([e.tail, e.head]) }
            let nodes = parts.nodes.filter { needed.contains($0.name) }
            let svg = try Graphviz.shared.render(dot: parts.subset(nodes: nodes, edges: missingEdges), format: .svg, engine: engine)
            guard harvest(svg, nodes: nodes, edges: missingEdges, whole: false) else {
                return try Graphviz.shared.render(dot: parts.text, format: .svg, engine: engine)
            }
        }
        guard let prefix, let suffix, parts.nodes.allSatisfy({ pieces[$0.text]!.inside }), parts.edges.allSatisfy({ pieces[$0.text]!.inside }) else {
            return try Graphviz.shared.render(dot: parts.text, format: .svg, engine: engine)
        }
        composed += 1
        var out = prefix
        for item in order {
            switch item {
            case .node(let i): out += pieces[parts.nodes[i].text]!.bytes
            case .edge(let i): out += pieces[parts.edges[i].text]!.bytes
            }
        }
        return out + suffix
    }

    enum Item { case node(Int), edge(Int) }

    /// Graphviz's emit order (its default "breadth first" walk), or nil when two edges join
    /// the same nodes (their pieces could not be told apart).
    static func emitOrder(_ parts: DOTParts) -> [Item]? {
        var index: [String: Int] = [:]
        for (i, n) in parts.nodes.enumerated() { index[n.name] = i }
        var outEdges = [[Int]](repeating: [], count: parts.nodes.count)
        var pairs = Set<String>()
        for (i, e) in parts.edges.enumerated() {
            guard let t = index[e.tail], index[e.head] != nil, pairs.insert("\(e.tail)->\(e.head)").inserted else { return nil }
            outEdges[t].append(i)
        }
        var emitted = [Bool](repeating: false, count: parts.nodes.count)
        var order: [Item] = []
        order.reserveCapacity(parts.nodes.count + parts.edges.count)
        for n in parts.nodes.indices {
            if !emitted[n] { emitted[n] = true; order.append(.node(n)) }
            for e in outEdges[n] {
                let h = index[parts.edges[e].head]!
                if !emitted[h] { emitted[h] = true; order.append(.node(h)) }
                order.append(.edge(e))
            }
        }
        return order
    }

    /// Splits a drawing of `nodes` and `edges` into one piece per object (each starts with
    /// Graphviz's `<!-- name -->` comment) and keeps them; false when the drawing does not
    /// have the expected shape. The canvas (what precedes the first piece, and the anchors
    /// that end it) is kept from drawings of pieces only, not from `whole` frames.
    private func harvest(_ svg: [UInt8], nodes: [DOTParts.Node], edges: [DOTParts.Edge], whole: Bool) -> Bool {
        let marker = Array("\n<!-- ".utf8)
        var starts: [Int] = []
        var i = 0
        while i + marker.count <= svg.count {
            if svg[i] == marker[0], svg[i + 1] == marker[1], svg[i + 2] == marker[2], svg[i + 3] == marker[3],
               svg[i + 4] == marker[4], svg[i + 5] == marker[5] {
                starts.append(i + 1)
                i += marker.count
            } else {
                i += 1
            }
        }
        // The first comments are the prolog's (generator, title); pieces start after <svg.
        let body = HTMLPlayer.stripProlog(svg)
        guard !body.isEmpty else { return false }
        starts = starts.filter { $0 > body.startIndex }
        var byName: [String: ArraySlice<UInt8>] = [:]
        var anchors: Int?
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : svg.count
            let lineEnd = svg[start...].firstIndex(of: UInt8(ascii: "\n")) ?? end
            let comment = String(decoding: svg[(start + 5)..<max(start + 5, lineEnd - 4)], as: UTF8.self)
            if comment == "anchor0" { anchors = start; break }
            byName[comment] = svg[start..<end]
        }
        guard let first = starts.first, let anchors else { return false }
        if !whole {
            let newPrefix = Array(svg[..<first]), newSuffix = Array(svg[anchors...])
            if let prefix, prefix != newPrefix || suffix! != newSuffix { return false }
            prefix = newPrefix
            suffix = newSuffix
        }
        for n in nodes where pieces[n.text] == nil {
            guard let piece = byName[n.name] else { return false }
            pieces[n.text] = Piece(bytes: Array(piece), inside: inside(piece))
        }
        for e in edges where pieces[e.text] == nil {
            guard let piece = byName["\(e.tail)&#45;&gt;\(e.head)"] else { return false }
            pieces[e.text] = Piece(bytes: Array(piece), inside: inside(piece) && (!e.labelled || labelInside(piece)))
        }
        return true
    }

    /// Whether every point of the piece's shapes (`points` and path `d` attributes) lies
    /// inside the anchors' box.
    private func inside(_ piece: ArraySlice<UInt8>) -> Bool {
        var numbers: [Double] = []
        var i = piece.startIndex
        let quote = UInt8(ascii: "\"")
        while i < piece.endIndex {
            // ` points="…"` or ` d="…"`: a space, the name, `="`.
            guard piece[i] == quote, i >= piece.startIndex + 3, piece[i - 1] == UInt8(ascii: "="),
                  (piece[i - 2] == UInt8(ascii: "d") && piece[i - 3] == UInt8(ascii: " "))
                    || (piece[i - 2] == UInt8(ascii: "s") && i >= piece.startIndex + 8
                        && piece[(i - 8)..<(i - 1)].elementsEqual(" points".utf8)) else {
                i += 1
                continue
            }
            i += 1
            numbers.removeAll(keepingCapacity: true)
            var start: Int?
            while i < piece.endIndex, piece[i] != quote {
                let c = piece[i]
                let numeric = (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
                if numeric, start == nil { start = i }
                if !numeric, let s = start {
                    numbers.append(Double(String(decoding: piece[s..<i], as: UTF8.self)) ?? 0)
                    start = nil
                }
                i += 1
            }
            if let s = start { numbers.append(Double(String(decoding: piece[s..<i], as: UTF8.self)) ?? 0) }
            for k in stride(from: 0, to: numbers.count - 1, by: 2) {
                let x = numbers[k], y = numbers[k + 1]
                if x < minX || x > maxX || y < minY || y > maxY { return false }
            }
            i += 1
        }
        return true
    }

    /// Whether an edge label's text, counted an em wide a character on either side of where
    /// it starts, lies inside the anchors' box.
    private func labelInside(_ piece: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: piece, as: UTF8.self)
        var rest = Substring(text)
        while let start = rest.range(of: "<text ") {
            guard let close = rest.range(of: "</text>", range: start.upperBound..<rest.endIndex) else { return false }
            let element = rest[start.upperBound..<close.lowerBound]
            rest = rest[close.upperBound...]
            func value(_ name: String) -> Double? {
                guard let r = element.range(of: " \(name)=\"") else { return nil }
                return Double(element[r.upperBound...].prefix { $0 != "\"" })
            }
            guard let x = value("x"), let y = value("y"), let size = value("font-size"),
                  let content = element.firstIndex(of: ">") else { return false }
            let reach = Double(element[element.index(after: content)...].count + 1) * size
            if x - reach < minX || x + reach > maxX || y - 2 * size < minY || y + size > maxY { return false }
        }
        return true
    }
}
