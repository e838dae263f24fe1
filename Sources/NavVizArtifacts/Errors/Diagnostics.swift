import NavVizCore

/// Where this module's calls send what they report while they work, besides their result or
/// error: warnings about the input (a log's cut last line) and notes about what they are
/// doing (`drawing 18,432 frames …`), as `Diagnostic`s, and their progress. The command
/// line prints them on stderr; a program that only wants the result passes ``silent``.
public struct Diagnostics {
    /// Called with each diagnostic, in order, on the calling thread.
    public var report: (Diagnostic) -> Void
    /// Called on the calling thread as frames are drawn: (frames drawn, frames in all).
    public var progress: ((Int, Int) -> Void)?

    /// A sink calling `report` with each diagnostic and `progress` as frames are drawn.
    public init(report: @escaping (Diagnostic) -> Void, progress: ((Int, Int) -> Void)? = nil) {
        self.report = report
        self.progress = progress
    }

    /// Drops every diagnostic.
    public static var silent: Diagnostics { Diagnostics(report: { _ in }) }

    /// Reports what a reader tolerated in `file` as warnings at their lines.
    func warnings(_ warnings: [DocumentWarning], file: String) {
        for warning in warnings { report(warning.diagnostic(file: displayName(file))) }
    }

    /// Reports a note about `file` (as messages name it).
    func note(_ message: String, file: String) {
        report(Diagnostic(.note, file: file, message))
    }
}
