import ArgumentParser
import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizShutdown

/// Runs a command body, printing a ``NavVizError`` as `FILE: error: …` lines and exiting
/// with its status; nothing else is printed on failure. A failure while a signal stops
/// navviz (a worker it ended) is not reported: the interruption is
/// (``Shutdown/waitIfStopping()``).
func reporting(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch {
        guard let failure = NavVizError(converting: error) else { throw error }
        Shutdown.waitIfStopping()
        Terminal.error(failure.lines)
        throw ExitCode(failure.status)
    }
}

/// Writing to the terminal's streams.
enum Terminal {
    /// Writes error lines to stderr. Each line may quote a document's ids and labels, so
    /// controls in it are shown as escapes (``PlainText/visible(_:)``) before any colour.
    /// On GitHub Actions they are also annotations (``WorkflowCommands``), unless
    /// `annotate` is false because the caller printed more precise ones.
    static func error(_ lines: [String], annotate: Bool = true) {
        guard !lines.isEmpty else { return }
        let text = lines.map { Style.highlightError(PlainText.visible($0)) }.joined(separator: "\n") + "\n"
        _ = FileDescriptor.writeAll(Array(text.utf8), to: STDERR_FILENO)
        if annotate, WorkflowCommands.enabled {
            WorkflowCommands.emit(WorkflowCommands.annotations(errorLines: lines))
        }
    }

    /// Prints what the library reports while it works: warnings (`FILE:LINE: warning: …`,
    /// highlighted on a terminal) and notes (`FILE: note: …`), each on a line of stderr.
    static func diagnostic(_ diagnostic: Diagnostic) {
        let line = PlainText.visible(diagnostic.line)
        let text = diagnostic.kind == .warning ? Style.highlightWarning(line) : line
        _ = FileDescriptor.writeAll(Array((text + "\n").utf8), to: STDERR_FILENO)
    }

    /// What the library's calls report through, printed here; with `progress`, frames drawn
    /// are counted on stderr (only on a terminal).
    static func diagnostics(progress: Progress? = nil) -> Diagnostics {
        Diagnostics(report: diagnostic, progress: progress.map { p in { p.update($0, $1) } })
    }

    /// Writes a line of status (the path of what was written) to stdout; a stdout that
    /// cannot take it (a full disk) is not worth failing a finished run for.
    static func out(_ text: String) {
        _ = FileDescriptor.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }

    /// Writes the requested output to stdout; a failure names `<stdout>` and why.
    static func output(_ bytes: [UInt8]) throws {
        guard FileDescriptor.writeAll(bytes, to: STDOUT_FILENO) else {
            throw NavVizError(["<stdout>: error: cannot write: \(WriteError().reason)"], status: NavVizError.Status.cannotCreate)
        }
    }

    static var stderrIsTerminal: Bool { isatty(2) != 0 }
    static var stdoutIsTerminal: Bool { isatty(1) != 0 }
}

/// Colour on a terminal only (and never with NO_COLOR set).
enum Style {
    static var enabled: Bool {
        Terminal.stderrIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    static func highlightWarning(_ line: String) -> String {
        guard enabled, let r = line.range(of: ": warning: ") else { return line }
        return line[..<r.lowerBound] + ": \u{1B}[1;33mwarning:\u{1B}[0m " + line[r.upperBound...]
    }

    static func highlightError(_ line: String) -> String {
        guard enabled, let r = line.range(of: ": error: ") else { return line }
        return line[..<r.lowerBound] + ": \u{1B}[1;31merror:\u{1B}[0m " + line[r.upperBound...]
    }
}

/// `rendering frames 12/40` on stderr, rewritten in place, only on a terminal.
final class Progress {
    let enabled: Bool
    init(enabled: Bool) { self.enabled = enabled }
    func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        _ = FileDescriptor.writeAll(Array("\rrendering frames \(done)/\(total)".utf8), to: STDERR_FILENO)
    }
    func finish() {
        guard enabled else { return }
        _ = FileDescriptor.writeAll(Array("\r\u{1B}[K".utf8), to: STDERR_FILENO)
    }
}
