/// The image file types Graphviz draws for navviz: the `svg`, `png` and `pdf` of the CLI's
/// `--format`; DOT, Mermaid, text and JSON navviz writes itself.
public enum ImageFormat: String, Sendable, CaseIterable {
    case svg, png, pdf

    /// The Graphviz device name, pinned to a renderer so output does not depend on plugin
    /// priority: SVG from the core renderer, PNG and PDF from cairo.
    var device: String {
        switch self {
        case .svg: "svg"
        case .png: "png:cairo"
        case .pdf: "pdf:cairo"
        }
    }

    /// The Debian package that provides the plugin, for the "missing plugin" message.
    var plugin: String {
        switch self {
        case .svg: "core"
        case .png, .pdf: "cairo"
        }
    }
}
