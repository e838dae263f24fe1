/// Why a document could not be read. Every case names where in the document it is.
public enum DocumentError: Error, Equatable, Sendable {
    /// The text is not valid JSON (or YAML) at this line and column. The message says which
    /// (`invalid JSON: …`, `invalid YAML: …`).
    case syntax(line: Int, column: Int, message: String)
    /// The document parsed but breaks docs/format.md; every problem found is listed.
    case invalid([Problem])
    /// The document, or the tree of it that is to be drawn, passes a bound navviz sets on
    /// what it reads (the nodes of an image, what YAML aliases may expand to), at this line
    /// and column. The message names the bound and how to ask for less. Reading stops there.
    case tooLarge(line: Int, column: Int, message: String)

    /// One violation of docs/format.md, at a path such as `frames[2].tree.children[0]`.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// The line of a log the problem is on (logs are one document per line), or of the
        /// text where the value it is about starts.
        public var line: Int?
        /// The column on ``line`` where the value it is about starts, where the reader knows it.
        public var column: Int?
        /// Where in the document: `frames[2].tree.children[0]`; empty for the top level.
        public var path: String
        /// What is wrong, lowercase, identifiers quoted.
        public var message: String

        /// A problem at `path` (and `line` of a log, or `line` and `column` of the text).
        public init(line: Int? = nil, column: Int? = nil, path: String, message: String) {
            self.line = line
            self.column = column
            self.path = path
            self.message = message
        }

        /// `path: message`, or just the message at the top level.
        public var description: String { path.isEmpty ? message : "\(path): \(message)" }
    }

    /// Each problem as a diagnostic about `file` (as messages name it): at the line and
    /// column of a syntax error or a bound, at the document path (and a log's line) of a
    /// violation.
    public func diagnostics(file: String) -> [Diagnostic] {
        switch self {
        case .syntax(let line, let column, let message), .tooLarge(let line, let column, let message):
            return [.error(message, file: file, at: .init(line: line, column: column))]
        case .invalid(let problems):
            return problems.map { .error($0.message, file: file, at: .init(line: $0.line, column: $0.column, path: $0.path)) }
        }
    }
}
