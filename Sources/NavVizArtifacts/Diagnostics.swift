import NavVizCore

/// One thing a call reports while it works, besides its result or error: a warning about
/// the input (`FILE:LINE: warning: the last line is cut off`) or a note about what it is
/// doing (`FILE: note: drawing 18,432 frames …`). `line` is the whole line, ready to print.
public struct Diagnostic: Sendable, Equatable {
    public enum Kind: Sendable { case warning, note }
    public var kind: Kind
    public var line: String

    public init(_ kind: Kind, _ line: String) {
        self.kind = kind
        self.line = line
    }
}

/// Where this module's calls send their ``Diagnostic``s and their progress: the CLI prints
/// them on stderr; a program that only wants the result passes ``silent``.
public struct Diagnostics {
    /// Called with each diagnostic, in order, on the calling thread.
    public var report: (Diagnostic) -> Void
    /// Called on the calling thread as frames are drawn: (frames drawn, frames in all).
    public var progress: ((Int, Int) -> Void)?

    public init(report: @escaping (Diagnostic) -> Void, progress: ((Int, Int) -> Void)? = nil) {
        self.report = report
        self.progress = progress
    }

    /// Drops every diagnostic.
    public static var silent: Diagnostics { Diagnostics(report: { _ in }) }

    /// Reports what a reader tolerated in `file` as `FILE:LINE: warning: …`.
    func warnings(_ warnings: [DocumentWarning], file: String) {
        for warning in warnings { report(Diagnostic(.warning, warning.text(file: displayName(file)))) }
    }

    func note(_ line: String) {
        report(Diagnostic(.note, line))
    }
}
