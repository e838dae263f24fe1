import ArgumentParser
import NavVizCore
import NavVizFiles

extension NavVizCommand {
    /// `navviz check FILE --expect EXPECTED.json`: CI's guard against navigation drift.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare a document's operations with a recorded expectation (for CI).",
            discussion: """
            Builds the timeline of FILE (see 'navviz timeline') and compares the operations \
            of every transition with EXPECTED.json. Exits 0 when they match and 1 with a \
            readable diff when they drift. --record writes the expectation instead (review \
            it and commit it).

            Example:
              navviz check Samples/tab-switch.sequence.json --expect Samples/tab-switch.expected.json
            """
        )

        @Argument(help: "A sequence, log, action script or route request.")
        var file: String

        @Option(help: "The expectation file (JSON).")
        var expect: String

        @Flag(help: "Write the expectation from FILE instead of comparing.")
        var record = false

        @OptionGroup var timeline: TimelineOptions

        func run() throws {
            try reporting {
                let built = try timeline.build(file)
                let actual = Expectation(built)
                if record {
                    try OutputFile.write(actual.json, to: expect)
                    Terminal.out("recorded \(actual.transitions.count) transition\(actual.transitions.count == 1 ? "" : "s") in \(expect)\n")
                    return
                }
                let expected = try Expectation.load(expect)
                let drift = expected.drift(to: actual)
                if drift.isEmpty {
                    Terminal.out("\(displayName(file)): ok (\(actual.transitions.count) transitions, \(actual.transitions.map(\.operations.count).reduce(0, +)) operations match \(expect))\n")
                    return
                }
                Terminal.out(drift.map(PlainText.visible).joined(separator: "\n") + "\n")
                throw Failure(["\(displayName(file)): error: the operations drifted from \(expect) (re-record with --record if the change is intended)"],
                              status: Failure.Status.checkFailed)
            }
        }
    }
}
