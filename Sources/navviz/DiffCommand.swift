import ArgumentParser
import NavVizArtifacts
import NavVizCore

extension NavVizCommand {
    /// `navviz diff BEFORE AFTER` and `navviz diff FILE`: the operations between navigation
    /// states, as text, JSON or one picture of both states.
    struct DiffCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show the operations that take one navigation tree to another.",
            discussion: """
            With two files, diffs the tree of BEFORE against the tree of AFTER (a snapshot, or \
            the frame 'navviz render' would draw). With one file, a sequence or an .ndjson/.jsonl \
            log, diffs every transition: frames[0] → frames[1], frames[1] → frames[2], and so on.

            --dialect picks whose rules compute the operations. navviz (the default): identity is \
            id and context, a moved node is popped and pushed again, a change lists the parent's \
            children and active child. katana: KatanaRouter's NavigationTreeDiff with its quirks \
            (id-only identity, reversed inactive siblings, change.pushed lists every child, a \
            replaced root gives pushed: []). reswift and tempura: the linear route diffs of \
            ReSwift-Router and Tempura over the two active paths.

            The format comes from --format, else from the extension of -o (.txt, .json, .dot \
            or .gv, .svg, .png, .pdf, .mmd or .mermaid), else text; when both are given and \
            name different formats, navviz stops with exit status 64. Formats: text \
            (numbered operations; for a sequence, a header per transition), json (the array \
            of operations described in docs/format.md; for a sequence, an array of {"from", "to", \
            "label", "operations"} objects, one per transition), and one picture of both states: \
            dot, svg, png, pdf or mermaid. In the picture kept nodes look as in 'navviz render' \
            with the new active path emphasised, new nodes are green, removed nodes red and \
            dashed, a change is a box around the children it replaces, an activate colours the \
            newly active edge, and every node carries the numbers of its operations. A picture \
            shows one transition: of a sequence, the last, or the one --transition names.

            Examples:
              navviz diff Samples/katana-article.before.json \\
                Samples/katana-article.after.json
              navviz diff Samples/katana-article.before.json \\
                Samples/katana-article.after.json --dialect katana --format json
              navviz diff Samples/tab-switch.sequence.json
              navviz diff Samples/tab-switch.sequence.json --transition 1 \\
                -o step.svg --legend
            """
        )

        @Argument(help: "BEFORE and AFTER, or one sequence or log ('-' reads standard input).")
        var files: [String] = []

        @Option(help: "Whose rules compute the operations: navviz, katana, reswift or tempura.")
        var dialect: DiffDialect = .navviz

        @Option(help: "Output format: text, json, dot, svg, png, pdf or mermaid. Default: the extension of -o, else text.")
        var format: OutputFormat?

        @Option(help: "Of a sequence, only the transition from frames[N] to frames[N+1] (0-based), or 'last'.")
        var transition: StateChoice?

        @OptionGroup var output: OutputOptions

        @OptionGroup var look: LookOptions

        @OptionGroup var input: InputOptions

        func validate() throws {
            guard (1...2).contains(files.count) else {
                throw ValidationError("give BEFORE and AFTER, or one sequence or log")
            }
            if files.count == 2 && transition != nil {
                throw ValidationError("--transition picks a transition of one sequence or log; BEFORE and AFTER have only one")
            }
        }

        func run() throws {
            try reporting(reading: files) {
                let format = try OutputFormat.resolve(format, output: output.path)
                let options = NavViz.DiffOptions(dialect: dialect, format: format, transition: transition, look: look.value, input: input.options)
                let bytes = try NavViz.diff(files, options: options, diagnostics: Terminal.diagnostics())
                try output.write(bytes, binary: format.isBinary, inputs: files, kind: .init(format))
            }
        }
    }
}
