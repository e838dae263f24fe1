import ArgumentParser
@_spi(Internals) import NavVizRender

extension NavVizCommand {
    /// `navviz graphviz-worker` (hidden): a Graphviz worker process, started by navviz itself
    /// (``GraphvizPool``) with a socket as its standard input. The pool's command line
    /// (`graphviz-worker`, or `graphviz-worker --crash-on TEXT`) never reaches the argument
    /// parser: ``NavVizCommand/main()`` serves it first (``GraphvizWorker/Invocation``).
    /// This command stays for the help and man pages' list of commands and for another
    /// spelling of its option (`--crash-on=TEXT`).
    struct GraphvizWorkerCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: GraphvizWorker.commandName,
            abstract: "Serve Graphviz jobs on standard input (navviz starts this itself; it is not for direct use).",
            shouldDisplay: false
        )

        /// For tests: abort on a job whose DOT contains this text, as a crash inside Graphviz
        /// would (navviz passes it on from `animate --worker-crash-on`).
        @Option(name: .customLong("crash-on"), help: .hidden)
        var crashOn: String?

        func run() throws {
            GraphvizWorker.serve(crashingOn: crashOn)
        }
    }
}
