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
///
/// A value whose fields are kept in one ``SharedFields`` box: a copy is one retain, and two
/// copies of the same node compare equal without reading their texts.
package struct SceneNode: Sendable, Hashable {
    private struct Fields: Sendable, Hashable {
        var id: String
        var title: String
        var subtitle: String?
        var shape: String
        var styles: [String]
        var peripheries: Int = 1
        var stroke: String
        var fill: String
        var fontColor: String
        var penWidth: Double
        var classes: [String]
        var badges: [Badge] = []
        var tooltip: String
        var position: Point?
        var slot: Int?
    }

    private var fields: SharedFields<Fields>

    package var id: String { get { fields.value.id } _modify { yield &fields.value.id } }
    package var title: String { get { fields.value.title } _modify { yield &fields.value.title } }
    package var subtitle: String? { get { fields.value.subtitle } _modify { yield &fields.value.subtitle } }
    package var shape: String { get { fields.value.shape } _modify { yield &fields.value.shape } }
    package var styles: [String] { get { fields.value.styles } _modify { yield &fields.value.styles } }
    package var peripheries: Int { get { fields.value.peripheries } _modify { yield &fields.value.peripheries } }
    package var stroke: String { get { fields.value.stroke } _modify { yield &fields.value.stroke } }
    package var fill: String { get { fields.value.fill } _modify { yield &fields.value.fill } }
    package var fontColor: String { get { fields.value.fontColor } _modify { yield &fields.value.fontColor } }
    package var penWidth: Double { get { fields.value.penWidth } _modify { yield &fields.value.penWidth } }
    /// SVG classes: `active`, `inactive`, `visible`, `switch`, `kind-stack`, `removed`, …
    package var classes: [String] { get { fields.value.classes } _modify { yield &fields.value.classes } }
    /// Numbered markers (operation numbers in execution order), drawn before the title.
    package var badges: [Badge] { get { fields.value.badges } _modify { yield &fields.value.badges } }
    package var tooltip: String { get { fields.value.tooltip } _modify { yield &fields.value.tooltip } }
    /// A fixed position in points, for frames that share one layout.
    package var position: Point? { get { fields.value.position } _modify { yield &fields.value.position } }
    /// The node's place in the stable layout its frame is pinned to (its index in
    /// ``StableLayout/nodeIDs``), set with ``position`` by ``StableLayout/pin(_:)``: what
    /// looks up a pinned node's drawn looks and rows by index rather than by hashing its id.
    package var slot: Int? { get { fields.value.slot } _modify { yield &fields.value.slot } }

    package init(id: String, title: String, subtitle: String?, shape: String, styles: [String],
                stroke: String, fill: String, fontColor: String, penWidth: Double,
                classes: [String], tooltip: String) {
        fields = SharedFields(Fields(id: id, title: title, subtitle: subtitle, shape: shape, styles: styles, stroke: stroke, fill: fill,
                         fontColor: fontColor, penWidth: penWidth, classes: classes, tooltip: tooltip))
    }

    /// Sets ``id`` where its bytes differ (a node shared by frames stays shared when its
    /// scene id is its id; `==` would take `é` spelt two ways as the same id).
    package mutating func rename(_ id: String) {
        if !id.hasSameBytes(as: self.id) { self.id = id }
    }

    /// Whether `other` is a copy of this node (the same box): equal, found without reading
    /// a field.
    package func isCopy(of other: SceneNode) -> Bool {
        fields.isCopy(of: other.fields)
    }

    /// What every copy of this node shares (its box), and no other node while a copy is kept.
    var identity: ObjectIdentifier { fields.identity }

    /// Sets ``slot`` and ``position`` (the box made this node's own once).
    package mutating func pin(slot: Int?, position: Point?) {
        fields.value.slot = slot
        fields.value.position = position
    }
}

/// Prints and reflects its fields, as a plain struct would (test messages, `dump`).
extension SceneNode: CustomReflectable {
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: fields.value).children, displayStyle: .struct)
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
///
/// Its fields are kept in one ``SharedFields`` box, as ``SceneNode``'s.
package struct SceneEdge: Sendable, Hashable {
    private struct Fields: Sendable, Hashable {
        var from: String
        var to: String
        var color: String
        var penWidth: Double
        var styles: [String]
        var classes: [String]
        var label: String?
        var labelColor: String?
        var route: String?
        var labelPosition: Point?
        var slot: Int?
    }

    private var fields: SharedFields<Fields>

    package var from: String { get { fields.value.from } _modify { yield &fields.value.from } }
    package var to: String { get { fields.value.to } _modify { yield &fields.value.to } }
    package var color: String { get { fields.value.color } _modify { yield &fields.value.color } }
    package var penWidth: Double { get { fields.value.penWidth } _modify { yield &fields.value.penWidth } }
    package var styles: [String] { get { fields.value.styles } _modify { yield &fields.value.styles } }
    package var classes: [String] { get { fields.value.classes } _modify { yield &fields.value.classes } }
    package var label: String? { get { fields.value.label } _modify { yield &fields.value.label } }
    package var labelColor: String? { get { fields.value.labelColor } _modify { yield &fields.value.labelColor } }
    /// The spline the edge is drawn along in a pinned frame (Graphviz `pos`, in points), set
    /// by ``StableLayout/pin(_:)`` so a frame needs no edge routing.
    package var route: String? { get { fields.value.route } _modify { yield &fields.value.route } }
    /// Where a pinned frame draws the edge's label (Graphviz `lp`, in points), so its place
    /// depends on the edge alone.
    package var labelPosition: Point? { get { fields.value.labelPosition } _modify { yield &fields.value.labelPosition } }
    /// The edge's place in the stable layout its frame is pinned to (its index in
    /// ``StableLayout/edgeKeys``), set with ``route`` by ``StableLayout/pin(_:)``.
    package var slot: Int? { get { fields.value.slot } _modify { yield &fields.value.slot } }

    package init(from: String, to: String, color: String, penWidth: Double, styles: [String] = [],
                classes: [String], label: String? = nil, labelColor: String? = nil) {
        fields = SharedFields(Fields(from: from, to: to, color: color, penWidth: penWidth, styles: styles, classes: classes,
                         label: label, labelColor: labelColor))
    }

    /// Whether `other` is a copy of this edge (the same box): equal, found without reading
    /// a field.
    package func isCopy(of other: SceneEdge) -> Bool {
        fields.isCopy(of: other.fields)
    }

    /// Sets ``slot`` and ``route`` (the box made this edge's own once).
    package mutating func pin(slot: Int?, route: String?) {
        fields.value.slot = slot
        fields.value.route = route
    }
}

/// Prints and reflects its fields, as a plain struct would (test messages, `dump`).
extension SceneEdge: CustomReflectable {
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: fields.value).children, displayStyle: .struct)
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
