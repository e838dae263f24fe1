import NavVizCore
import NavVizFiles
import NavVizRender

extension NavViz {
    /// What `navviz route` is asked for.
    public struct RouteOptions: Sendable {
        /// The destination path, `root/child?key=value`, replacing a request's own.
        public var to: String?
        /// A file of templates (ids mapped to nodes, or a document with `templates`), which
        /// replace the document's of the same id.
        public var templates: String?
        /// What to write.
        public var format: OutputFormat
        /// How a picture looks.
        public var look: Look
        /// How the files are read.
        public var input: DocumentFile.Options

        /// `route`'s defaults: the request's own destination, as text.
        public init(to: String? = nil, templates: String? = nil, format: OutputFormat = .text, look: Look = Look(), input: DocumentFile.Options = .init()) {
            self.to = to
            self.templates = templates
            self.format = format
            self.look = look
            self.input = input
        }
    }

    /// `navviz route`: Portus's routing algorithm run on a route request, or on a snapshot
    /// with ``RouteOptions/to``; the instructions as text or JSON, or the plan drawn on the
    /// starting tree. A destination that cannot be reached is a `NavVizError/Kind/failed`
    /// error naming why, where, and the instructions that did run.
    public static func route(_ file: String, options: RouteOptions, diagnostics: Diagnostics = .silent) throws(NavVizError) -> [UInt8] {
        let result = Router.route(try request(file, options: options, diagnostics: diagnostics))
        if let failure = result.failure {
            let lines = failure.lines
            throw NavVizError(.failed, file: displayName(file), lines[0], notes: Array(lines.dropFirst()))
        }
        switch options.format {
        case .text: return Array(RouteWriter.text(result).utf8)
        case .json: return Array(OperationWriter.jsonArray(result.operations).utf8)
        default:
            return try options.format.picture(RouteScene.make(result, theme: options.look.theme, legend: options.look.legend), file: file)
        }
    }

    /// The request in `file`, with the destination and templates of `options` applied.
    static func request(_ file: String, options: RouteOptions, diagnostics: Diagnostics) throws(NavVizError) -> RouteRequest {
        let document = try load(file, options: options.input, for: options.format, diagnostics: diagnostics)
        var request: RouteRequest
        switch document {
        case .route(let r):
            request = r
        case .snapshot(let tree):
            guard options.to != nil else {
                throw NavVizError(.usage, file: displayName(file), "a snapshot has no destination; add --to 'root/child' or use a route request")
            }
            request = RouteRequest(tree: tree, to: [])
        default:
            throw NavVizError(.invalidInput, file: displayName(file), "expected a route request or a snapshot, found \(document.kindNameWithArticle)")
        }
        if let to = options.to {
            do {
                request.to = try PathParser.parse(to)
            } catch {
                throw NavVizError(.usage, file: nil, "--to '\(to)': \(error)")
            }
        }
        if let templates = options.templates {
            do {
                for (id, template) in try TemplatesFile.load(templates) { request.templates[id] = template }
            } catch {
                throw NavVizError(error)
            }
        }
        return request
    }
}
