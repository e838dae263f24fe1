import NavVizCore
import NavVizFiles
import NavVizRender

/// navviz's commands as calls, one a command: what `navviz render`, `diff`, `route`,
/// `timeline`, `validate` and `import` do, from reading the input to the bytes they print or
/// write. (`animate` and `check` are ``Animation/write(_:to:options:diagnostics:)`` and
/// ``Check``.) Each throws a `NavVizError` for everything a user can cause and reports
/// what it tolerated to its ``Diagnostics``; writing the bytes (``OutputFile``, or standard
/// output) is the caller's.
public enum NavViz {
    /// How a picture looks: `--theme` and `--legend`.
    public struct Look: Sendable {
        /// The colours.
        public var theme: Theme
        /// Add a legend that explains the colours and shapes the picture uses.
        public var legend: Bool

        /// A look in `theme`, with or without a legend.
        public init(theme: Theme = .light, legend: Bool = false) {
            self.theme = theme
            self.legend = legend
        }
    }

    /// Loads `file` for a command that writes `format`: with a picture format, a tree too
    /// large to draw is refused while it is read.
    static func load(_ file: String, options: DocumentFile.Options, for format: OutputFormat, diagnostics: Diagnostics) throws(NavVizError) -> Document {
        var options = options
        if format.image != nil { options.pictureLimit = Graphviz.maxImageNodes }
        return try DocumentFile.load(file, options: options, diagnostics: diagnostics)
    }
}
