/// Colours of a diagram. Every scene builder takes its colours from here, so light and dark
/// stay consistent across `render`, `diff`, `route` and `animate`.
public struct Theme: Sendable, Equatable {
    public var name: String
    public var background: String
    public var text: String
    public var mutedText: String
    /// Nodes and edges on the active path.
    public var active: String
    public var activeFill: String
    /// Kept nodes off the active path.
    public var stroke: String
    public var fill: String
    public var mutedStroke: String
    public var mutedFill: String
    /// Diff and route annotations.
    public var removed: String
    public var removedFill: String
    public var added: String
    public var addedFill: String
    public var change: String
    public var activate: String
    public var leave: String
    public var switchTo: String
    public var enter: String
    public var badgeText: String

    public static let light = Theme(
        name: "light", background: "#ffffff", text: "#1f2328", mutedText: "#8c959f",
        active: "#0969da", activeFill: "#ddf4ff", stroke: "#57606a", fill: "#ffffff",
        mutedStroke: "#c3c8cf", mutedFill: "#f6f8fa",
        removed: "#cf222e", removedFill: "#ffebe9", added: "#1a7f37", addedFill: "#dafbe1",
        change: "#bc4c00", activate: "#8250df",
        leave: "#cf222e", switchTo: "#8250df", enter: "#1a7f37", badgeText: "#ffffff"
    )

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
