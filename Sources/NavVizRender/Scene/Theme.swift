/// Colours of a diagram. Every scene builder takes its colours from here, so light and dark
/// stay consistent across `render`, `diff`, `route` and `animate`.
public struct Theme: Sendable, Equatable {
    /// The theme's name, as `--theme` takes it (`light`, `dark`).
    public var name: String
    /// The page behind the diagram.
    public var background: String
    /// Labels and titles.
    public var text: String
    /// Labels of nodes off the active path, and captions.
    public var mutedText: String
    /// Nodes and edges on the active path.
    public var active: String
    /// The fill of nodes on the active path.
    public var activeFill: String
    /// Kept nodes off the active path.
    public var stroke: String
    /// The fill of kept nodes off the active path.
    public var fill: String
    /// Borders and edges of inactive branches.
    public var mutedStroke: String
    /// The fill of nodes in inactive branches.
    public var mutedFill: String
    /// Removed nodes (a pop), drawn dashed.
    public var removed: String
    /// The fill of removed nodes.
    public var removedFill: String
    /// New nodes (a push).
    public var added: String
    /// The fill of new nodes.
    public var addedFill: String
    /// The box around the children a change replaces.
    public var change: String
    /// The newly active edge of an activate.
    public var activate: String
    /// A Portus leave.
    public var leave: String
    /// A Portus switch.
    public var switchTo: String
    /// A Portus enter (the entered ghost nodes).
    public var enter: String
    /// The numbers on operation badges.
    public var badgeText: String

    /// Dark text on white, GitHub's light palette.
    public static let light = Theme(
        name: "light", background: "#ffffff", text: "#1f2328", mutedText: "#8c959f",
        active: "#0969da", activeFill: "#ddf4ff", stroke: "#57606a", fill: "#ffffff",
        mutedStroke: "#c3c8cf", mutedFill: "#f6f8fa",
        removed: "#cf222e", removedFill: "#ffebe9", added: "#1a7f37", addedFill: "#dafbe1",
        change: "#bc4c00", activate: "#8250df",
        leave: "#cf222e", switchTo: "#8250df", enter: "#1a7f37", badgeText: "#ffffff"
    )

    /// Light text on near-black, GitHub's dark palette.
    public static let dark = Theme(
        name: "dark", background: "#0d1117", text: "#e6edf3", mutedText: "#6e7681",
        active: "#58a6ff", activeFill: "#0c2d6b", stroke: "#8b949e", fill: "#161b22",
        mutedStroke: "#30363d", mutedFill: "#0d1117",
        removed: "#ff7b72", removedFill: "#490202", added: "#3fb950", addedFill: "#04260f",
        change: "#f0883e", activate: "#d2a8ff",
        leave: "#ff7b72", switchTo: "#d2a8ff", enter: "#3fb950", badgeText: "#0d1117"
    )

    /// Every theme navviz has, by name.
    public static let all = [light, dark]
}

extension Theme {
    /// The theme called `name` (`light`, `dark`); nil for another name.
    public init?(named name: String) {
        guard let theme = Self.all.first(where: { $0.name == name }) else { return nil }
        self = theme
    }
}
