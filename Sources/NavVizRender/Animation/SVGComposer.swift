import Foundation

/// Puts a pinned frame's SVG together from pieces Graphviz has already drawn.
///
/// In a pinned frame every node, edge and the canvas are fixed by the union layout, so
/// Graphviz draws a node the same way in every frame it appears in with the same look;
/// across an animation's frames there are few distinct looks (200 frames of 150 nodes hold
/// about 27,000 nodes but 700 distinct ones). The composer keeps each look's drawing, keyed
/// by the pinned scene's node or edge (no DOT is written for what it has drawn before),
/// asks Graphviz only for looks it has not seen (all at once, in one graph of the frame's
/// missing nodes and edges), and joins the pieces in the order Graphviz emits them:
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
    private var nodePieces: [SceneNode: Piece] = [:]
    private var edgePieces: [SceneEdge: Piece] = [:]
    private let layout: StableLayout
    /// The anchors' box in SVG coordinates (y grows downwards).
    private let minX: Double, maxX: Double, minY: Double, maxY: Double
    /// How many frames were composed rather than drawn whole (for tests).
    private(set) var composed = 0
    /// At most this many pieces are kept (a few megabytes): past it the cache starts afresh,
    /// so a long animation whose looks keep changing does not grow memory frame by frame.
    let maxPieces: Int

    /// A drawn node or edge, and whether it lies inside the anchors.
    struct Piece {
        var bytes: [UInt8]
        var inside: Bool
    }

    /// Composes frames pinned to `layout`.
    public init(layout: StableLayout, maxPieces: Int = 4_000) {
        self.layout = layout
        self.maxPieces = maxPieces
        minX = layout.corners.0.x + 1
        maxX = layout.corners.1.x - 1
        minY = -layout.corners.1.y + 1
        maxY = -layout.corners.0.y - 1
    }

    /// The SVG of a frame pinned by ``StableLayout/pin(_:)``, composed where possible.
    public func svg(_ pinned: Scene) throws(RenderError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        let engine = StableLayout.engine
        if nodePieces.count + edgePieces.count > maxPieces {
            nodePieces.removeAll()
            edgePieces.removeAll()
        }
        guard pinned.boxes.isEmpty, let order = Self.emitOrder(pinned) else {
            let svg = try Graphviz.shared.render(dot: layout.encode(pinned), format: .svg, engine: engine)
            if pinned.boxes.isEmpty { _ = harvest(svg, pinned, whole: true) }
            return svg
        }
        let missingNodes = pinned.nodes.filter { nodePieces[$0] == nil }
        let missingEdges = order.compactMap { item -> SceneEdge? in
            if case .edge(let i) = item, edgePieces[pinned.edges[i]] == nil { return pinned.edges[i] }
            return nil
        }
        if prefix == nil || !missingNodes.isEmpty || !missingEdges.isEmpty {
            // A graph of the missing looks, with the ends of missing edges.
            var needed = Set(missingNodes.map(\.id))
            for e in missingEdges { needed.formUnion([e.from, e.to]) }
            var batch = pinned
            batch.nodes = pinned.nodes.filter { needed.contains($0.id) }
            batch.edges = missingEdges
            let svg = try Graphviz.shared.render(dot: layout.encode(batch), format: .svg, engine: engine)
            guard harvest(svg, batch, whole: false) else {
                return try Graphviz.shared.render(dot: layout.encode(pinned), format: .svg, engine: engine)
            }
        }
        guard var out = prefix, let suffix else {
            return try Graphviz.shared.render(dot: layout.encode(pinned), format: .svg, engine: engine)
        }
        for item in order {
            let piece: Piece?
            switch item {
            case .node(let i): piece = nodePieces[pinned.nodes[i]]
            case .edge(let i): piece = edgePieces[pinned.edges[i]]
            }
            guard let piece, piece.inside else {
                return try Graphviz.shared.render(dot: layout.encode(pinned), format: .svg, engine: engine)
            }
            out += piece.bytes
        }
        composed += 1
        return out + suffix
    }

    enum Item { case node(Int), edge(Int) }

    /// Graphviz's emit order (its default "breadth first" walk), or nil when two edges join
    /// the same nodes (their pieces could not be told apart). Edges with an end missing from
    /// the scene are not drawn, as ``DOTEncoder`` leaves them out.
    static func emitOrder(_ scene: Scene) -> [Item]? {
        var index: [String: Int] = [:]
        for (i, n) in scene.nodes.enumerated() { index[n.id] = i }
        var outEdges = [[Int]](repeating: [], count: scene.nodes.count)
        var pairs = Set<[String]>()
        for (i, e) in scene.edges.enumerated() {
            guard let t = index[e.from], index[e.to] != nil else { continue }
            guard pairs.insert([e.from, e.to]).inserted else { return nil }
            outEdges[t].append(i)
        }
        var emitted = [Bool](repeating: false, count: scene.nodes.count)
        var order: [Item] = []
        order.reserveCapacity(scene.nodes.count + scene.edges.count)
        for n in scene.nodes.indices {
            if !emitted[n] { emitted[n] = true; order.append(.node(n)) }
            for e in outEdges[n] {
                let h = index[scene.edges[e].to]!
                if !emitted[h] { emitted[h] = true; order.append(.node(h)) }
                order.append(.edge(e))
            }
        }
        return order
    }

    /// Splits a drawing of `scene` into one piece per node and edge (each starts with
    /// Graphviz's `<!-- name -->` comment) and keeps the new ones; false when the drawing
    /// does not have the expected shape. The canvas (what precedes the first piece, and the
    /// anchors that end it) is kept from drawings of pieces only, not from `whole` frames.
    private func harvest(_ svg: [UInt8], _ scene: Scene, whole: Bool) -> Bool {
        let marker = Array("\n<!-- ".utf8)
        let body = HTMLPlayer.stripProlog(svg)
        guard !body.isEmpty else { return false }
        var starts: [Int] = []
        var i = body.startIndex
        while i + marker.count <= svg.count {
            if svg[i] == marker[0], svg[i + 1] == marker[1], svg[i + 2] == marker[2], svg[i + 3] == marker[3],
               svg[i + 4] == marker[4], svg[i + 5] == marker[5] {
                starts.append(i + 1)
                i += marker.count
            } else {
                i += 1
            }
        }
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
        var newNodes: [(SceneNode, Piece)] = [], newEdges: [(SceneEdge, Piece)] = []
        for n in scene.nodes where nodePieces[n] == nil {
            guard let name = layout.names[n.id], let piece = byName[name] else { return false }
            newNodes.append((n, Piece(bytes: Array(piece), inside: inside(piece))))
        }
        for e in scene.edges where edgePieces[e] == nil {
            guard let a = layout.names[e.from], let b = layout.names[e.to] else { continue }
            guard let piece = byName["\(a)&#45;&gt;\(b)"] else { return false }
            newEdges.append((e, Piece(bytes: Array(piece), inside: inside(piece) && (e.label == nil || labelInside(piece)))))
        }
        // Only a drawing with everything inside the anchors has the anchors' canvas.
        if !whole, newNodes.allSatisfy(\.1.inside), newEdges.allSatisfy(\.1.inside) {
            let newPrefix = Array(svg[..<first]), newSuffix = Array(svg[anchors...])
            if let prefix, prefix != newPrefix || suffix != newSuffix { return false }
            prefix = newPrefix
            suffix = newSuffix
        }
        for (n, piece) in newNodes { nodePieces[n] = piece }
        for (e, piece) in newEdges { edgePieces[e] = piece }
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
