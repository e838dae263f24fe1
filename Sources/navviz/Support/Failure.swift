import ArgumentParser
import Foundation
import NavVizCore
import NavVizFiles
import NavVizRender
import NavVizShutdown

/// A failure the CLI reports: message lines for stderr and a sysexits status.
struct Failure: Error {
    var lines: [String]
    var status: Int32

    /// sysexits(3) statuses navviz uses.
    enum Status {
        static let checkFailed: Int32 = 1
        static let usage: Int32 = 64
        static let dataError: Int32 = 65
        static let noInput: Int32 = 66
        static let unavailable: Int32 = 69
        static let software: Int32 = 70
        /// EX_CANTCREAT: navviz will not replace the destination (it did not write it).
        static let cannotReplace: Int32 = 73
        static let cannotCreate: Int32 = 74
    }

    init(_ lines: [String], status: Int32) {
        self.lines = lines
        self.status = status
    }

    /// A rendering failure, as `FILE: error: …` (`error: …` without a file), with the status
    /// of its cause: 65 a diagram too large to draw, 69 a Graphviz that cannot be used (not
    /// installed, or another release than navviz was built against), 70 anything else (a
    /// crash inside Graphviz included).
    init(_ error: RenderError, file: String? = nil) {
        self.init([(file.map { "\(displayName($0)): " } ?? "") + "error: \(error)"], status: Self.status(error))
    }

    private static func status(_ error: RenderError) -> Int32 {
        switch error {
        case .tooLarge, .tooLargeForBitmap: Status.dataError
        case .unavailable, .mismatchedLibrary: Status.unavailable
        case .missingPlugin, .invalidDOT, .failed, .crashed: Status.software
        case .frame(_, let error): status(error)
        }
    }

    init(_ error: DocumentFile.LoadError) {
        switch error {
        case .unreadable: self.init(error.lines, status: Status.noInput)
        case .invalid: self.init(error.lines, status: Status.dataError)
        }
    }
}

/// Runs a command body, printing a ``Failure`` as `FILE: error: …` lines and exiting with its
/// status; nothing else is printed on failure. A failure while a signal stops navviz (a
/// worker it ended) is not reported: the interruption is (``Shutdown/waitIfStopping()``).
func reporting(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as Failure {
        Shutdown.waitIfStopping()
        Terminal.error(failure.lines)
        throw ExitCode(failure.status)
    } catch let error as DocumentFile.LoadError {
        let failure = Failure(error)
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
        _ = write(Array(text.utf8), to: STDERR_FILENO)
        if annotate, WorkflowCommands.enabled {
            WorkflowCommands.emit(WorkflowCommands.annotations(errorLines: lines))
        }
    }

    /// Writes a line that says what a long run is about to do, `FILE: note: …`, to stderr.
    static func note(_ line: String) {
        _ = write(Array((PlainText.visible(line) + "\n").utf8), to: STDERR_FILENO)
    }

    /// Writes what a reader tolerated as `FILE:LINE: warning: …` lines to stderr.
    static func warning(_ warnings: [DocumentWarning], file: String) {
        guard !warnings.isEmpty else { return }
        let name = displayName(file)
        let text = warnings.map { Style.highlightWarning(PlainText.visible($0.text(file: name))) }.joined(separator: "\n") + "\n"
        _ = write(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Writes a line of status (the path of what was written) to stdout; a stdout that
    /// cannot take it (a full disk) is not worth failing a finished run for.
    static func out(_ text: String) {
        _ = write(Array(text.utf8), to: STDOUT_FILENO)
    }

    /// Writes the requested output to stdout; a failure names `<stdout>` and why.
    static func output(_ bytes: [UInt8]) throws {
        guard write(bytes, to: STDOUT_FILENO) else {
            throw Failure(["<stdout>: error: cannot write: \(OutputDirectory.WriteError().reason)"], status: Failure.Status.cannotCreate)
        }
    }

    /// Writes all of `bytes` to `fd`; false (with `errno` set) when it cannot, instead of
    /// Foundation's FileHandle, which stops the process on a full disk.
    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
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

/// The name messages use for an input: the path, or `<stdin>` for `-`.
func displayName(_ file: String) -> String {
    file == "-" ? DocumentFile.stdinName : file
}
