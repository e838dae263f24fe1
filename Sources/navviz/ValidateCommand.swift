import ArgumentParser
import NavVizArtifacts
import NavVizCore

extension NavVizCommand {
    /// `navviz validate FILE...`: checks documents against docs/format.md (and runs scripts), for CI.
    struct ValidateCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check documents against the navviz format.",
            discussion: """
            Reads each file (JSON, YAML, an .ndjson/.jsonl log, or a UIKit paste) and lists every problem as \
            'FILE: error: PATH: MESSAGE'. An action script is also run, step by step: a step \
            that cannot run is reported with its place, its action and why \
            ('FILE: error: steps[2] ('open chat') actions[1] (pop): no node 'chat' in the \
            tree; the step was not applied'). Exits 0 when all are valid, 65 when any is \
            invalid or has a failing step, 66 when a file cannot be read.

            Examples:
              navviz validate Samples/katana-tabs.json Samples/nivelir-chat.yaml
              navviz validate --quiet Samples/uikit-session.pastes.txt
            """
        )

        @Argument(help: "Documents to check ('-' reads standard input).")
        var files: [String] = ["-"]

        @Flag(name: .shortAndLong, help: "Print nothing for valid files.")
        var quiet = false

        @OptionGroup var input: InputOptions

        func run() throws {
            Terminal.noteWaitingForInput(files)
            var failed: [NavVizError.Kind] = []
            for validation in NavViz.validate(files, input: input.options, diagnostics: Terminal.diagnostics()) {
                switch validation.result {
                case .success(let summary):
                    if !quiet { Terminal.out("\(validation.file): ok (\(summary))\n") }
                case .failure(let error):
                    Terminal.error(error.diagnostics)
                    failed.append(error.kind)
                }
            }
            // 66 when a file cannot be read, else 65 for any invalid one.
            if !failed.isEmpty { throw ExitCode(ExitStatus.of(failed.contains(.unreadableInput) ? .unreadableInput : .invalidInput)) }
        }
    }
}
