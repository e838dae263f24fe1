import NavVizCore
import NavVizFiles
import NavVizRender

extension NavViz {
    /// What `navviz render` is asked for.
    public struct RenderOptions: Sendable {
        /// What to write.
        public var format: OutputFormat
        /// Which state of the document to draw (`--state`).
        public var state: StateChoice
        /// How a picture looks.
        public var look: Look
        /// How the file is read.
        public var input: DocumentFile.Options

        /// `render`'s defaults: the last state, as text.
        public init(format: OutputFormat = .text, state: StateChoice = .last, look: Look = Look(), input: DocumentFile.Options = .init()) {
            self.format = format
            self.state = state
            self.look = look
            self.input = input
        }
    }

    /// `navviz render`: one state of `file` (a snapshot, or a state of a sequence, log,
    /// script or route request) as text, a snapshot document, Mermaid, DOT or a picture.
    public static func render(_ file: String, options: RenderOptions, diagnostics: Diagnostics = .silent) throws(NavVizError) -> [UInt8] {
        let document = try load(file, options: options.input, for: options.format, diagnostics: diagnostics)
        let chosen = try options.state.pick(try document.states(file: file), file: file)
        switch options.format {
        case .text: return Array(TreeWriter.render(chosen.tree).utf8)
        case .json: return Array(DocumentEncoder.snapshot(chosen.tree).utf8)
        default:
            let scene = TreeScene.make(chosen.tree, theme: options.look.theme, title: chosen.label, legend: options.look.legend)
            return try options.format.picture(scene, file: file)
        }
    }
}
