/// Something a reader tolerated and the user should know about: the document was read, but
/// not all of it, or not exactly as written.
public struct DocumentWarning: Equatable, Sendable, CustomStringConvertible {
    /// The line of the input the warning is about, where there is one.
    public var line: Int?
    /// What was tolerated and what was read instead, lowercase.
    public var message: String

    /// A warning about `line` (nil: the whole input).
    public init(line: Int? = nil, message: String) {
        self.line = line
        self.message = message
    }

    /// The last line of a log is cut off (an app that stopped while writing it); the
    /// `complete` lines before it are read.
    public static func cutLastLine(line: Int, complete: Int) -> DocumentWarning {
        DocumentWarning(line: line, message: "the last line is cut off (the app stopped while writing it?); it is skipped and the \(complete) complete line\(complete == 1 ? " before it is" : "s before it are") read (--strict makes this an error)")
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }

    /// The warning as a diagnostic about `file` (as messages name it), at its line.
    public func diagnostic(file: String) -> Diagnostic {
        Diagnostic(.warning, file: file, at: line.map { .init(line: $0) }, message)
    }
}
