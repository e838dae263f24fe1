/// What a diagram shows, decided before any DOT is written: for each node its text, shape,
/// colours, classes and numbered badges; for each edge its emphasis; boxes around groups;
/// a legend. Scene builders (tree, diff, route) produce it; ``DOTEncoder`` only serializes it.
public struct Scene: Sendable, Equatable {
    public var title: String?
    /// Lines drawn under the title, in plain weight (a failure's explanation).
    public var caption: [String] = []
    public var theme: Theme
    public var nodes: [SceneNode] = []
    public var edges: [SceneEdge] = []
    public var boxes: [SceneBox] = []
    /// Legend rows, drawn as a table below the tree when not empty.
    public var legend: [LegendEntry] = []

    public init(title: String? = nil, theme: Theme) {
        self.title = title
        self.theme = theme
    }
}

/// One drawn node. `id` is its scene id (``SceneKeys``: the navviz id, or the path of a
/// repeated screen); the DOT/SVG id is `node-<id>`.
public struct SceneNode: Sendable, Hashable {
    public var id: String
    public var title: String
    public var subtitle: String?
    public var shape: String
    public var styles: [String]
    public var peripheries: Int = 1
    public var stroke: String
    public var fill: String
    public var fontColor: String
    public var penWidth: Double
    /// SVG classes: `active`, `inactive`, `visible`, `switch`, `kind-stack`, `removed`, …
    public var classes: [String]
    /// Numbered markers (operation numbers in execution order), drawn before the title.
    public var badges: [Badge] = []
    public var tooltip: String
    /// A fixed position in points, for frames that share one layout.
    public var position: Point?

    public init(id: String, title: String, subtitle: String?, shape: String, styles: [String],
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
public struct Point: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A small coloured marker with text, usually an operation number.
public struct Badge: Sendable, Hashable {
    public var text: String
    public var color: String
    public init(text: String, color: String) {
        self.text = text
        self.color = color
    }
}

/// An edge from parent to child. The DOT/SVG id is `edge-<from>-<to>`.
public struct SceneEdge: Sendable, Hashable {
    public var from: String
    public var to: String
    public var color: String
    public var penWidth: Double
    public var styles: [String]
    public var classes: [String]
    public var label: String?
    public var labelColor: String?
    /// The spline the edge is drawn along in a pinned frame (Graphviz `pos`, in points), set
    /// by ``StableLayout/pin(_:)`` so a frame needs no edge routing.
    public var route: String?
    /// Where a pinned frame draws the edge's label (Graphviz `lp`, in points), so its place
    /// depends on the edge alone.
    public var labelPosition: Point?

    public init(from: String, to: String, color: String, penWidth: Double, styles: [String] = [],
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
public struct SceneBox: Sendable, Equatable {
    public var id: String
    public var label: String
    public var nodeIDs: [String]
    public var color: String
    public var classes: [String]
    /// Lower-left and upper-right corners in points, for frames drawn with pinned positions.
    public var bounds: (Point, Point)?

    public static func == (a: SceneBox, b: SceneBox) -> Bool {
        a.id == b.id && a.label == b.label && a.nodeIDs == b.nodeIDs && a.color == b.color && a.classes == b.classes
            && a.bounds?.0 == b.bounds?.0 && a.bounds?.1 == b.bounds?.1
    }
    public init(id: String, label: String, nodeIDs: [String], color: String, classes: [String]) {
        self.id = id
        self.label = label
        self.nodeIDs = nodeIDs
        self.color = color
        self.classes = classes
    }
}

/// One legend row: a swatch drawn like the nodes it explains, and what it means.
public struct LegendEntry: Sendable, Equatable {
    public var text: String
    public var stroke: String
    public var fill: String
    public var dashed: Bool
    /// A double border (switch containers, modals).
    public var double: Bool
    /// Rounded corners (screens, modals).
    public var rounded: Bool
    public init(text: String, stroke: String, fill: String, dashed: Bool = false, double: Bool = false, rounded: Bool = false) {
        self.text = text
        self.stroke = stroke
        self.fill = fill
        self.dashed = dashed
        self.double = double
        self.rounded = rounded
    }
}
