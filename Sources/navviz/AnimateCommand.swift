import ArgumentParser
import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizRender

extension NavVizCommand {
    /// `navviz animate FILE -o DIR`: a routing sequence as step-by-step frames, an HTML
    /// player, a Markdown summary and a manifest (and PNG frames and a GIF on request).
    struct AnimateCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "animate",
            abstract: "Turn a sequence, log, script or route into a step-by-step animation.",
            discussion: """
            Prints the paths of what it wrote, the player first. Writes \
            DIR/frames/0001.svg, 0002.svg, … (each with a caption: frame i of N, \
            the step, its label and what its marks mean), DIR/index.html (a player that \
            works offline and draws each node once: play, step, a slider, zoom and pan, \
            focus on the changes, a filterable list of steps, a node's details; keys ← → \
            space + - 0 F; #N opens frame N), DIR/summary.md (Mermaid diagrams and a table \
            of steps for a GitHub issue) and DIR/manifest.json. --png adds \
            frames/NNNN.png (steady: a node keeps its place while it can, at most --max-width pixels) \
            and --gif animation.gif (at most --gif-limit megabytes); -o NAME.gif (or \
            --gif-only) writes just the GIF to that file. --step-summary PATH \
            appends the summary without links to local files to PATH (for \
            $GITHUB_STEP_SUMMARY, whose page cannot reach them).

            For each transition there is a pending frame (the state before, with its active \
            path and its pending operations numbered in execution order) and an applied \
            frame (the new state). Nodes keep their positions: the union of the frames is \
            laid out once, in windows of at most 200 nodes for a long session, and each \
            frame is pinned to it (--layout per-frame lays out each frame file on its own).

            DIR is replaced atomically: a failed or interrupted run (Ctrl-C, SIGTERM, \
            SIGHUP) leaves an existing DIR as it was. navviz replaces only a DIR it wrote \
            itself (its manifest.json lists every file in it) or an empty one: a DIR holding \
            anything else is refused with exit status 73, and nothing is deleted.

            A sequence or log file is streamed (read twice, a snapshot at a time), so memory \
            stays flat however long the recording; standard input, YAML, scripts and routes \
            are read whole.

            Examples:
              navviz animate Samples/nivelir-deeplink.script.json -o deeplink --gif
              navviz animate Samples/nivelir-deeplink.script.json -o deeplink.gif
            """
        )

        @Argument(help: "A sequence, log, action script or route request ('-' reads standard input).")
        var file: String = "-"

        @Option(name: [.customShort("o"), .customLong("output")], help: "The output directory (created, or replaced when navviz wrote it); a name ending in .gif writes just the GIF (as --gif-only).")
        var output: String

        @Flag(help: "Also write frames/NNNN.png.")
        var png = false

        @Flag(help: "Also write animation.gif (encoded in-process, on every core).")
        var gif = false

        @Flag(help: "Write only the GIF, to the file -o names (implied by an -o ending in .gif): no player, summary or frames.")
        var gifOnly = false

        /// Only the GIF: asked for, or an output named `….gif`.
        var onlyGIF: Bool { gifOnly || output.lowercased().hasSuffix(".gif") }

        @Option(help: "Milliseconds per frame in the player and the GIF.")
        var delay: Int = 1200

        @Option(help: ArgumentHelp("The largest animation.gif may be, in megabytes (GitHub takes attachments up to 10): past it navviz uses fewer colours, then fewer frames, and says what it did.", valueName: "MB"))
        var gifLimit: Double = 10

        @Option(help: ArgumentHelp("The widest and highest a PNG or GIF frame may be, in pixels: a larger frame is scaled down as far as labels stay readable (11 px), then cut to the nodes around its changes.", valueName: "pixels"))
        var maxWidth: Int = AnimationRenderer.Drawing.defaultMaxPixels

        @OptionGroup var frames: FrameOptions

        @Option(help: "The title shown in the player and the summary (default: the document's title).")
        var title: String?

        @Option(help: ArgumentHelp("Also append the summary, without links to local files (Mermaid and text only), to PATH: for $GITHUB_STEP_SUMMARY.", valueName: "path"))
        var stepSummary: String?

        @Option(help: "Worker processes that draw frames with Graphviz in parallel: the PNG frames, and every frame of --layout per-frame (default: one per core; SVG frames of a stable layout are composed by navviz itself).")
        var jobs: Int?

        @Flag(help: .hidden)
        var dotOnly = false

        /// Whether an `animate` command line (`arguments`: after the command's name) may draw,
        /// read before the argument parser runs: not when it asks for help or the version
        /// (its workers are not forked then).
        static func draws(_ arguments: [String]) -> Bool {
            !arguments.prefix { $0 != "--" }.contains { ["-h", "--help", "--version", "--experimental-dump-help"].contains($0) }
        }

        /// The `--jobs N` (or `--jobs=N`) of an `animate` command line (`arguments`: after
        /// the command's name), read before the argument parser runs, to fork that many
        /// workers (``GraphvizPool/forkWorkers(count:)``); nil without one, after `--`, or
        /// when it is not a number from 1 to 64 (the parser reports that).
        static func jobs(in arguments: [String]) -> Int? {
            var jobs: Int?
            var i = 0
            while i < arguments.count, arguments[i] != "--" {
                if arguments[i] == "--jobs", i + 1 < arguments.count {
                    jobs = Int(arguments[i + 1])
                    i += 1
                } else if arguments[i].hasPrefix("--jobs=") {
                    jobs = Int(arguments[i].dropFirst("--jobs=".count))
                }
                i += 1
            }
            return jobs.flatMap { (1...64).contains($0) ? $0 : nil }
        }

        func validate() throws {
            guard (20...60_000).contains(delay) else { throw ValidationError("--delay must be between 20 and 60000 milliseconds") }
            if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
            guard gifLimit >= 0.1, gifLimit <= 10_000 else { throw ValidationError("--gif-limit must be between 0.1 and 10000 megabytes") }
            guard (200...20_000).contains(maxWidth) else { throw ValidationError("--max-width must be between 200 and 20000 pixels") }
            if onlyGIF, png { throw ValidationError("--png writes frames into a bundle directory; with --gif-only (or an -o ending in .gif) only the GIF is written") }
            if onlyGIF, dotOnly { throw ValidationError("--gif-only and --dot-only cannot be used together") }
        }

        func run() throws {
            try reporting(reading: [file]) {
                var options = Animation.Options()
                frames.apply(to: &options)
                options.png = png
                options.gif = gif || onlyGIF
                options.gifOnly = onlyGIF
                options.gifLimit = Int(gifLimit * 1_000_000)
                options.maxPixels = maxWidth
                options.delay = delay
                options.title = title
                options.jobs = jobs
                options.dotOnly = dotOnly
                let progress = Progress(enabled: Terminal.stderrIsTerminal)
                defer { progress.finish() }
                let written = try Animation.write(file, to: output, options: options, diagnostics: Terminal.diagnostics(progress: progress))
                progress.finish()
                Terminal.out(written.paths.map { $0 + "\n" }.joined())
                if let stepSummary {
                    try GitHubStepSummary.append(to: stepSummary, diagnostics: Terminal.diagnostics()) { written.stepSummary(limit: $0) }
                }
                if let failure = written.failure {
                    throw NavVizError(.failed, file: Diagnostic.displayName(file), failure)
                }
            }
        }
    }
}
