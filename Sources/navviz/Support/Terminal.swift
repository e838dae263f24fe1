import ArgumentParser
import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizShutdown

/// Runs a command body, printing a ``NavVizError``'s diagnostics on stderr and exiting with
/// its kind's status (``ExitStatus``); nothing else is printed on failure. A failure while a
/// signal stops navviz (a worker it ended) is not reported: the interruption is
/// (``Shutdown/waitIfStopping()``).
///
/// `inputs` are the files the command reads: when one is standard input (`-`) and that is a
/// terminal, a note says navviz waits for a document there (``Terminal/noteWaitingForInput(_:)``).
func reporting(reading inputs: [String] = [], _ body: () throws -> Void) throws {
    Terminal.noteWaitingForInput(inputs)
    do {
        try body()
    } catch {
        guard let failure = NavVizError(converting: error) else { throw error }
        Shutdown.waitIfStopping()
        Terminal.error(failure.diagnostics)
        throw ExitCode(ExitStatus.of(failure.kind))
    }
}

/// The sysexits(3) status of each kind of failure: the one place they are chosen.
enum ExitStatus {
    static func of(_ kind: NavVizError.Kind) -> Int32 {
        switch kind {
        case .failed: 1
        case .usage: 64
        case .invalidInput: 65
        case .unreadableInput: 66
        case .unavailable: 69
        case .internalError: 70
        case .cannotReplace: 73
        case .cannotWrite: 74
        }
    }
}

/// Writing to the terminal's streams.
enum Terminal {
    /// Prints diagnostics on stderr (``Diagnostic/lines``). Each line may quote a document's
    /// ids and labels, so controls in it are shown as escapes (``PlainText/visible(_:)``)
    /// before any colour. On GitHub Actions errors are also annotations
    /// (``WorkflowCommands``), unless `annotate` is false because the caller printed more
    /// precise ones.
    static func error(_ diagnostics: [Diagnostic], annotate: Bool = true) {
        guard !diagnostics.isEmpty else { return }
        let text = diagnostics.flatMap { [Style.headline($0)] + $0.notes.map(PlainText.visible) }.joined(separator: "\n") + "\n"
        _ = FileDescriptor.writeAll(WorkflowGuard.guarded(Array(text.utf8), .text), to: STDERR_FILENO)
        if annotate, WorkflowCommands.enabled {
            WorkflowCommands.emit(WorkflowCommands.annotations(diagnostics.filter { $0.severity == .error }))
        }
    }

    /// Prints what the library reports while it works (warnings and notes), each on stderr.
    static func diagnostic(_ diagnostic: Diagnostic) {
        error([diagnostic], annotate: false)
    }

    /// What the library's calls report through, printed here; with `progress`, frames drawn
    /// are counted on stderr (only on a terminal).
    static func diagnostics(progress: Progress? = nil) -> Diagnostics {
        Diagnostics(report: diagnostic, progress: progress.map { p in { p.update($0, $1) } })
    }

    /// Writes a line of status (the path of what was written) to stdout; a stdout that
    /// cannot take it (a full disk) is not worth failing a finished run for.
    static func out(_ text: String) {
        _ = FileDescriptor.writeAll(WorkflowGuard.guarded(Array(text.utf8), .text), to: STDOUT_FILENO)
    }

    /// Writes the requested output to stdout, escaped as `kind` on GitHub Actions when it
    /// holds text the runner would read as a command (``WorkflowGuard``); a failure names
    /// `<stdout>` and why.
    static func output(_ bytes: [UInt8], _ kind: WorkflowGuard.Kind) throws {
        guard FileDescriptor.writeAll(WorkflowGuard.guarded(bytes, kind), to: STDOUT_FILENO) else {
            throw NavVizError(.cannotWrite, file: "<stdout>", "cannot write: \(WriteError().reason)")
        }
    }

    /// When `inputs` read standard input (`-`) and it is a terminal, says on stderr that
    /// navviz waits for a document there, rather than waiting silently (a command typed
    /// without its FILE).
    static func noteWaitingForInput(_ inputs: [String]) {
        guard inputs.contains("-"), isatty(STDIN_FILENO) != 0 else { return }
        diagnostic(Diagnostic(.note, file: Diagnostic.stdinName,
                              "waiting for a document on standard input (the terminal): paste it and press Ctrl-D, or press Ctrl-C and name a FILE (navviz help describes each command)"))
    }

    static var stderrIsTerminal: Bool { isatty(2) != 0 }
    static var stdoutIsTerminal: Bool { isatty(1) != 0 }
}

/// Colour on a terminal only (and never with NO_COLOR set).
enum Style {
    static var enabled: Bool {
        Terminal.stderrIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// A diagnostic's first line (``Diagnostic/lines``), controls shown as escapes, with
    /// `error:` in bold red or `warning:` in bold yellow on a terminal.
    static func headline(_ d: Diagnostic) -> String {
        let colour = d.severity == .error ? "31" : d.severity == .warning ? "33" : nil
        guard enabled, let colour else { return PlainText.visible(d.lines[0]) }
        return PlainText.visible(d.place.map { "\($0): " } ?? "") + "\u{1B}[1;\(colour)m\(d.severity.rawValue):\u{1B}[0m "
            + PlainText.visible(d.pathAndMessage)
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
