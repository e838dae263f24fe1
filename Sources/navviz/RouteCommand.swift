import ArgumentParser
import NavVizArtifacts
import NavVizCore
import NavVizFiles
import NavVizRender

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
            try reporting {
                let format = try OutputFormat.resolve(format, output: output.path)
                let request = try self.request(picture: format.image != nil)
                let result = Router.route(request)
                if let failure = result.failure {
                    var lines = failure.lines
                    lines[0] = "\(displayName(file)): error: " + lines[0]
                    throw NavVizError(lines, status: NavVizError.Status.checkFailed)
                }
                try output.write(try bytes(result, format: format), binary: format.isBinary, inputs: [file] + (templates.map { [$0] } ?? []))
            }
        }

        /// The request from the file, with --to and --templates applied. With `picture`,
        /// a tree too large to draw is refused while it is read.
        func request(picture: Bool = false) throws -> RouteRequest {
            let document = try input.load(file, picture: picture)
            let name = displayName(file)
            var request: RouteRequest
            switch document {
            case .route(let r):
                request = r
            case .snapshot(let tree):
                guard to != nil else {
                    throw NavVizError(["\(name): error: a snapshot has no destination; add --to 'root/child' or use a route request"], status: NavVizError.Status.usage)
                }
                request = RouteRequest(tree: tree, to: [])
            default:
                throw NavVizError(["\(name): error: expected a route request or a snapshot, found \(document.kindNameWithArticle)"], status: NavVizError.Status.dataError)
            }
            if let to {
                do {
                    request.to = try PathParser.parse(to)
                } catch {
                    throw NavVizError(["error: --to '\(to)': \(error)"], status: NavVizError.Status.usage)
                }
            }
            if let templates {
                for (id, template) in try TemplatesFile.load(templates) { request.templates[id] = template }
            }
            return request
        }

        func bytes(_ result: RoutingResult, format: OutputFormat) throws -> [UInt8] {
            switch format {
            case .text:
                return Array(RouteWriter.text(result).utf8)
            case .json:
                return Array(OperationWriter.jsonArray(result.operations).utf8)
            case .mermaid:
                return Array(MermaidEncoder.encode(scene(result)).utf8)
            case .dot, .svg, .png, .pdf:
                return try format.picture(scene(result), file: file)
            }
        }

        func scene(_ result: RoutingResult) -> Scene {
            RouteScene.make(result, theme: look.theme.value, legend: look.legend)
        }
    }
}
