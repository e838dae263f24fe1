/// What stops a navviz call: the diagnostics that say why (one or more, in order: every
/// problem of an invalid document) and the kind of failure, from which the command line
/// picks its exit status.
public struct NavVizError: Error, Sendable, CustomStringConvertible {
    /// The kinds of failure a user can cause or meet.
    public enum Kind: Sendable, Equatable {
        /// A check that drifted, a destination that cannot be reached, a script step that
        /// fails: the input was read and the answer is "no".
        case failed
        /// The call was asked for something that cannot be done as asked (options that
        /// disagree, an index out of range).
        case usage
        /// The input is not a valid document, or holds something navviz will not draw.
        case invalidInput
        /// The input cannot be read (missing, a directory, no permission, changed while
        /// read).
        case unreadableInput
        /// Graphviz cannot be used: missing, or another release than navviz was built for.
        case unavailable
        /// Something failed inside navviz or Graphviz (a crashed worker, Graphviz refusing
        /// DOT navviz wrote).
        case internalError
        /// An output navviz will not replace: something it did not write, or an input.
        case cannotReplace
        /// An output that cannot be written (no directory, no room, no permission).
        case cannotWrite
    }

    /// What kind of failure it is (the command line's exit status).
    public var kind: Kind
    /// Why, in order; every one an error.
    public var diagnostics: [Diagnostic]

    /// An error of `kind` with `diagnostics`.
    public init(_ kind: Kind, _ diagnostics: [Diagnostic]) {
        self.kind = kind
        self.diagnostics = diagnostics
    }

    /// One error about `file` (as messages name it; nil: about no file).
    public init(_ kind: Kind, file: String?, at location: Diagnostic.Location? = nil, _ message: String, notes: [String] = []) {
        self.init(kind, [.error(message, file: file, at: location, notes: notes)])
    }

    /// The lines navviz prints for it: each diagnostic's ``Diagnostic/lines``, in order.
    public var lines: [String] { diagnostics.flatMap(\.lines) }

    /// ``lines``, one after the other.
    public var description: String { lines.joined(separator: "\n") }
}
