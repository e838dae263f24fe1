import ArgumentParser
import NavVizArtifacts

extension NavVizCommand {
    /// `navviz route REQUEST` or `navviz route TREE --to PATH`: Portus's routing algorithm.
    struct RouteCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "route",
            abstract: "Compute the instructions Portus's router runs to reach a destination.",
            discussion: """
            Runs Portus's routing algorithm and its Router loop on a tree: each chunk of \
            instructions (all the leaves, one switch, or one enter) is computed from the \
            active path, executed on the tree the way a well-behaved app reports it, and the \
            next chunk is computed, until the active path equals the destination. Portus's \
            quirks are kept; where Portus would crash or loop for ever, navviz stops and says \
            why.

            The input is a route request (a tree, templates and 'to'), or any snapshot with \
            --to. A path on the command line is written 'root/list/detail?hex=ff0000': \
            elements split on '/', a context as a query string, '%XX' escapes decoded. \
            --to replaces a request's own destination.

            Templates say what an entered node brings with it (Portus managedEntries: its \
            managed children and which one is active). They come from the document's \
            'templates' and from --templates FILE, which is either an object mapping ids to \
            nodes or a document with a 'templates' field; the file's templates replace the \
            document's of the same id.

            The format comes from --format, else from the extension of -o (.txt, .json, \
            .dot or .gv, .svg, .png, .pdf, .mmd or .mermaid), else text; when both are given \
            and name different formats, navviz stops with exit status 64. text lists the \
            numbered instructions, then the final active path. json is the array (docs/format.md) of \
            leave, switch and enter objects. dot, svg, png, pdf and mermaid draw the starting \
            tree with the destination traced, each instruction's number on its node, entered \
            nodes as dotted ghosts and the final active path marked.

            When the destination cannot be reached, nothing is written; standard error says \
            'FILE: error: destination not reachable: REASON', where it failed, and the \
            instructions that did run; the exit status is 1.

            Examples:
              navviz route Samples/portus-example-1.route.json
              navviz route Samples/portus-example-2.route.json --format json
              navviz route Samples/portus-tree.json --to 'switchNode1/switchNode2/node4'
              navviz route Samples/portus-tree.json --to 'switchNode1/node2/node7?tab=1' \\
                --templates Samples/portus-start.route.json
              navviz route Samples/portus-example-4.route.json -o route.svg --legend
            """
        )

        @Argument(help: "A route request, or a snapshot to route with --to ('-' reads standard input).")
        var file: String = "-"

        @Option(help: "The destination path, 'root/child?key=value', replacing the request's 'to'.")
        var to: String?

        @Option(help: "A file of templates: an object mapping ids to nodes, or a document with a 'templates' field.")
        var templates: String?

        @Option(help: "Output format: text, json, dot, svg, png, pdf or mermaid. Default: the extension of -o, else text.")
        var format: OutputFormat?

        @OptionGroup var output: OutputOptions

        @OptionGroup var look: LookOptions

        @OptionGroup var input: InputOptions

        func run() throws {
            try reporting(reading: [file]) {
                let format = try OutputFormat.resolve(format, output: output.path)
                let options = NavViz.RouteOptions(to: to, templates: templates, format: format, look: look.value, input: input.options)
                let bytes = try NavViz.route(file, options: options, diagnostics: Terminal.diagnostics())
                try output.write(bytes, binary: format.isBinary, inputs: [file] + (templates.map { [$0] } ?? []), kind: .init(format))
            }
        }
    }
}
