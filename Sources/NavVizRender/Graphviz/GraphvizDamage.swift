import Foundation
internal import CGraphviz

/// Which pixels of a frame can differ from the frame drawn before it on the same canvas, read
/// off the two laid-out graphs object by object: what lets a worker draw only the objects
/// that reach those pixels, copy only those pixels (``CairoCanvas/draw(damage:_:)``), and
/// compare only those rows in its PNG encoder.
///
/// An animation's consecutive frames share a view (the PNG frames' `viewport`) and differ
/// in a few nodes, edges and the caption; drawing the whole page again was most of a
/// frame's time in cairo and pixman, plus clearing and comparing a page of tens of
/// megabytes.
///
/// A ``Scene`` is everything a graph draws, as items keyed by what they are (a node by name,
/// an edge by its ends, name and rank among edges with the same ends, a cluster by name, the
/// graph's label), in the order Graphviz draws them: each with a signature (every attribute
/// with a value, and every coordinate the layout decided) and the boxes it draws in. Between
/// two scenes with the same frame (the graph's own attributes but its label, and the view),
/// the damage is the boxes, old and new, of every item added, removed, changed or drawn in
/// another order, each grown by what its pen and arrowheads can reach and by antialiasing,
/// in device pixels. Inside those
/// rectangles, the page drawn whole has the pixels of the page drawn with only the objects
/// that reach into them (the others hidden, ``hide(_:outside:in:)``), unclipped, in Graphviz's
/// own order; outside them, the frame before's (``GraphvizDamageTests`` draws sessions both
/// ways and compares every pixel).
///
/// One object is never hidden for being outside the damage: the first that may draw an
/// ellipse, and any before it that may (``Drawing/kept``). Graphviz's cairo renderer draws an
/// ellipse through `cairo_set_matrix`, which sets cairo's inverse transform anew, a bit or
/// two off the one the page began with, and every text drawn after it lands on pixels by
/// that inverse: a glyph a pixel apart. Hidden, that ellipse would leave the text drawn
/// after it in the damage on the page's first inverse (found on the 1,000-frame benchmark
/// sequence: 50 of its `--png` frames drawn in part differed from the same frames drawn
/// whole, in glyphs).
///
/// Only a graph whose view is its `viewport` (five numbers: size, zoom, centre) and that sets
/// none of the attributes that turn or scale a page is tracked; any other is drawn whole.
/// Read only under ``Graphviz``'s lock, from a laid-out graph.
enum GraphvizDamage {
    /// A rectangle of device pixels: columns `x0..<x1`, rows `y0..<y1`.
    struct Rect: Equatable, Sendable {
        var x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// A box in points (graph units, y up).
    struct Box: Equatable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        /// The box centred on (x, y), `width` × `height`, grown by `margin` on every side.
        init(centre x: Double, _ y: Double, width: Double, height: Double, margin: Double) {
            (minX, maxX) = (x - width / 2 - margin, x + width / 2 + margin)
            (minY, maxY) = (y - height / 2 - margin, y + height / 2 + margin)
        }

        init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        }
    }

    /// Graphviz's `viewport`: the page's size in points, the zoom and the point of the graph
    /// at the page's centre. A point (x, y) of the graph is drawn at device pixel
    /// (((x − centreX) · zoom + width / 2) · dpi / 72, ((centreY − y) · zoom + height / 2) · dpi / 72).
    struct View: Equatable {
        var width: Double, height: Double, zoom: Double, centreX: Double, centreY: Double

        /// navviz's raster device draws at 96 dpi (``GraphvizRasterDevice``).
        static let pixelsPerPoint = 96.0 / 72.0

        /// The device pixels `box` covers, with a pixel more on every side for rounding.
        func pixels(_ box: Box) -> Rect {
            let x0 = ((box.minX - centreX) * zoom + width / 2) * Self.pixelsPerPoint
            let x1 = ((box.maxX - centreX) * zoom + width / 2) * Self.pixelsPerPoint
            let y0 = ((centreY - box.maxY) * zoom + height / 2) * Self.pixelsPerPoint
            let y1 = ((centreY - box.minY) * zoom + height / 2) * Self.pixelsPerPoint
            func clamped(_ v: Double) -> Int { Int(max(-1e9, min(1e9, v))) }
            return Rect(x0: clamped(x0.rounded(.down)) - 1, y0: clamped(y0.rounded(.down)) - 1,
                        x1: clamped(x1.rounded(.up)) + 1, y1: clamped(y1.rounded(.up)) + 1)
        }
    }

    /// What one object draws: its signature and the boxes it draws in.
    struct Item: Equatable {
        var signature: [UInt8]
        var boxes: [Box]
    }

    /// A laid-out graph's scene and its nodes and edges, each with its item's key: the
    /// objects are valid only as long as the graph.
    struct Drawing {
        var scene: Scene
        var objects: [(key: String, object: UnsafeMutableRawPointer, kind: Int32)]
        /// The objects ``hide(_:outside:in:)`` never hides: in Graphviz's order, those that
        /// may draw an ellipse, up to the first that surely does (see `GraphvizDamage`).
        var kept: Set<String> = []
    }

    /// Node shapes Graphviz draws as an ellipse (`shapes.c`: a polygon of at most two sides,
    /// undistorted and unskewed; `egg` is distorted, so drawn as a polygon of 120 sides).
    static let ellipseShapes: Set<String> = ["ellipse", "oval", "circle", "doublecircle", "point", "Mcircle"]

    /// Everything a laid-out graph draws.
    struct Scene {
        /// What moves or repaints every pixel when it changes: the graph's own attributes
        /// (but its label, an item of its own), in order.
        var frame: [UInt8]
        var view: View
        var items: [String: Item]
        /// The items' keys in the order Graphviz draws them (where two overlap, the later
        /// is on top).
        var order: [String]

        /// Adds an item drawn after those added before it.
        mutating func add(_ key: String, _ item: Item) {
            items[key] = item
            order.append(key)
        }
    }

    /// Graph attributes under which a page is turned, scaled or cut otherwise than by its
    /// viewport: a graph that sets any of them is not tracked. So is a graph with an
    /// external label (`xlabel`, placed from the layout's bounds) or drawing commands of its
    /// own (`_background`).
    static let untracked: Set<String> = ["rotate", "landscape", "orientation", "dpi", "resolution", "size", "ratio", "page",
                                         "layers", "layerselect", "layer", "center", "pagedir", "quantum", "xlabel", "_background"]

    /// Graph attributes the frame is not compared by: its label (an item of its own), and
    /// what the layout writes of the graph (its bounds, its label's place and size, which
    /// move only the label under a viewport: the label item's position and size say so).
    static let layoutWritten: Set<String> = ["label", "bb", "lp", "lwidth", "lheight"]

    /// At most this many rectangles are kept apart; more are joined into one.
    static let maxRects = 24

    /// Node shapes whose outline has no angle sharper than a right angle: a corner of their
    /// pen reaches at most its width past the outline. Any other shape's can reach five times
    /// its width (cairo's miter limit, 10).
    static let bluntShapes: Set<String> = ["box", "rect", "rectangle", "square", "tab", "box3d", "folder", "component", "note",
                                           "plaintext", "plain", "none", "ellipse", "oval", "circle", "doublecircle", "point",
                                           "cylinder", "underline", "record", "Mrecord", ""]

    /// The scene `graph` draws, or nil when it is not tracked: no five-number viewport, an
    /// attribute in ``untracked`` set, a margin, an edge drawn with `decorate` or a pen set
    /// by `style=setlinewidth`, or a text stacking marks (``stacksMarks(_:)``).
    static func scene(_ graph: UnsafeMutablePointer<Agraph_t>) -> Drawing? {
        guard let viewport = value(UnsafeMutableRawPointer(graph), "viewport"), let view = view(viewport) else { return nil }
        var frame: [UInt8] = []
        var sym = agnxtattr(graph, Int32(AGRAPH), nil)
        while let s = sym {
            let name = String(cString: s.pointee.name)
            if !layoutWritten.contains(name), let value = agxget(graph, s), value.pointee != 0 {
                if untracked.contains(name) || (name == "margin" && !isZero(String(cString: value))) { return nil }
                append(&frame, s.pointee.name)
                append(&frame, value)
            }
            sym = agnxtattr(graph, Int32(AGRAPH), s)
        }
        var scene = Scene(frame: frame, view: view, items: [:], order: [])
        var objects: [(key: String, object: UnsafeMutableRawPointer, kind: Int32)] = []
        var box = [Double](repeating: 0, count: 4)
        var tracked = true
        // Objects that may draw an ellipse: true where one surely is drawn.
        var ellipses: [String: Bool] = [:]
        // Edges' arrowheads, where the graph declares them (looked up once, not per edge).
        let arrowSymbols = ["arrowhead", "arrowtail"].compactMap { name in
            name.withCString { agattr(graph, Int32(AGEDGE), UnsafeMutablePointer(mutating: $0), nil) }
        }
        // The graph's label (the frame's caption), drawn first.
        var label = Item(signature: [], boxes: [])
        let caption = value(UnsafeMutableRawPointer(graph), "label") ?? ""
        if stacksMarks(caption) { return nil }
        append(&label.signature, caption)
        addLabel(navviz_graph_label(graph), placedOnly: false, to: &label, box: &box)
        scene.add("g", label)
        // Clusters, each before those inside it: the subgraphs Graphviz draws.
        func clusters(of parent: UnsafeMutablePointer<Agraph_t>) {
            for i in 0..<max(0, Int(navviz_cluster_count(parent))) {
                guard let g = navviz_cluster(parent, Int32(i)) else { continue }
                var item = Item(signature: [], boxes: [])
                tracked = tracked && attributes(of: UnsafeMutableRawPointer(g), kind: Int(AGRAPH), root: graph, into: &item.signature)
                box.withUnsafeMutableBufferPointer { navviz_graph_bb(g, $0.baseAddress!) }
                appendNumbers(&item.signature, box)
                item.boxes.append(Box(minX: box[0], minY: box[1], maxX: box[2], maxY: box[3]).grown(by: penMargin(UnsafeMutableRawPointer(g), sharp: false)))
                addLabel(navviz_graph_label(g), placedOnly: false, to: &item, box: &box)
                scene.add(key("s", String(cString: agnameof(UnsafeMutableRawPointer(g)))), item)
                clusters(of: g)
            }
        }
        clusters(of: graph)
        // Nodes and edges: read in the graph's order, each added to `order` where Graphviz draws it.
        var nodes: [(key: String, item: Item)] = [], edges: [(key: String, tail: String, head: String, item: Item)] = []
        var node = agfstnode(graph)
        while let n = node {
            let name = String(cString: agnameof(UnsafeMutableRawPointer(n)))
            var item = Item(signature: [], boxes: [])
            tracked = tracked && attributes(of: UnsafeMutableRawPointer(n), kind: Int(AGNODE), root: graph, into: &item.signature)
            box.withUnsafeMutableBufferPointer { navviz_node_box(n, $0.baseAddress!) }
            appendNumbers(&item.signature, box)
            let shape = value(UnsafeMutableRawPointer(n), "shape") ?? ""
            let polygonSides = shape == "polygon" ? Int(value(UnsafeMutableRawPointer(n), "sides") ?? "") : nil
            if ellipseShapes.contains(shape) || polygonSides.map({ $0 <= 2 }) == true,
               !(value(UnsafeMutableRawPointer(n), "style") ?? "").contains("invis") {
                // Surely drawn when it is one of those shapes, has an outline, is not distorted
                // or skewed, and lies wholly on the page (Graphviz leaves out a node outside
                // it); else it only may be.
                let r = view.pixels(Box(centre: box[0], box[1], width: box[2], height: box[3], margin: 0))
                let onPage = r.x0 >= 0 && r.y0 >= 0 && Double(r.x1) <= view.width * View.pixelsPerPoint
                    && Double(r.y1) <= view.height * View.pixelsPerPoint
                let plain = ["distortion", "skew"].allSatisfy { name in
                    let text = value(UnsafeMutableRawPointer(n), name) ?? ""
                    return text.isEmpty || isZero(text)
                }
                ellipses[key("n", name)] = ellipseShapes.contains(shape) && onPage && plain
                    && (value(UnsafeMutableRawPointer(n), "peripheries") ?? "1") != "0"
            }
            item.boxes.append(Box(centre: box[0], box[1], width: box[2], height: box[3],
                                  margin: penMargin(UnsafeMutableRawPointer(n), sharp: !bluntShapes.contains(shape))))
            // Its label is placed only when it is drawn: it is centred on the node until then.
            var size = [Double](repeating: 0, count: 4)
            if size.withUnsafeMutableBufferPointer({ navviz_label_box(navviz_node_label(n), 0, $0.baseAddress!) }) != 0 {
                appendNumbers(&item.signature, [size[2], size[3]])
                item.boxes.append(Box(centre: box[0], box[1], width: size[2], height: size[3], margin: 3))
            }
            addLabel(navviz_node_xlabel(n), placedOnly: true, to: &item, box: &box)
            let nodeKey = key("n", name)
            nodes.append((nodeKey, item))
            objects.append((nodeKey, UnsafeMutableRawPointer(n), Int32(AGNODE)))
            // Its edges out, keyed by their ends, their name and their rank among the edges
            // with the same ends and name.
            var ranks: [String: Int] = [:]
            var edge = agfstout(graph, n)
            while let e = edge {
                let head = String(cString: agnameof(UnsafeMutableRawPointer(navviz_edge_head(e))))
                let name = agnameof(UnsafeMutableRawPointer(e)).map { String(cString: $0) } ?? ""
                let headKey = key("n", head)
                let ends = "e" + nodeKey + headKey + key("", name)
                let rank = ranks[ends, default: 0]
                ranks[ends] = rank + 1
                let edgeKey = ends + "#\(rank)"
                guard let item = edgeItem(e, graph: graph, box: &box) else { return nil }
                // An arrowhead of the `dot` kinds is an ellipse; whether it is drawn depends on
                // `dir`, so such an edge only may draw one.
                if arrowSymbols.contains(where: { strstr(agxget(UnsafeMutableRawPointer(e), $0), "dot") != nil }) {
                    ellipses[edgeKey] = false
                }
                edges.append((edgeKey, nodeKey, headKey, item))
                objects.append((edgeKey, UnsafeMutableRawPointer(e), Int32(AGEDGE)))
                edge = agnxtout(graph, e)
            }
            node = agnxtnode(graph, n)
        }
        guard tracked else { return nil }
        // Graphviz's order (`emit_view`): all nodes then all edges with `outputorder=nodesfirst`,
        // the reverse with `edgesfirst`, else each node, then for each of its edges out the
        // edge's head (unless drawn already) and the edge.
        switch value(UnsafeMutableRawPointer(graph), "outputorder") {
        case "nodesfirst":
            for node in nodes { scene.add(node.key, node.item) }
            for edge in edges { scene.add(edge.key, edge.item) }
        case "edgesfirst":
            for edge in edges { scene.add(edge.key, edge.item) }
            for node in nodes { scene.add(node.key, node.item) }
        default:
            var edgesOut: [String: [(key: String, head: String, item: Item)]] = [:]
            for edge in edges { edgesOut[edge.tail, default: []].append((edge.key, edge.head, edge.item)) }
            let byKey = Dictionary(nodes.map { ($0.key, $0.item) }, uniquingKeysWith: { a, _ in a })
            for node in nodes {
                if scene.items[node.key] == nil { scene.add(node.key, node.item) }
                for edge in edgesOut[node.key] ?? [] {
                    if scene.items[edge.head] == nil, let head = byKey[edge.head] { scene.add(edge.head, head) }
                    scene.add(edge.key, edge.item)
                }
            }
        }
        var kept: Set<String> = []
        for key in scene.order {
            guard let sure = ellipses[key] else { continue }
            kept.insert(key)
            if sure { break }
        }
        return Drawing(scene: scene, objects: objects, kept: kept)
    }

    /// Declares `style` for nodes and edges (empty, Graphviz's default) where the graph does
    /// not: Graphviz reads styles through the attribute declared when the layout begins, so
    /// only then can ``hide(_:outside:in:)`` hide what the graph does not style. Called before
    /// the layout.
    static func prepare(_ graph: UnsafeMutablePointer<Agraph_t>) {
        for kind in [Int32(AGNODE), Int32(AGEDGE)] {
            "style".withCString { name in
                if agattr(graph, kind, UnsafeMutablePointer(mutating: name), nil) == nil {
                    _ = "".withCString { agattr(graph, kind, UnsafeMutablePointer(mutating: name), UnsafeMutablePointer(mutating: $0)) }
                }
            }
        }
    }

    /// Hides (style `invis`) every node and edge of `drawing` whose boxes reach into none of
    /// `rects`, so Graphviz does not draw it, but those it keeps (``Drawing/kept``); returns
    /// what restores their styles. A kind of
    /// object whose `style` the graph does not declare is not hidden (Graphviz reads styles
    /// through the attribute declared when the layout began).
    static func hide(_ drawing: Drawing, outside rects: [Rect], in graph: UnsafeMutablePointer<Agraph_t>) -> () -> Void {
        var hidden: [(object: UnsafeMutableRawPointer, style: UnsafeMutablePointer<Agsym_t>, value: String)] = []
        let styles = [Int32(AGNODE), Int32(AGEDGE)].map { kind in "style".withCString { agattr(graph, kind, UnsafeMutablePointer(mutating: $0), nil) } }
        for (key, object, kind) in drawing.objects {
            guard let style = styles[kind == Int32(AGNODE) ? 0 : 1], let item = drawing.scene.items[key], !drawing.kept.contains(key) else { continue }
            let reaches = item.boxes.contains { box in
                let r = drawing.scene.view.pixels(box)
                return rects.contains { $0.x0 < r.x1 && r.x0 < $0.x1 && $0.y0 < r.y1 && r.y0 < $0.y1 }
            }
            guard !reaches else { continue }
            hidden.append((object, style, String(cString: agxget(object, style))))
            _ = "invis".withCString { agxset(object, style, UnsafeMutablePointer(mutating: $0)) }
        }
        return {
            for (object, style, value) in hidden { _ = value.withCString { agxset(object, style, UnsafeMutablePointer(mutating: $0)) } }
        }
    }

    /// The device pixels that can differ between a page drawn from `old` and one drawn from
    /// `new` on a `width` × `height` page: nil when every pixel can (another frame or view),
    /// else rectangles inside the page, none when the scenes draw the same.
    static func damage(from old: Scene, to new: Scene, width: Int, height: Int) -> [Rect]? {
        guard old.frame == new.frame, old.view == new.view else { return nil }
        var rects: [Rect] = []
        func add(_ item: Item) {
            for box in item.boxes {
                let r = new.view.pixels(box)
                let clipped = Rect(x0: max(0, r.x0), y0: max(0, r.y0), x1: min(width, r.x1), y1: min(height, r.y1))
                if clipped.x0 < clipped.x1, clipped.y0 < clipped.y1 { rects.append(clipped) }
            }
        }
        for (key, item) in new.items {
            guard let before = old.items[key] else { add(item); continue }
            if before != item {
                add(before)
                add(item)
            }
        }
        for (key, item) in old.items where new.items[key] == nil { add(item) }
        // Items drawn in both but in another order: where two of them overlap, the other is
        // now on top. Those outside a longest run kept in order are damaged, so every pair
        // whose order flipped has one of its two redrawn, and with it their overlap.
        for key in reordered(old.order, new.order) {
            if let before = old.items[key] { add(before) }
            if let item = new.items[key] { add(item) }
        }
        return merged(rects)
    }

    /// The keys in both `old` and `new` that are not in a longest subsequence of `new` in
    /// `old`'s order.
    static func reordered(_ old: [String], _ new: [String]) -> [String] {
        var place: [String: Int] = [:]
        for (i, key) in old.enumerated() { place[key] = i }
        let common = new.compactMap { key in place[key].map { (key, $0) } }
        // Patience sorting: tails[k] is the index in `common` ending the best run of k + 1.
        var tails: [Int] = [], previous = [Int](repeating: -1, count: common.count)
        for (i, item) in common.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if common[tails[middle]].1 < item.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var kept = Set<Int>()
        var i = tails.last ?? -1
        while i >= 0 {
            kept.insert(i)
            i = previous[i]
        }
        return common.indices.filter { !kept.contains($0) }.map { common[$0].0 }
    }

    /// `rects` joined where they overlap or touch, then, past ``maxRects``, into their
    /// bounding box; sorted top to bottom, left to right (so the same damage clips the same).
    static func merged(_ rects: [Rect]) -> [Rect] {
        var out: [Rect] = []
        for rect in rects {
            var r = rect
            // Join with every rectangle it meets, until it meets none.
            var joined = true
            while joined {
                joined = false
                if let i = out.firstIndex(where: { $0.x0 <= r.x1 && r.x0 <= $0.x1 && $0.y0 <= r.y1 && r.y0 <= $0.y1 }) {
                    let o = out.remove(at: i)
                    r = Rect(x0: min(o.x0, r.x0), y0: min(o.y0, r.y0), x1: max(o.x1, r.x1), y1: max(o.y1, r.y1))
                    joined = true
                }
            }
            out.append(r)
        }
        if out.count > maxRects {
            let all = out.dropFirst().reduce(out[0]) { Rect(x0: min($0.x0, $1.x0), y0: min($0.y0, $1.y0), x1: max($0.x1, $1.x1), y1: max($0.y1, $1.y1)) }
            return [all]
        }
        return out.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
    }

    /// The viewport's five numbers (`W,H,Z,x,y`), as Graphviz reads them; nil for any other form.
    static func view(_ text: String) -> View? {
        // Graphviz reads them with sscanf("%lf,%lf,…"), which stops at a space before a comma.
        guard !text.contains(where: \.isWhitespace) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 5 else { return nil }
        let numbers = parts.compactMap { Double($0) }
        guard numbers.count == 5, numbers.allSatisfy(\.isFinite), numbers[0] > 0, numbers[1] > 0, numbers[2] > 0 else { return nil }
        return View(width: numbers[0], height: numbers[1], zoom: numbers[2], centreX: numbers[3], centreY: numbers[4])
    }

    /// An edge: its attributes and every point of its spline, and the boxes its pieces,
    /// arrowheads and labels draw in; nil for an edge drawn beyond them (`decorate`, a line
    /// from its label to its spline) or whose text stacks marks.
    private static func edgeItem(_ e: UnsafeMutablePointer<Agedge_t>, graph: UnsafeMutablePointer<Agraph_t>, box: inout [Double]) -> Item? {
        let object = UnsafeMutableRawPointer(e)
        if let decorate = value(object, "decorate"), !["", "false", "no", "0"].contains(decorate.lowercased()) { return nil }
        var item = Item(signature: [], boxes: [])
        guard attributes(of: object, kind: Int(AGEDGE), root: graph, into: &item.signature) else { return nil }
        let arrowSize = number(object, "arrowsize") ?? 1
        // An arrowhead is drawn from a piece's end to its arrow point, about as wide as it is
        // long; an edge of several colours (`a:b`) is as many splines side by side.
        let colours = Double((value(object, "color") ?? "").filter { $0 == ":" }.count + 1)
        let margin = penMargin(object, sharp: true) * colours + 10 * max(1, min(arrowSize, 100))
        var count = 0
        var flags: [Int32] = [0, 0]
        var ends = [Double](repeating: 0, count: 4)
        for i in 0..<navviz_edge_pieces(e) {
            guard let points = navviz_edge_piece(e, i, &count, &flags, &ends) else { continue }
            var b = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            func include(_ x: Double, _ y: Double) {
                (b.minX, b.maxX, b.minY, b.maxY) = (min(b.minX, x), max(b.maxX, x), min(b.minY, y), max(b.maxY, y))
            }
            for k in 0..<count {
                include(points[k].x, points[k].y)
                appendNumbers(&item.signature, [points[k].x, points[k].y])
            }
            if flags[0] != 0 { include(ends[0], ends[1]) }
            if flags[1] != 0 { include(ends[2], ends[3]) }
            appendNumbers(&item.signature, [Double(flags[0]), Double(flags[1])] + ends)
            if b.minX <= b.maxX { item.boxes.append(b.grown(by: margin)) }
        }
        appendNumbers(&item.signature, [Double(navviz_edge_pieces(e))])
        for which in 0..<4 { addLabel(navviz_edge_label(e, Int32(which)), placedOnly: true, to: &item, box: &box) }
        return item
    }

    /// How far past its geometry an object's pen can draw, in points: its width (`bold` is 2)
    /// where its outline has no sharp angle, else five times it (cairo's miter limit), and
    /// antialiasing.
    private static func penMargin(_ object: UnsafeMutableRawPointer, sharp: Bool) -> Double {
        let width = min(max(2, number(object, "penwidth") ?? 1), 100)
        return 3 + (sharp ? 5 : 2) * width
    }

    /// Adds a label's position and size to `item`'s signature and its box to its boxes.
    private static func addLabel(_ label: UnsafePointer<textlabel_t>?, placedOnly: Bool, to item: inout Item, box: inout [Double]) {
        let found = box.withUnsafeMutableBufferPointer { navviz_label_box(label, placedOnly ? 1 : 0, $0.baseAddress!) }
        appendNumbers(&item.signature, found != 0 ? box : [0])
        if found != 0 { item.boxes.append(Box(centre: box[0], box[1], width: box[2], height: box[3], margin: 3)) }
    }

    /// Appends each of `object`'s attributes of `kind` (declared on `root`) that has a value
    /// to `bytes`, by name: Graphviz reads an empty value as the attribute's default, as it
    /// reads an attribute not declared, and consecutive frames declare different sets.
    /// False when a value stacks marks (``stacksMarks(_:)``) or sets a pen in `style`
    /// (`setlinewidth`): what the object draws is not then within its boxes.
    private static func attributes(of object: UnsafeMutableRawPointer, kind: Int, root: UnsafeMutablePointer<Agraph_t>, into bytes: inout [UInt8]) -> Bool {
        var sym = agnxtattr(root, Int32(kind), nil)
        while let s = sym {
            if let value = agxget(object, s), value.pointee != 0 {
                append(&bytes, s.pointee.name)
                let start = bytes.count
                append(&bytes, value)
                let text = bytes[start..<bytes.count - 1]
                if text.contains(where: { $0 >= 0x80 }), stacksMarks(String(decoding: text, as: UTF8.self)) { return false }
                if strcmp(s.pointee.name, "style") == 0, String(decoding: text, as: UTF8.self).contains("setlinewidth") { return false }
            }
            sym = agnxtattr(root, Int32(kind), s)
        }
        return true
    }

    /// Whether `text` stacks three or more combining marks on one character: cairo draws
    /// them above and below the line, past the box Graphviz measured the text in.
    static func stacksMarks(_ text: String) -> Bool {
        var run = 0
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                run += 1
                if run >= 3 { return true }
            default:
                run = 0
            }
        }
        return false
    }

    /// An attribute as Graphviz reads a number (`strtod` of its start); nil when none is there.
    private static func number(_ object: UnsafeMutableRawPointer, _ name: String) -> Double? {
        value(object, name)?.withCString { text in
            var end: UnsafeMutablePointer<CChar>?
            let number = strtod(text, &end)
            return end == UnsafeMutablePointer(mutating: text) || !number.isFinite ? nil : number
        }
    }

    /// Whether a `margin` (one or two numbers, in inches) is none.
    private static func isZero(_ margin: String) -> Bool {
        let parts = margin.split(separator: ",")
        return !parts.isEmpty && parts.count <= 2 && parts.allSatisfy { Double($0) == 0 }
    }

    /// A key of `kind` for `name`, its length first, so that keys joined stay apart.
    private static func key(_ kind: String, _ name: String) -> String {
        kind + String(name.utf8.count) + ":" + name
    }

    /// An attribute's value; nil when it is not declared.
    private static func value(_ object: UnsafeMutableRawPointer, _ name: String) -> String? {
        name.withCString { agget(object, UnsafeMutablePointer(mutating: $0)) }.map { String(cString: $0) }
    }

    /// Appends a string and a separator (0).
    private static func append(_ bytes: inout [UInt8], _ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0)
    }

    /// Appends a C string and a separator (0) that no attribute value holds.
    private static func append(_ bytes: inout [UInt8], _ text: UnsafePointer<CChar>?) {
        if let text {
            let count = strlen(text)
            text.withMemoryRebound(to: UInt8.self, capacity: count) { bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
        }
        bytes.append(0)
    }

    private static func append(_ bytes: inout [UInt8], _ text: UnsafeMutablePointer<CChar>?) {
        append(&bytes, UnsafePointer(text))
    }

    /// Appends numbers' exact bits.
    private static func appendNumbers(_ bytes: inout [UInt8], _ numbers: [Double]) {
        for number in numbers {
            withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }
}

extension GraphvizDamage.Box {
    /// The box grown by `margin` on every side.
    func grown(by margin: Double) -> Self {
        Self(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }
}
