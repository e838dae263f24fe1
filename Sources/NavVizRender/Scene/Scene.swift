/// What a diagram shows, decided before any DOT is written: for each node its text, shape,
/// colours, classes and numbered badges; for each edge its emphasis; boxes around groups;
/// a legend. Scene builders (tree, diff, route) produce it; ``DOTEncoder`` only serializes it.
public struct Scene: Sendable, Equatable {
    /// The line drawn above the diagram, where there is one.
    public var title: String?
    /// Lines drawn under the title, in plain weight (a failure's explanation).
    public var caption: [String] = []
    /// The colours the diagram is drawn in.
    public var theme: Theme
    package var nodes: [SceneNode] = []
    package var edges: [SceneEdge] = []
    package var boxes: [SceneBox] = []
    /// Legend rows, drawn as a table below the tree when not empty.
    package var legend: [LegendEntry] = []

    /// An empty scene (the scene builders fill it).
    public init(title: String? = nil, theme: Theme) {
        self.title = title
        self.theme = theme
    }
}

/// One drawn node. `id` is its scene id (`SceneKeys`: the navviz id, or the path of a
/// repeated screen); the DOT/SVG id is `node-<id>`.
package struct SceneNode: Sendable, Hashable {
    package var id: String
    package var title: String
    package var subtitle: String?
    package var shape: String
    package var styles: [String]
    package var peripheries: Int = 1
    package var stroke: String
    package var fill: String
    package var fontColor: String
    package var penWidth: Double
    /// SVG classes: `active`, `inactive`, `visible`, `switch`, `kind-stack`, `removed`, …
    package var classes: [String]
    /// Numbered markers (operation numbers in execution order), drawn before the title.
    package var badges: [Badge] = []
    package var tooltip: String
    /// A fixed position in points, for frames that share one layout.
    package var position: Point?

    package init(id: String, title: String, subtitle: String?, shape: String, styles: [String],
                stroke: String, fill: String, fontColor: String, penWidth: Double,
                classes: [String], tooltip: String) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.shape = shape
        self.styles = styles
        self.stroke = stroke
        self.fill = fill
        self.fontColor = fontColor
        self.penWidth = penWidth
        self.classes = classes
        self.tooltip = tooltip
    }
}

/// A point in Graphviz points (1/72 inch).
package struct Point: Sendable, Equatable, Hashable {
    package var x: Double
    package var y: Double
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A small coloured marker with text, usually an operation number.
package struct Badge: Sendable, Hashable {
    package var text: String
    package var color: String
    package init(text: String, color: String) {
        self.text = text
        self.color = color
    }
}

/// An edge from parent to child. The DOT/SVG id is `edge-<from>-<to>`.
package struct SceneEdge: Sendable, Hashable {
    package var from: String
    package var to: String
    package var color: String
    package var penWidth: Double
    package var styles: [String]
    package var classes: [String]
    package var label: String?
    package var labelColor: String?
    /// The spline the edge is drawn along in a pinned frame (Graphviz `pos`, in points), set
    /// by ``StableLayout/pin(_:)`` so a frame needs no edge routing.
    package var route: String?
    /// Where a pinned frame draws the edge's label (Graphviz `lp`, in points), so its place
    /// depends on the edge alone.
    package var labelPosition: Point?

    package init(from: String, to: String, color: String, penWidth: Double, styles: [String] = [],
                classes: [String], label: String? = nil, labelColor: String? = nil) {
        self.from = from
        self.to = to
        self.color = color
        self.penWidth = penWidth
        self.styles = styles
        self.classes = classes
        self.label = label
        self.labelColor = labelColor
    }
}

/// A box drawn around a group of nodes (a `change`'s children). The id is `box-<id>`.
package struct SceneBox: Sendable, Equatable {
    package var id: String
    package var label: String
    package var nodeIDs: [String]
    package var color: String
    package var classes: [String]
    /// Lower-left and upper-right corners in points, for frames drawn with pinned positions.
    package var bounds: (Point, Point)?

    package static func == (a: SceneBox, b: SceneBox) -> Bool {
        a.id == b.id && a.label == b.label && a.nodeIDs == b.nodeIDs && a.color == b.color && a.classes == b.classes
            && a.bounds?.0 == b.bounds?.0 && a.bounds?.1 == b.bounds?.1
    }
    package init(id: String, label: String, nodeIDs: [String], color: String, classes: [String]) {
        self.id = id
        self.label = label
        self.nodeIDs = nodeIDs
        self.color = color
        self.classes = classes
    }
}

/// One legend row: a swatch drawn like the nodes it explains, and what it means.
package struct LegendEntry: Sendable, Equatable {
    package var text: String
    package var stroke: String
    package var fill: String
    package var dashed: Bool
    /// A double border (switch containers, modals).
    package var double: Bool
    /// Rounded corners (screens, modals).
    package var rounded: Bool
    /// A dotted border (a route's entered nodes).
    package var dotted: Bool
    /// A thick border (a route's active path after it).
    package var thick: Bool
    package init(text: String, stroke: String, fill: String, dashed: Bool = false, double: Bool = false, rounded: Bool = false,
                 dotted: Bool = false, thick: Bool = false) {
        self.text = text
        self.stroke = stroke
        self.fill = fill
        self.dashed = dashed
        self.double = double
        self.rounded = rounded
        self.dotted = dotted
        self.thick = thick
    }
}
