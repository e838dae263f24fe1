import ArgumentParser
import NavVizRender

extension NavVizCommand {
    /// `navviz graphviz-worker` (hidden): a Graphviz worker process, started by navviz itself
    /// (``GraphvizPool``) with a socket as its standard input.
    struct GraphvizWorkerCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "graphviz-worker",
            abstract: "Serve Graphviz jobs on standard input (navviz starts this itself; it is not for direct use).",
            shouldDisplay: false
        )

        func run() throws {
            GraphvizWorker.serve()
        }
    }
}
