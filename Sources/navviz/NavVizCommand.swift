import ArgumentParser
import NavVizCore
@_spi(Internals) import NavVizRender
import NavVizShutdown

/// The `navviz` command: subcommands each in their own file.
@main
struct NavVizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navviz",
        abstract: "See what your app's navigation does: diagrams, diffs, routes and animations of navigation trees.",
        discussion: """
        navviz reads navigation trees (snapshots, sequences of snapshots, app logs with one \
        snapshot per line, action scripts and route requests; JSON or YAML; and pastes of \
        UIKit's _printHierarchy from the debugger) and shows what \
        happens between states the way KatanaRouter, Portus, Tempura, Nivelir and \
        ReSwift-Router see it.

        Exit status: 0 ok, 1 a failed check, an unreachable destination or a failing script \
        step, 64 bad usage, \
        65 invalid input, 66 an input that cannot be read, 69 a Graphviz that cannot be used \
        (missing, or another release than navviz was built against), 70 an internal \
        rendering error, 73 an output navviz will not replace (it did not write it), 74 an \
        output that cannot be written, 129/130/143 stopped by SIGHUP/SIGINT/SIGTERM (the \
        previous output intact).
        """,
        version: NavVizVersion.text,
        subcommands: [RenderCommand.self, ValidateCommand.self, DiffCommand.self, RouteCommand.self, TimelineCommand.self, AnimateCommand.self, CheckCommand.self,
                      ImportCommand.self, WatchCommand.self,
                      GraphvizWorkerCommand.self]
    )

    /// Installs the signal handling (``Shutdown``) before any thread starts, then runs the
    /// command. A Graphviz worker (`graphviz-worker`, as ``GraphvizPool`` starts it) is
    /// served first, before any of that and before the argument parser: it keeps the
    /// signals' default actions, so it dies of them (its parent tracks it), and runs nothing
    /// of the command line's start-up. Workers run this executable, whatever its name.
    static func main() {
        // A descriptor 0, 1 or 2 left closed by whoever started navviz would be the next one
        // navviz opens: a worker's socket would become navviz's standard error.
        PlatformProcess.openStandardDescriptors()
        if let worker = GraphvizWorker.Invocation(arguments: Array(CommandLine.arguments.dropFirst())) {
            GraphvizWorker.serve(crashingOn: worker.crashMarker)
        }
        // `animate`'s Graphviz workers are forked now, while navviz runs one thread (see
        // GraphvizPool.forkWorkers).
        let animating = Array(CommandLine.arguments.dropFirst(2))
        if CommandLine.arguments.dropFirst().first == AnimateCommand.configuration.commandName, AnimateCommand.draws(animating) {
            GraphvizPool.shared.forkWorkers(count: AnimateCommand.jobs(in: animating))
        }
        // A worker's command line in another spelling (`--crash-on=TEXT`) goes through the
        // argument parser, still without the signal handling.
        if CommandLine.arguments.dropFirst().first != GraphvizWorker.commandName {
            Shutdown.install()
        }
        GraphvizPool.workerExecutable = GraphvizPool.runningExecutable ?? GraphvizPool.workerExecutable
        if let unknown = unknownCommand(Array(CommandLine.arguments.dropFirst())) {
            Terminal.error([unknown])
            Self.exit(withError: ExitCode(ExitStatus.of(.usage)))
        }
        main(nil)
    }

    /// The commands a user may name (the worker is navviz's own).
    static var commandNames: [String] {
        configuration.subcommands.map { $0.configuration.commandName ?? "" }.filter { $0 != GraphvizWorkerCommand.configuration.commandName }
    }

    /// A first argument that names no command (`navviz animte x`, `navviz help nope`), as an
    /// error that suggests the closest command and lists them all; nil for anything else
    /// (options, a command, `help` alone), which the argument parser handles.
    static func unknownCommand(_ arguments: [String]) -> Diagnostic? {
        guard var word = arguments.first, !word.hasPrefix("-") else { return nil }
        var help = false
        if word == "help" {
            guard arguments.count > 1, !arguments[1].hasPrefix("-") else { return nil }
            word = arguments[1]
            help = true
        }
        let known = commandNames + ["help", GraphvizWorkerCommand.configuration.commandName ?? ""]
        guard !known.contains(word) else { return nil }
        let guess = FieldNames.suggestion(for: word, among: commandNames)
        let message = (help ? "no help for '\(word)': it is not a command" : "'\(word)' is not a command")
            + (guess.map { "; did you mean '\($0)'?" } ?? "")
        return .error(message, notes: ["  commands: " + commandNames.joined(separator: ", ") + " (navviz help COMMAND describes one)"])
    }
}

/// navviz's version: the one place it is written.
enum NavVizVersion {
    static let string = "0.2.0"

    /// What `--version` prints: `navviz 0.2.0` and `Graphviz 2.43.0` (libgvc as loaded at
    /// run time), one per line. Graphviz is asked only when `--version` is on the command
    /// line: starting it costs every other run nothing.
    static let text: String = {
        guard CommandLine.arguments.dropFirst().contains("--version") else { return "navviz \(string)" }
        return lines(graphviz: (try? Graphviz.shared.version()) ?? "unavailable (libgvc could not be started)")
    }()

    static func lines(graphviz: String) -> String {
        "navviz \(string)\nGraphviz \(graphviz)"
    }
}
