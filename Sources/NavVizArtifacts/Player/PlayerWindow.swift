@_spi(Internals) import NavVizRender
import NavVizCore

/// The nodes and edges of one layout window, as the player reads them: node centres and sizes
/// in points with y growing downwards (SVG's; the player keeps siblings in the order of their
/// x and sizes their boxes), and which nodes the edges join (the player draws its own edges).
/// Made from a ``StableLayout`` (Graphviz's `dot`, y upwards), or grown node by node by a live
/// session.
package struct PlayerWindow: Sendable {
    /// A node: its scene id, centre and size.
    package struct Node: Sendable, Equatable {
        package var id: String
        package var x: Double, y: Double, width: Double, height: Double
        package init(id: String, x: Double, y: Double, width: Double, height: Double) {
            (self.id, self.x, self.y, self.width, self.height) = (id, x, y, width, height)
        }
    }

    /// An edge: the nodes it joins.
    package struct Edge: Sendable {
        package var key: StableLayout.EdgeKey
        package init(key: StableLayout.EdgeKey) {
            self.key = key
        }
    }

    /// The window's extent: left, top, right, bottom.
    package struct Box: Sendable, Equatable {
        package var x0: Double, y0: Double, x1: Double, y1: Double
        package init(x0: Double, y0: Double, x1: Double, y1: Double) {
            (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
        }
    }

    package var nodes: [Node]
    package var edges: [Edge]
    package var box: Box

    package init(nodes: [Node], edges: [Edge], box: Box) {
        self.nodes = nodes
        self.edges = edges
        self.box = box
    }

    /// A stable layout's window, y flipped.
    package init(_ layout: StableLayout) {
        nodes = layout.nodeIDs.compactMap { id in
            guard let p = layout.positions[id], let (w, h) = layout.sizes[id] else { return nil }
            return Node(id: id, x: p.x, y: -p.y, width: w, height: h)
        }
        edges = layout.edgeKeys.map(Edge.init(key:))
        let (low, high) = layout.corners
        box = Box(x0: low.x, y0: -high.y, x1: high.x, y1: -low.y)
    }
}
