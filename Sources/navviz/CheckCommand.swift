import ArgumentParser
import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizFiles

extension NavVizCommand {
    /// `navviz check FILE --expect EXPECTED.json`: CI's guard against navigation drift.
    struct CheckCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Compare a document's operations with a recorded expectation (for CI).",
            discussion: """
            Builds the timeline of FILE (see 'navviz timeline') and compares the operations \
            of every transition with EXPECTED.json. Exits 0 when they match and 1 with a \
            readable diff when they drift. --record writes the expectation instead (review \
            it and commit it).

            The expectation stores the --dialect and --redact it was recorded with. Checked \
            with another --dialect, navviz stops with exit status 64 and names the dialect \
            to use, since the operations of two dialects differ without any drift. With \
            --redact, or against an expectation recorded with it, both sides are compared \
            with their values hidden.

            With several FILEs, or when --expect names a directory (an existing one, or a \
            path ending in '/'), each FILE's expectation is DIR/NAME.expected.json, NAME \
            being the file's name without its last extension; --record makes the \
            directory. A name without '.json' for one FILE is refused with --record rather \
            than written as a file: write DIR/ or NAME.json. Every file is checked even when \
            one fails.

            --report json or --report junit prints a report of every transition (matched, \
            drifted, missing or extra) instead of the text; --report junit:PATH writes it to \
            PATH (atomically) and keeps the text. The option may be repeated. \
            --step-summary PATH appends a Markdown summary for GitHub's \
            $GITHUB_STEP_SUMMARY. On GitHub Actions (GITHUB_ACTIONS=true) every drifted \
            step is also printed as an annotation on the document's line. docs/ci.md \
            describes the reports.

            Examples:
              navviz check Samples/tab-switch.sequence.json \\
                --expect tab-switch.expected.json --record
              navviz check Samples/tab-switch.sequence.json \\
                --expect tab-switch.expected.json --report junit:check.xml
            """
        )

        @Argument(help: "Sequences, logs, action scripts or route requests ('-' reads standard input).")
        var files: [String]

        @Option(help: "The expectation file (JSON), or a directory holding NAME.expected.json for each FILE.")
        var expect: String

        @Flag(help: "Write the expectation from FILE instead of comparing.")
        var record = false

        @Option(name: .customLong("report"), help: ArgumentHelp("A report of every transition: json or junit, printed instead of the text, or json:PATH or junit:PATH written to PATH.", valueName: "format[:path]"))
        var reports: [ReportRequest] = []

        @Option(help: ArgumentHelp("Append a Markdown summary of the check to PATH (for $GITHUB_STEP_SUMMARY).", valueName: "path"))
        var stepSummary: String?

        @OptionGroup var timeline: TimelineOptions

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("name at least one FILE to check") }
            if record, !reports.isEmpty || stepSummary != nil {
                throw ValidationError("--report and --step-summary describe a comparison; they cannot be used with --record")
            }
            if reports.count(where: { $0.path == nil }) > 1 { throw ValidationError("only one --report can go to standard output; give the others a path (FORMAT:PATH)") }
            if files.count(where: { $0 == "-" }) > 1 { throw ValidationError("standard input ('-') can be checked only once") }
        }

        func run() throws {
            try reporting(reading: files) {
                let pairs = try Check.expectations(files: files, expect: expect, record: record)
                let settings = timeline.settings, diagnostics = Terminal.diagnostics()
                if record {
                    let directory = Check.namesDirectory(expect, files: files.count) ? expect : nil
                    let counts = try Check.record(pairs, directory: directory, settings: settings, diagnostics: diagnostics)
                    for ((_, expect), count) in zip(pairs, counts) {
                        Terminal.out("recorded \(count) transition\(count == 1 ? "" : "s") in \(expect)\n")
                    }
                    return
                }
                let annotate = WorkflowCommands.enabled
                let textOut = !reports.contains { $0.path == nil }
                var outcomes: [CheckOutcome] = []
                for (file, expect) in pairs {
                    var outcome = Check.run(file, expect: expect, settings: settings, diagnostics: diagnostics)
                    if annotate || !reports.isEmpty { outcome.locate() }
                    show(outcome, text: textOut, annotate: annotate, several: pairs.count > 1)
                    outcomes.append(outcome)
                }
                var failed: NavVizError?
                for report in reports {
                    let text = report.format == .json ? CheckReport.json(outcomes) : JUnitReport.xml(outcomes, run: .now)
                    do {
                        if let path = report.path {
                            try OutputFile.write(text, to: path, inputs: files)
                        } else {
                            try Terminal.output(Array(text.utf8), report.format == .json ? .json : .markup)
                        }
                    } catch let failure as NavVizError {
                        Terminal.error(failure.diagnostics)
                        failed = failed ?? failure
                    }
                }
                if let stepSummary {
                    do {
                        try GitHubStepSummary.append(to: stepSummary, diagnostics: diagnostics) { CheckSummary.markdown(outcomes, limit: $0) }
                    } catch let failure as NavVizError {
                        Terminal.error(failure.diagnostics)
                        failed = failed ?? failure
                    }
                }
                // An unreadable input outranks a failed report, which outranks drift.
                let kind = outcomes.compactMap { $0.error?.kind }.first ?? failed?.kind
                    ?? (outcomes.contains { $0.status == .drifted } ? .failed : nil)
                if let kind { throw NavVizError(kind, []) }
            }
        }

        /// Prints one document's result: `FILE: ok (…)`, or its drift on standard output and
        /// an error line on standard error, or the error that stopped it; on GitHub Actions
        /// each drifted step also as an annotation on its line.
        private func show(_ o: CheckOutcome, text: Bool, annotate: Bool, several: Bool) {
            switch o.status {
            case .error:
                Terminal.error(o.error?.diagnostics ?? [])
            case .matched:
                if text {
                    Terminal.out("\(o.name): ok (\(o.transitions.count) transitions, \(o.transitions.compactMap(\.actual).map(\.count).reduce(0, +)) operations match \(o.expect))\n")
                }
            case .drifted:
                if text {
                    Terminal.out((several ? "\(o.name):\n" : "") + o.drift.map(PlainText.visible).joined(separator: "\n") + "\n")
                }
                let annotations = annotate ? WorkflowCommands.annotations(drifted: o) : []
                Terminal.error([.error("the operations drifted from \(o.expect) (re-record with --record if the change is intended)", file: o.name)],
                               annotate: annotations.isEmpty)
                WorkflowCommands.emit(annotations)
            }
        }
    }
}

/// `--report FORMAT[:PATH]`: a check report's format, and where to write it (nil: standard
/// output).
struct ReportRequest: ExpressibleByArgument {
    enum Format: String, CaseIterable {
        case json, junit
    }

    var format: Format
    var path: String?

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let format = Format(rawValue: String(parts[0])) else { return nil }
        self.format = format
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            path = parts[1] == "-" ? nil : String(parts[1])
        }
    }

    static var allValueStrings: [String] { ["json", "junit", "json:PATH", "junit:PATH"] }
}
