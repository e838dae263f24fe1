import ArgumentParser
import NavVizArtifacts

extension NavVizCommand {
    /// `navviz render FILE`: one tree drawn as a diagram (or printed as DOT, JSON or text).
    struct RenderCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract: "Draw one navigation tree.",
            discussion: """
            Draws a snapshot, or one state of a sequence, log, action script or route request \
            (by default the last). The active path from the root to the visible screen is \
            emphasised, inactive branches are muted, switch containers (tabs, pages, splits) \
            have a double square border and a ⇄ mark, modals a double rounded one, and \
            shapes follow each node's kind. --legend explains the colours and borders the \
            picture uses.

            The format comes from --format, else from the extension of -o (.svg, .png, .pdf, \
            .dot or .gv, .json, .txt, .mmd), else text; when both are given and name different \
            formats, navviz stops with exit status 64. svg, png and pdf are rendered \
            in-process by Graphviz; dot, json (the state as a snapshot document, see \
            docs/format.md), text (an indented tree, ● on the active path) and mermaid (a \
            Mermaid flowchart for a Markdown file) print to standard output without -o.

            Examples:
              navviz render Samples/katana-tabs.json -o tabs.png
              navviz render Samples/tab-switch.sequence.json --state 0 --format text
            """
        )

        @Argument(help: "The document to draw ('-' reads standard input).")
        var file: String = "-"

        @OptionGroup var output: OutputOptions

        @Option(help: "Output format: text, json, dot, svg, png, pdf or mermaid. Default: the extension of -o, else text.")
        var format: OutputFormat?

        @Option(help: "Which state to draw: a 0-based index as in 'frames[N]', or 'last'. State 0 of an action script is its initial tree.")
        var state: StateChoice?

        /// `--frame`, the name `--state` had before 0.2 (kept so scripts keep working).
        @Option(name: .customLong("frame"), help: .hidden)
        var legacyState: StateChoice?

        func validate() throws {
            if state != nil && legacyState != nil { throw ValidationError("--frame is the old name of --state; give one of them") }
        }

        @OptionGroup var look: LookOptions

        @OptionGroup var input: InputOptions

        func run() throws {
            try reporting(reading: [file]) {
                let format = try OutputFormat.resolve(format, output: output.path)
                let options = NavViz.RenderOptions(format: format, state: state ?? legacyState ?? .last, look: look.value, input: input.options)
                let bytes = try NavViz.render(file, options: options, diagnostics: Terminal.diagnostics())
                try output.write(bytes, binary: format.isBinary, inputs: [file], kind: .init(format))
            }
        }
    }
}
