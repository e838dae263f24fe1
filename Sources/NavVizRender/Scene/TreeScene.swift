import NavVizCore

/// Draws one tree: labels by kind, switch containers with a double border and `⇄`, the
/// active path from the root to the visible screen emphasised, inactive branches muted.
/// A node's subtitle is its id (where its label is not the id) and its context, so repeated
/// screens (`product?id=1` under `product?id=2`) read apart and the names the text and
/// operations use are in the picture; their scene ids follow `SceneKeys`.
/// The diff and route scenes start from the same nodes so every diagram looks alike.
public enum TreeScene {
    /// Longest title and subtitle shown on a node; the tooltip keeps the full text.
    public static let maxTitle = 48
    /// The most characters of a node's type line; a longer one ends in `…`.
    public static let maxSubtitle = 64

    /// The scene of one tree state.
    public static func make(_ tree: Tree, theme: Theme, title: String? = nil, legend: Bool = false) -> Scene {
        make(tree, theme: theme, title: title, legend: legend, words: nil)
    }

    /// The scene of one tree state, its nodes' words found in `words` (made there once).
    package static func make(_ tree: Tree, theme: Theme, title: String? = nil, legend: Bool = false, words: SceneWords?) -> Scene {
        var scene = Scene(title: title, theme: theme)
        let onPath = tree.activeSet
        let keys = TreeKeys(tree)
        let keeps = words?.keepsNodes(in: theme) ?? false
        for slot in tree.preorder() {
            var n = node(slot, in: tree, theme: theme, onPath: onPath.contains(slot), words: words, keepsNodes: keeps)
            n.rename(keys[slot])
            scene.nodes.append(n)
            if let p = tree.parent(slot) {
                let (from, path, child) = (keys[p], onPath.contains(slot), n)
                func make() -> SceneEdge {
                    var e = edge(from: p, to: slot, in: tree, theme: theme, onPath: path)
                    e.from = from
                    e.to = child.id
                    return e
                }
                // A kept node's edge is kept too (variants 0 and 1, as DiffScene draws the
                // same edge unchanged).
                scene.edges.append(keeps ? words!.edge(to: n, from: from, variant: path ? 1 : 0, make: make) : make())
            }
        }
        if legend { scene.legend = legendEntries(theme, for: scene.nodes) }
        return scene
    }

    /// A node drawn as a kept node: emphasised on the active path, muted off it. Its words
    /// are found in `words` where given (made there the first time).
    /// With `keepsNodes` (``SceneWords/keepsNodes(in:)`` of `theme`), the node itself is
    /// kept in `words`, and the same node drawn the same way is the same ``SceneNode``.
    package static func node(_ slot: Tree.Slot, in tree: Tree, theme: Theme, onPath: Bool, words: SceneWords? = nil,
                             keepsNodes: Bool = false) -> SceneNode {
        let n = tree.node(slot)
        let visible = onPath && tree.activeChild(slot) == nil
        guard let words else { return node(n, said: Self.words(n), theme: theme, onPath: onPath, visible: visible) }
        guard keepsNodes else { return node(n, said: words.words(n), theme: theme, onPath: onPath, visible: visible) }
        return words.node(n, onPath: onPath, visible: visible) { node(n, said: $0, theme: theme, onPath: onPath, visible: visible) }
    }

    /// A node drawn from its words.
    private static func node(_ n: Node, said: SceneWords.Words, theme: Theme, onPath: Bool, visible: Bool) -> SceneNode {
        var classes = [onPath ? "active" : "inactive"]
        classes.reserveCapacity(4)
        if visible { classes.append("visible") }
        if said.isSwitch { classes.append("switch") }
        if let kind = said.kindClass { classes.append(kind) }
        var node = SceneNode(
            id: n.id, title: said.title, subtitle: said.subtitle, shape: said.shape, styles: said.styles,
            stroke: onPath ? theme.active : theme.mutedStroke,
            fill: onPath ? theme.activeFill : theme.mutedFill,
            fontColor: onPath ? theme.text : theme.mutedText,
            penWidth: onPath ? 2.5 : 1.0,
            classes: classes, tooltip: said.tooltip
        )
        node.peripheries = said.peripheries
        if visible { node.penWidth = 3.5 }
        return node
    }

    /// A node's words and look, as ``node(_:in:theme:onPath:words:)`` draws them.
    static func words(_ n: Node) -> SceneWords.Words {
        let isSwitch = n.isSwitch
        var (shape, styles, peripheries) = look(n.kind)
        if isSwitch {
            // A double square border, whatever the kind: the legend's mark of a switch
            // container (a modal's double border is rounded).
            peripheries = 2
            if styles.contains("rounded") { styles = styles.filter { $0 != "rounded" } }
        }
        return SceneWords.Words(title: (isSwitch ? "⇄ " : "") + truncate(n.displayLabel, maxTitle), subtitle: subtitle(n), tooltip: tooltip(n),
                                kindClass: n.kind.map { "kind-" + cssWord($0) }, isSwitch: isSwitch, shape: shape, styles: styles,
                                peripheries: peripheries)
    }

    package static func edge(from p: Tree.Slot, to c: Tree.Slot, in tree: Tree, theme: Theme, onPath: Bool) -> SceneEdge {
        SceneEdge(from: tree.id(p), to: tree.id(c),
                  color: onPath ? theme.active : theme.mutedStroke,
                  penWidth: onPath ? 2.5 : 1.0,
                  classes: [onPath ? "active" : "inactive"])
    }

    /// Shape, styles and border count for a `kind`.
    public static func look(_ kind: String?) -> (String, [String], Int) {
        switch kind {
        case "tabs": ("tab", Styles.filled, 1)
        case "stack": ("box3d", Styles.filled, 1)
        case "modal": ("box", Styles.roundedFilledBold, 2)
        case "page": ("folder", Styles.filled, 1)
        case "split": ("component", Styles.filled, 1)
        case "view": ("ellipse", Styles.filled, 1)
        default: ("box", Styles.roundedFilled, 1)
        }
    }

    /// Style lists shared by every node of a kind (one array each, not one per node).
    private enum Styles {
        static let filled = ["filled"]
        static let roundedFilled = ["rounded", "filled"]
        static let roundedFilledBold = ["rounded", "filled", "bold"]
    }

    /// Whether a picture names the node by its id too: where its label (else type) is not
    /// its id, ignoring case. Text and operations name nodes by id (`enter node8 under
    /// node5`), so the picture shows `node8` under `LeafNode`.
    static func showsID(_ n: Node) -> Bool {
        let label = n.displayLabel
        return label != n.id && !sameIgnoringCase(label, n.id)
    }

    /// `a.lowercased() == b.lowercased()`, byte by byte for ASCII text (no lowercased copies:
    /// ASCII lowercases letter by letter).
    static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        func lower(_ c: UInt8) -> UInt8 { c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c | 0x20 : c }
        let x = a.utf8, y = b.utf8
        guard x.allSatisfy({ $0 < 0x80 }), y.allSatisfy({ $0 < 0x80 }) else { return a.lowercased() == b.lowercased() }
        return x.count == y.count && zip(x, y).allSatisfy { lower($0) == lower($1) }
    }

    /// The smaller line under a node's label: its id where the label is not the id, and its
    /// context, as text writes them (`product?productId=4711`; several context items
    /// separated by spaces); nil for neither.
    static func subtitle(_ n: Node) -> String? {
        let context = n.context.isEmpty ? nil : spaced(n.context.queryString)
        guard showsID(n) else { return context.map { truncate($0, maxSubtitle) } }
        return truncate(n.id + (context.map { "?" + $0 } ?? ""), maxSubtitle)
    }

    /// Every field of the node, for the SVG tooltip.
    public static func tooltip(_ n: Node) -> String {
        // In UTF-8 bytes, made a string once: a string's appends cost hundreds of
        // instructions each, and every node of a scene has a tooltip (an animation's
        // distinct nodes, each once: SceneWords).
        var text: [UInt8] = []
        text.reserveCapacity(40 + n.id.utf8.count + (n.type?.utf8.count ?? 0) + (n.label?.utf8.count ?? 0))
        func add(_ name: StaticString, _ value: String) {
            name.withUTF8Buffer { text.append(contentsOf: $0) }
            text.append(contentsOf: value.utf8)
        }
        add("id: ", n.id)
        if let t = n.type { add("\ntype: ", t) }
        if let l = n.label { add("\nlabel: ", l) }
        if let k = n.kind { add("\nkind: ", k) }
        if !n.context.isEmpty { add("\ncontext: ", n.context.queryString) }
        if !n.info.isEmpty { add("\ninfo: ", n.info.queryString) }
        return truncate(String(decoding: text, as: UTF8.self), 1000)
    }

    /// The text with each `&` replaced by a space (a context's query string, shown as a
    /// subtitle).
    static func spaced(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "&")) else { return s }
        return String(s.map { $0 == "&" ? " " : $0 })
    }

    /// The rows every diagram's legend starts with; the double borders only where the
    /// diagram has such nodes: a switch container's is square (with ⇄ before its name), a
    /// modal's rounded.
    static func legendEntries(_ theme: Theme, for nodes: [SceneNode]) -> [LegendEntry] {
        var entries = [
            LegendEntry(text: "active path (visible screen: thicker)", stroke: theme.active, fill: theme.activeFill, rounded: true),
            LegendEntry(text: "inactive", stroke: theme.mutedStroke, fill: theme.mutedFill, rounded: true),
        ]
        if nodes.contains(where: { $0.classes.contains("switch") }) {
            entries.append(LegendEntry(text: "⇄ switch container (tabs, pages, splits): double square border", stroke: theme.stroke, fill: theme.fill, double: true))
        }
        if nodes.contains(where: { $0.classes.contains("kind-modal") && !$0.classes.contains("switch") }) {
            entries.append(LegendEntry(text: "modal: double rounded border", stroke: theme.stroke, fill: theme.fill, double: true, rounded: true))
        }
        return entries
    }

    /// At most `max` characters, with `…` when cut.
    public static func truncate(_ s: String, _ max: Int) -> String {
        // No more bytes than `max` means no more characters (counting characters is slow).
        if s.utf8.count <= max { return s }
        return s.count <= max ? s : String(s.prefix(max - 1)) + "…"
    }

    /// A word safe in a CSS class name.
    public static func cssWord(_ s: String) -> String {
        // Lowercase ASCII letters and digits stay as they are (the usual kinds).
        if s.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return s
        }
        return String(s.lowercased().unicodeScalars.map { ($0.properties.isAlphabetic || ("0"..."9").contains($0)) && $0.isASCII ? Character($0) : "-" })
    }
}
