import ArgumentParser
import NavVizArtifacts
import NavVizCore
import NavVizFiles

extension NavVizCommand {
    /// `navviz validate FILE...`: checks documents against docs/format.md (and runs scripts), for CI.
    struct ValidateCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check documents against the navviz format.",
            discussion: """
            Reads each file (JSON, YAML, or an .ndjson/.jsonl log) and lists every problem as \
            'FILE: error: PATH: MESSAGE'. An action script is also run, step by step: a step \
            that cannot run is reported with its place, its action and why \
            ('FILE: error: steps[2] ('open chat') actions[1] (pop): no node 'chat' in the \
            tree; the step was not applied'). Exits 0 when all are valid, 65 when any is \
            invalid or has a failing step, 66 when a file cannot be read.
            """
        )

        @Argument(help: "Documents to check ('-' reads standard input).")
        var files: [String] = ["-"]

        @Flag(name: .shortAndLong, help: "Print nothing for valid files.")
        var quiet = false

        @OptionGroup var input: InputOptions

        func run() throws {
            var status: Int32 = 0
            for file in files {
                do {
                    let document = try input.load(file)
                    if case .script(let script) = document, let failure = ScriptRunner.runUntilFailure(script).failure {
                        throw NavVizError(["\(displayName(file)): error: \(failure)"], status: NavVizError.Status.dataError)
                    }
                    if !quiet { Terminal.out("\(file): ok (\(document.summary))\n") }
                } catch {
                    let failure = NavVizError(converting: error) ?? NavVizError(["\(displayName(file)): error: \(error)"], status: NavVizError.Status.dataError)
                    Terminal.error(failure.lines)
                    status = max(status, failure.status == NavVizError.Status.noInput ? NavVizError.Status.noInput : NavVizError.Status.dataError)
                }
            }
            if status != 0 { throw ExitCode(status) }
        }
    }
}

extension Document {
    /// `sequence, 4 frames, 12 nodes` and the like.
    var summary: String {
        func nodes(_ t: Tree) -> String { "\(t.count) node\(t.count == 1 ? "" : "s")" }
        switch self {
        case .snapshot(let t): return "snapshot, \(nodes(t))"
        case .sequence(let s): return "\(kindName), \(s.snapshots.count) frame\(s.snapshots.count == 1 ? "" : "s")"
        case .script(let s): return "action script, \(s.steps.count) step\(s.steps.count == 1 ? "" : "s")"
        case .route(let r): return "route request, \(nodes(r.tree)), \(r.to.count)-element path"
        }
    }
}
