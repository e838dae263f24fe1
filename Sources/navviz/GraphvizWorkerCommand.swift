import ArgumentParser
@_spi(Internals) import NavVizRender

extension NavVizCommand {
    /// `navviz graphviz-worker` (hidden): a Graphviz worker process, started by navviz itself
    /// (``GraphvizPool``) with a socket as its standard input.
    struct GraphvizWorkerCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "graphviz-worker",
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
