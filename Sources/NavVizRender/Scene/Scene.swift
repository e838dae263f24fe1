import Foundation

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
/// A value with copy-on-write storage: its fields live in one reference-counted box, so a
/// copy (a frame's scene, the union, the composer's and the player's looks all hold the
/// same nodes) costs one retain rather than one per text field, and two copies of the same
/// node compare equal without reading their texts. Setting a field of a shared node copies
/// the box first, as an `Array` does.
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

    /// Written only while uniquely referenced (``unique()``), so shared across threads like
    /// an array's storage; no other reference can watch a write, hence no access checks.
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// Makes the box this node's own before a field is written.
    private mutating func unique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    }

    package var id: String { get { box.fields.id } _modify { unique(); yield &box.fields.id } }
    package var title: String { get { box.fields.title } _modify { unique(); yield &box.fields.title } }
    package var subtitle: String? { get { box.fields.subtitle } _modify { unique(); yield &box.fields.subtitle } }
    package var shape: String { get { box.fields.shape } _modify { unique(); yield &box.fields.shape } }
    package var styles: [String] { get { box.fields.styles } _modify { unique(); yield &box.fields.styles } }
    package var peripheries: Int { get { box.fields.peripheries } _modify { unique(); yield &box.fields.peripheries } }
    package var stroke: String { get { box.fields.stroke } _modify { unique(); yield &box.fields.stroke } }
    package var fill: String { get { box.fields.fill } _modify { unique(); yield &box.fields.fill } }
    package var fontColor: String { get { box.fields.fontColor } _modify { unique(); yield &box.fields.fontColor } }
    package var penWidth: Double { get { box.fields.penWidth } _modify { unique(); yield &box.fields.penWidth } }
    /// SVG classes: `active`, `inactive`, `visible`, `switch`, `kind-stack`, `removed`, …
    package var classes: [String] { get { box.fields.classes } _modify { unique(); yield &box.fields.classes } }
    /// Numbered markers (operation numbers in execution order), drawn before the title.
    package var badges: [Badge] { get { box.fields.badges } _modify { unique(); yield &box.fields.badges } }
    package var tooltip: String { get { box.fields.tooltip } _modify { unique(); yield &box.fields.tooltip } }
    /// A fixed position in points, for frames that share one layout.
    package var position: Point? { get { box.fields.position } _modify { unique(); yield &box.fields.position } }
    /// The node's place in the stable layout its frame is pinned to (its index in
    /// ``StableLayout/nodeIDs``), set with ``position`` by ``StableLayout/pin(_:)``: what
    /// looks up a pinned node's drawn looks and rows by index rather than by hashing its id.
    package var slot: Int? { get { box.fields.slot } _modify { unique(); yield &box.fields.slot } }

    package init(id: String, title: String, subtitle: String?, shape: String, styles: [String],
                stroke: String, fill: String, fontColor: String, penWidth: Double,
                classes: [String], tooltip: String) {
        box = Box(Fields(id: id, title: title, subtitle: subtitle, shape: shape, styles: styles, stroke: stroke, fill: fill,
                         fontColor: fontColor, penWidth: penWidth, classes: classes, tooltip: tooltip))
    }

    /// Sets ``id`` where its bytes differ (a node shared by frames stays shared when its
    /// scene id is its id; `==` would take `é` spelt two ways as the same id).
    package mutating func rename(_ id: String) {
        var (new, old) = (id, self.id)
        let same = new.withUTF8 { a in
            old.withUTF8 { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
        }
        if !same { self.id = id }
    }

    /// Whether `other` is a copy of this node (the same box): equal, found without reading
    /// a field.
    package func isCopy(of other: SceneNode) -> Bool {
        box === other.box
    }

    /// Sets ``slot`` and ``position`` (the box made this node's own once).
    package mutating func pin(slot: Int?, position: Point?) {
        unique()
        box.fields.slot = slot
        box.fields.position = position
    }

    /// Field by field, as a struct's synthesized `==` (copies of one node: at once).
    package static func == (a: SceneNode, b: SceneNode) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }

    package func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }
}

/// Prints and reflects its fields, as a plain struct would (test messages, `dump`).
extension SceneNode: CustomReflectable {
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: box.fields).children, displayStyle: .struct)
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
/// Copy-on-write storage, as ``SceneNode``'s: a copy is one retain.
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

    /// Written only while uniquely referenced, as ``SceneNode``'s box.
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    }

    package var from: String { get { box.fields.from } _modify { unique(); yield &box.fields.from } }
    package var to: String { get { box.fields.to } _modify { unique(); yield &box.fields.to } }
    package var color: String { get { box.fields.color } _modify { unique(); yield &box.fields.color } }
    package var penWidth: Double { get { box.fields.penWidth } _modify { unique(); yield &box.fields.penWidth } }
    package var styles: [String] { get { box.fields.styles } _modify { unique(); yield &box.fields.styles } }
    package var classes: [String] { get { box.fields.classes } _modify { unique(); yield &box.fields.classes } }
    package var label: String? { get { box.fields.label } _modify { unique(); yield &box.fields.label } }
    package var labelColor: String? { get { box.fields.labelColor } _modify { unique(); yield &box.fields.labelColor } }
    /// The spline the edge is drawn along in a pinned frame (Graphviz `pos`, in points), set
    /// by ``StableLayout/pin(_:)`` so a frame needs no edge routing.
    package var route: String? { get { box.fields.route } _modify { unique(); yield &box.fields.route } }
    /// Where a pinned frame draws the edge's label (Graphviz `lp`, in points), so its place
    /// depends on the edge alone.
    package var labelPosition: Point? { get { box.fields.labelPosition } _modify { unique(); yield &box.fields.labelPosition } }
    /// The edge's place in the stable layout its frame is pinned to (its index in
    /// ``StableLayout/edgeKeys``), set with ``route`` by ``StableLayout/pin(_:)``.
    package var slot: Int? { get { box.fields.slot } _modify { unique(); yield &box.fields.slot } }

    package init(from: String, to: String, color: String, penWidth: Double, styles: [String] = [],
                classes: [String], label: String? = nil, labelColor: String? = nil) {
        box = Box(Fields(from: from, to: to, color: color, penWidth: penWidth, styles: styles, classes: classes,
                         label: label, labelColor: labelColor))
    }

    /// Sets ``slot`` and ``route`` (the box made this edge's own once).
    package mutating func pin(slot: Int?, route: String?) {
        unique()
        box.fields.slot = slot
        box.fields.route = route
    }

    /// Field by field, as a struct's synthesized `==` (copies of one edge: at once).
    package static func == (a: SceneEdge, b: SceneEdge) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }

    package func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }
}

/// Prints and reflects its fields, as a plain struct would (test messages, `dump`).
extension SceneEdge: CustomReflectable {
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: box.fields).children, displayStyle: .struct)
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
