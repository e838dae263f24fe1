import Foundation

/// Serializes a ``Scene`` as DOT text, in pure Swift and deterministically: the same scene
/// always gives the same bytes (nodes and edges in scene order, attributes in a fixed order).
///
/// Nodes are named `n0`, `n1`, … in DOT (or as the caller's options name them); their `id`
/// attribute is `node-<scene id>` (`SceneKeys`: the navviz id, or the path of a repeated
/// screen) and their `class` lists their state, so the SVG can be styled and animated.
public enum DOTEncoder {
    /// The font every diagram uses (DejaVu Sans ships with Debian's Graphviz).
    public static let font = "DejaVu Sans"

    /// Options for how a scene is written: pinned or laid out, at what size and part, named
    /// how, and whether for a layout only (``layoutOnly``).
    package struct Options: Sendable, Equatable {
        /// Nodes carry `pos="x,y!"` from ``SceneNode/position`` (for the nop2 engine).
        package var pinned: Bool = false
        /// Invisible anchors at these corners give every pinned frame the same canvas.
        package var corners: (Point, Point)?
        /// DOT names by node id (default `n0`, `n1`, … in scene order). A pinned frame names
        /// nodes by their place in the union, so a node has one name in every frame.
        package var names: [String: String]?
        /// The largest the drawing may be, in inches each way (Graphviz's `size`: a larger
        /// drawing is scaled down to fit).
        package var size: Double?
        /// Pinned edges without a route are drawn straight (`splines=line`) rather than routed
        /// around the nodes.
        package var straightEdges = false
        /// The picture is this part of the drawing (Graphviz's `viewport`): what is outside it
        /// is cut off.
        package var viewport: Viewport?
        /// Only what the layout depends on: nodes and edges without their ids, classes,
        /// colours and tooltips (a layout that is read back, never drawn, as a union's:
        /// Graphviz parses, and writes back, far less text for the same positions).
        package var layoutOnly = false
        package init(pinned: Bool = false, corners: (Point, Point)? = nil, names: [String: String]? = nil, size: Double? = nil) {
            self.pinned = pinned
            self.corners = corners
            self.names = names
            self.size = size
        }
        package static func == (a: Options, b: Options) -> Bool {
            a.pinned == b.pinned && a.corners?.0 == b.corners?.0 && a.corners?.1 == b.corners?.1
                && a.names == b.names && a.size == b.size && a.straightEdges == b.straightEdges
                && a.viewport == b.viewport && a.layoutOnly == b.layoutOnly
        }
    }

    /// A picture of part of a drawing: `width` × `height` points of output showing the
    /// drawing around `center` (drawing points) scaled by `zoom`.
    package struct Viewport: Sendable, Equatable {
        package var width: Double
        package var height: Double
        package var zoom: Double
        package var center: Point

        package init(width: Double, height: Double, zoom: Double, center: Point) {
            (self.width, self.height, self.zoom, self.center) = (width, height, zoom, center)
        }
    }

    /// The DOT text of a scene.
    public static func encode(_ scene: Scene) -> String {
        encode(scene, options: Options())
    }

    /// The DOT text of a scene, laid out as `options` say (pinned frames of an animation).
    package static func encode(_ scene: Scene, options: Options) -> String {
        String(decoding: encodedBytes(scene, options: options), as: UTF8.self)
    }

    /// ``encode(_:options:)``'s UTF-8 bytes: written into one array (every node of every
    /// look and union is written; a string's appends cost a hundred instructions and more
    /// each, a byte array's a copy).
    package static func encodedBytes(_ scene: Scene, options: Options) -> [UInt8] {
        let theme = scene.theme
        var names: [String: String] = [:]
        for (i, n) in scene.nodes.enumerated() { names[n.id] = options.names?[n.id] ?? "n\(i)" }

        var head = "digraph navviz {\n"
        var graph = [
            "bgcolor=\(DOTText.quoted(theme.background))",
            "rankdir=TB",
            "ordering=out",
            "nodesep=0.3",
            "ranksep=0.45",
            "pad=0.25",
            // No device margin: PDF's default 36 points would be left white around a dark
            // background (SVG and PNG have none anyway).
            "margin=0",
            "fontname=\(DOTText.quoted(font))",
            "fontcolor=\(DOTText.quoted(theme.text))",
            "fontsize=14",
            "id=\"navviz\"",
        ]
        if scene.title != nil || !scene.caption.isEmpty {
            let lines = (scene.title.map { ["<B>\(DOTText.html($0))</B>"] } ?? []) + scene.caption.map(DOTText.html)
            graph += ["label=<\(lines.joined(separator: "<BR ALIGN=\"LEFT\"/>"))<BR ALIGN=\"LEFT\"/>>", "labelloc=t", "labeljust=l"]
        }
        if options.pinned { graph += ["notranslate=true", options.straightEdges ? "splines=line" : "splines=true"] }
        if let size = options.size { graph.append("size=\"\(DOTText.number(size)),\(DOTText.number(size))\"") }
        if let v = options.viewport {
            // The zoom in full: two decimals would make the part shown a little off the
            // picture's size.
            let fields = [DOTText.number(v.width), DOTText.number(v.height), "\(v.zoom)", DOTText.number(v.center.x), DOTText.number(v.center.y)].joined(separator: ",")
            graph.append("viewport=\"\(fields)\"")
        }
        head += "  graph [\(graph.joined(separator: ", "))];\n"
        head += "  node [fontname=\(DOTText.quoted(font)), fontsize=12, margin=\"0.14,0.06\"];\n"
        head += "  edge [arrowsize=0.6, fontname=\(DOTText.quoted(font)), fontsize=10];\n"
        var out = Array(head.utf8)
        out.reserveCapacity(head.utf8.count + scene.nodes.count * 400 + scene.edges.count * 160)

        for node in scene.nodes {
            out += "  ".utf8
            out += names[node.id]!.utf8
            out += " [".utf8
            attributes(node, theme: theme, pinned: options.pinned, layoutOnly: options.layoutOnly, into: &out)
            out += "];\n".utf8
        }
        if scene.nodes.isEmpty {
            // An empty tree says so rather than drawing a blank picture.
            var attrs = "id=\"empty\", class=\"empty\", shape=plaintext, fontsize=16, fontcolor=\(DOTText.quoted(theme.mutedText)), label=\"empty tree\""
            if options.pinned, let centre = options.viewport?.center ?? options.corners.map({ Point(x: ($0.x + $1.x) / 2, y: ($0.y + $1.y) / 2) }) {
                attrs += ", pos=\"\(DOTText.number(centre.x)),\(DOTText.number(centre.y))!\""
            }
            out += "  empty [\(attrs)];\n".utf8
        }
        for edge in scene.edges {
            guard let a = names[edge.from], let b = names[edge.to] else { continue }
            out += "  ".utf8
            out += a.utf8
            out += " -> ".utf8
            out += b.utf8
            if options.layoutOnly {
                out += " [penwidth=".utf8
            } else {
                out += " [id=\"edge-".utf8
                DOTText.escaped(edge.from, into: &out)
                out.append(UInt8(ascii: "-"))
                DOTText.escaped(edge.to, into: &out)
                out += "\", class=".utf8
                quotedList(edge.classes, separator: UInt8(ascii: " "), into: &out)
                out += ", color=".utf8
                DOTText.quoted(edge.color, into: &out)
                out += ", penwidth=".utf8
            }
            DOTText.number(edge.penWidth, into: &out)
            if !edge.styles.isEmpty {
                out += ", style=".utf8
                quotedList(edge.styles, separator: UInt8(ascii: ","), into: &out)
            }
            if options.pinned, let route = edge.route {
                out += ", pos=".utf8
                DOTText.quoted(route, into: &out)
            }
            if let label = edge.label {
                out += ", label=<<B>".utf8
                DOTText.html(label, into: &out)
                out += "</B>>, fontcolor=".utf8
                DOTText.quoted(edge.labelColor ?? edge.color, into: &out)
                if options.pinned, let p = edge.labelPosition {
                    out += ", lp=\"".utf8
                    DOTText.point(p, into: &out)
                    out.append(UInt8(ascii: "\""))
                }
            }
            out += "];\n".utf8
        }
        for (i, box) in scene.boxes.enumerated() {
            let members = box.nodeIDs.compactMap { names[$0] }
            guard !members.isEmpty else { continue }
            out += "  subgraph cluster_\(i) {\n".utf8
            out += "    id=\(DOTText.quoted("box-\(box.id)")); class=\(DOTText.quoted(box.classes.joined(separator: " ")));\n".utf8
            // The graph's margin=0 is for the page; a box keeps Graphviz's usual 8 points around its nodes.
            out += "    label=<<B>\(DOTText.html(box.label))</B>>; labeljust=l; fontsize=10; margin=8;\n".utf8
            out += "    fontcolor=\(DOTText.quoted(box.color)); color=\(DOTText.quoted(box.color)); style=\"rounded,dashed\"; penwidth=1.5;\n".utf8
            if options.pinned, let (low, high) = box.bounds {
                let bb = [low.x, low.y, high.x, high.y].map(DOTText.number).joined(separator: ",")
                out += "    bb=\"\(bb)\"; lp=\"\(DOTText.number(low.x + 40)),\(DOTText.number(high.y - 8))\";\n".utf8
            }
            out += "    \(members.joined(separator: "; "));\n".utf8
            out += "  }\n".utf8
        }
        if options.pinned, let (low, high) = options.corners {
            for (i, p) in [low, high].enumerated() {
                out += "  anchor\(i) [id=\"anchor\(i)\", shape=point, style=invis, width=0, height=0, label=\"\", pos=\"\(DOTText.number(p.x)),\(DOTText.number(p.y))!\"];\n".utf8
            }
        }
        if !scene.legend.isEmpty && !options.pinned {
            out += "  legend [id=\"legend\", class=\"legend\", shape=plain, fontcolor=\(DOTText.quoted(theme.text)), label=<\(legendTable(scene.legend, theme: theme))>];\n".utf8
            if let first = scene.nodes.first, let name = names[first.id] {
                out += "  \(name) -> legend [style=invis, weight=0];\n".utf8
            }
            out += "  { rank=sink; legend; }\n".utf8
        }
        out += "}\n".utf8
        return out
    }

    /// Strings joined by `separator` (plain in quotes), quoted as one: what
    /// `DOTText.quoted(list.joined(separator:))` writes.
    private static func quotedList(_ list: [String], separator: UInt8, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for (i, item) in list.enumerated() {
            if i > 0 { out.append(separator) }
            DOTText.escaped(item, into: &out)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A node's DOT attributes (its id and classes, the HTML-like label, shape, styles,
    /// colours, borders, tooltip and, pinned, its position), appended to `a`; `layoutOnly`,
    /// only what its place in a layout depends on (label, shape, styles, pen width, borders).
    static func attributes(_ node: SceneNode, theme: Theme, pinned: Bool, layoutOnly: Bool = false, into a: inout [UInt8]) {
        if !layoutOnly {
            a += "id=\"node-".utf8
            DOTText.escaped(node.id, into: &a)
            a += "\", class=".utf8
            quotedList(node.classes, separator: UInt8(ascii: " "), into: &a)
            a += ", ".utf8
        }
        a += "label=<".utf8
        label(node, theme: theme, into: &a)
        a += ">, shape=".utf8
        a += node.shape.utf8
        a += ", style=".utf8
        quotedList(node.styles, separator: UInt8(ascii: ","), into: &a)
        if !layoutOnly {
            a += ", color=".utf8
            DOTText.quoted(node.stroke, into: &a)
            a += ", fillcolor=".utf8
            DOTText.quoted(node.fill, into: &a)
            a += ", fontcolor=".utf8
            DOTText.quoted(node.fontColor, into: &a)
        }
        a += ", penwidth=".utf8
        DOTText.number(node.penWidth, into: &a)
        if node.peripheries != 1 {
            a += ", peripheries=".utf8
            a += String(node.peripheries).utf8
        }
        if layoutOnly { return }
        a += ", tooltip=".utf8
        DOTText.tooltip(node.tooltip, into: &a)
        if pinned, let p = node.position {
            a += ", pos=\"".utf8
            DOTText.point(p, into: &a)
            a += "!\"".utf8
        }
    }

    /// ``label(_:theme:)``'s UTF-8 bytes, appended to `out`.
    static func label(_ node: SceneNode, theme: Theme, into out: inout [UInt8]) {
        guard node.badges.isEmpty else { return out += label(node, theme: theme).utf8 }
        DOTText.html(node.title, into: &out)
        if let sub = node.subtitle {
            out += "<BR/><FONT POINT-SIZE=\"9\">".utf8
            DOTText.html(sub, into: &out)
            out += "</FONT>".utf8
        }
    }

    /// The HTML-like label: badges, the title, and the subtitle in a smaller line.
    static func label(_ node: SceneNode, theme: Theme) -> String {
        let title = DOTText.html(node.title)
        let sub = node.subtitle.map { "<FONT POINT-SIZE=\"9\">\(DOTText.html($0))</FONT>" }
        if node.badges.isEmpty {
            return sub.map { "\(title)<BR/>\($0)" } ?? title
        }
        var cells = node.badges.map { badge($0, theme: theme) }
        cells.append("<TD>\(title)</TD>")
        var table = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"2\" CELLPADDING=\"1\"><TR>\(cells.joined())</TR>"
        if let sub { table += "<TR><TD COLSPAN=\"\(cells.count)\">\(sub)</TD></TR>" }
        return table + "</TABLE>"
    }

    /// A numbered badge: bold digits centred in a coloured cell. Graphviz sets a line of text
    /// high in its box (the line spacing goes below it), so the digits sit in a fixed cell of
    /// one line of 10-point text below a 4-point spacer, which centres them in the row.
    static func badge(_ badge: Badge, theme: Theme) -> String {
        let width = 6 + 7 * badge.text.count
        return "<TD BGCOLOR=\(DOTText.quoted(badge.color)) CELLPADDING=\"0\"><TABLE BORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
            + "<TR><TD HEIGHT=\"4\"></TD></TR><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"\(width)\" HEIGHT=\"12\">"
            + "<FONT COLOR=\(DOTText.quoted(theme.badgeText)) POINT-SIZE=\"10\"><B>\(DOTText.html(badge.text))</B></FONT></TD></TR></TABLE></TD>"
    }

    /// The legend: each row a swatch with the border of the nodes it explains (single or
    /// double, square or rounded, solid, dashed or dotted, thin or thick), and its text in
    /// the theme's text colour.
    static func legendTable(_ entries: [LegendEntry], theme: Theme) -> String {
        var rows = "<TABLE BORDER=\"1\" COLOR=\(DOTText.quoted(theme.mutedStroke)) CELLBORDER=\"0\" CELLSPACING=\"4\" CELLPADDING=\"2\">"
        rows += "<TR><TD COLSPAN=\"2\" ALIGN=\"LEFT\"><B>Legend</B></TD></TR>"
        for e in entries {
            let style = [e.rounded ? "rounded" : nil, e.dashed ? "dashed" : nil, e.dotted ? "dotted" : nil].compactMap { $0 }.joined(separator: ",")
            let styleAttribute = style.isEmpty ? "" : "STYLE=\"\(style)\" "
            let colors = "COLOR=\(DOTText.quoted(e.stroke)) BGCOLOR=\(DOTText.quoted(e.fill))"
            let swatch = e.double
                ? "<TABLE BORDER=\"1\" CELLBORDER=\"1\" CELLSPACING=\"2\" \(styleAttribute)\(colors) CELLPADDING=\"0\"><TR><TD \(e.rounded ? "STYLE=\"rounded\" " : "")WIDTH=\"18\" HEIGHT=\"8\"> </TD></TR></TABLE>"
                : "<TABLE BORDER=\"\(e.thick ? 4 : e.dashed ? 1 : 2)\" CELLBORDER=\"0\" \(styleAttribute)\(colors) CELLPADDING=\"0\"><TR><TD WIDTH=\"22\" HEIGHT=\"12\"> </TD></TR></TABLE>"
            rows += "<TR><TD>\(swatch)</TD><TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"10\">\(DOTText.html(e.text))</FONT></TD></TR>"
        }
        return rows + "</TABLE>"
    }
}
