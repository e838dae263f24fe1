import ArgumentParser
import NavVizArtifacts
import NavVizCore

extension NavVizCommand {
    /// `navviz timeline FILE`: the frames of any document and the operations between them.
    struct TimelineCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timeline",
            abstract: "Print the frames of a document and the operations between them.",
            discussion: """
            Every document has a timeline: a snapshot is one frame; a sequence or log has its \
            frames, with the diff (in --dialect) between each pair; an action script has its \
            initial tree and one frame per step, with the actions each step executed; a route \
            request has one frame per executed Portus instruction. This is what 'animate' and \
            'check' read.

            The format comes from --format, else from the extension of -o (.txt, .json), else \
            text; when both are given and name different formats, navviz stops with exit \
            status 64. Text shows each frame as a tree and the numbered operations between frames; json \
            is {"navviz": 1, "title", "source", "frames": [{"index", "label", "tree"}], \
            "transitions": [{"from", "to", "label", "operations"}], "failure"}.

            A script whose step fails and a route that cannot reach its destination print the \
            frames that ran, then 'error:' naming the failing step (its number, action and \
            why) or the reason, and exit 1.

            Examples:
              navviz timeline Samples/nivelir-deeplink.script.json
              navviz timeline Samples/uikit-session.pastes.txt --format json
            """
        )

        @Argument(help: "A snapshot, sequence, log, action script or route request ('-' reads standard input).")
        var file: String = "-"

        @OptionGroup var timeline: TimelineOptions

        @Option(help: "Output format: text or json. Default: the extension of -o (.txt, .json), else text.")
        var format: NavViz.TimelineFormat?

        @OptionGroup var output: OutputOptions

        func run() throws {
            try reporting(reading: [file]) {
                let format = try NavViz.TimelineFormat.resolve(format, output: output.path)
                let made = try NavViz.timeline(file, format: format, settings: timeline.settings, diagnostics: Terminal.diagnostics())
                try output.write(made.bytes, binary: false, inputs: [file], kind: format == .json ? .json : .text)
                if let failure = made.failure { throw failure }
            }
        }
    }
}

/// `--dialect` and `--redact` (and how the file is read): the library's
/// ``TimelineSettings``.
struct TimelineOptions: ParsableArguments {
    @Option(help: "Diff dialect for sequences and logs: navviz, katana, reswift or tempura.")
    var dialect: DiffDialect = .navviz

    @Flag(help: "Hide every context value as ••• in what is printed (for reports that may carry tokens); the operations are those of the plain document.")
    var redact = false

    @OptionGroup var input: InputOptions

    var settings: TimelineSettings {
        TimelineSettings(dialect: dialect, redact: redact, input: input.options)
    }
}
