/// Something navviz has to say about an input or an output: an error, a warning about what a
/// reader tolerated, or a note about what a long run is doing. A value, not text: it carries
/// the file, where in it, the message and the lines that follow it; the command line prints
/// it (``description`` is its one printed form) and a program using the library reads its
/// fields.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How serious it is.
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// Where in a file a diagnostic points: a line (and column) of the text, a path in the
    /// document (`frames[2].tree.children[0]`), or both (a problem on one line of a log).
    public struct Location: Sendable, Equatable {
        /// The 1-based line of the text.
        public var line: Int?
        /// The 1-based column on ``line``.
        public var column: Int?
        /// The value in the document: `frames[2].tree`, `steps[1] ('open chat') actions[0]
        /// (pop)`; empty for the document as a whole.
        public var path: String

        /// A location at `line` and `column` of the text, or at `path` of the document.
        public init(line: Int? = nil, column: Int? = nil, path: String = "") {
            self.line = line
            self.column = column
            self.path = path
        }
    }

    /// An error, a warning or a note.
    public var severity: Severity
    /// The input or output it is about, as messages name it (a path; `<stdin>` for standard
    /// input, ``Diagnostic/displayName(_:)``; `<stdout>`); nil when it is about no file
    /// (an option's value).
    public var file: String?
    /// Where in ``file``; nil for the file as a whole.
    public var location: Location?
    /// What happened, lowercase, identifiers quoted.
    public var message: String
    /// Lines printed after the message as they are: where a route failed and the
    /// instructions that ran, the numbers behind a refusal.
    public var notes: [String]

    /// A diagnostic about `file` (as messages name it), at `location`.
    public init(_ severity: Severity, file: String? = nil, at location: Location? = nil, _ message: String, notes: [String] = []) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
        self.notes = notes
    }

    /// An error about `file` (as messages name it).
    public static func error(_ message: String, file: String? = nil, at location: Location? = nil, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, file: file, at: location, message, notes: notes)
    }

    /// The name messages use for standard input.
    public static let stdinName = "<stdin>"

    /// The name messages use for an input: its path, or ``stdinName`` for `-`.
    public static func displayName(_ path: String) -> String { path == "-" ? stdinName : path }

    /// The place: `FILE`, `FILE:LINE` or `FILE:LINE:COL`; nil without a file.
    public var place: String? {
        guard let file else { return nil }
        var out = file
        if let line = location?.line {
            out += ":\(line)"
            if let column = location?.column { out += ":\(column)" }
        }
        return out
    }

    /// The message with the document path before it (`frames[2].tree: unknown field 'x'`).
    public var pathAndMessage: String {
        guard let path = location?.path, !path.isEmpty else { return message }
        return "\(path): \(message)"
    }

    /// The lines navviz prints: `FILE:LINE:COL: error: PATH: message` (each part only where
    /// there is one), then each note.
    public var lines: [String] {
        [(place.map { "\($0): " } ?? "") + "\(severity.rawValue): \(pathAndMessage)"] + notes
    }

    /// ``lines``, one after the other.
    public var description: String { lines.joined(separator: "\n") }
}
