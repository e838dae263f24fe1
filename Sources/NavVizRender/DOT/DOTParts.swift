/// A scene's DOT split into its statements, so a drawing can be put together from pieces
/// Graphviz has drawn before (see ``SVGComposer``). ``text`` is exactly what
/// ``DOTEncoder/encode(_:options:)`` returns.
public struct DOTParts: Sendable {
    /// A node statement: the node's DOT name and its whole line.
    public struct Node: Sendable {
        public var name: String
        public var text: String
    }

    /// An edge statement: the DOT names of its ends and its whole line.
    public struct Edge: Sendable {
        public var tail: String
        public var head: String
        public var text: String
        /// Whether the edge has a label (Graphviz then sizes the canvas from the drawing).
        public var labelled = false
    }

    /// `digraph navviz {` and the graph, node and edge defaults.
    public var head: String = ""
    public var nodes: [Node] = []
    public var edges: [Edge] = []
    /// The cluster subgraphs (boxes), one block each.
    public var boxes: [String] = []
    /// Anchors, the legend and the closing brace.
    public var tail: String = ""

    /// The whole DOT text.
    public var text: String {
        var out = head
        for n in nodes { out += n.text }
        for e in edges { out += e.text }
        for b in boxes { out += b }
        return out + tail
    }

    /// The DOT of a graph with the same head and tail but only the given statements.
    func subset(nodes: [Node], edges: [Edge]) -> String {
        var out = head
        for n in nodes { out += n.text }
        for e in edges { out += e.text }
        return out + tail
    }
}
