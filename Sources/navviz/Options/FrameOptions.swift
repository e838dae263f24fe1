import ArgumentParser
import NavVizRender

/// How an animation's frames are planned and drawn.
struct FrameOptions: ParsableArguments {
    @Option(help: "transition: a pending and an applied frame per transition; op: one pending frame per operation.")
    var step: StepMode = .transition

    @Option(help: "stable: nodes keep their positions across frames; per-frame: each frame laid out on its own.")
    var layout: AnimationRenderer.LayoutMode = .stable

    @OptionGroup var timeline: TimelineOptions

    @Option(help: "Colour theme of the frames: light or dark.")
    var theme: ThemeChoice = .light

    @Option(help: ArgumentHelp("Animate only the states A to B, by their 0-based index (state N is frames[N] of a sequence, the Nth snapshot of a log, the state after step N of a script), both included: 'A..B', 'A..' to the end, '..B' from the start, or 'N'. State A is drawn as a starting state, without the transition that led to it.", valueName: "A..B"))
    var steps: StepRange?

    @Option(help: ArgumentHelp("Refuse an animation of more frames than this, as soon as its planning passes it (a transition is two frames, a pending and an applied one). --steps draws part of a longer recording.", valueName: "N"))
    var maxFrames: Int = FrameOptions.defaultMaxFrames

    /// For tests: a file of at most this many bytes keeps its scenes from the first reading
    /// (0: read every file twice, as a long recording is).
    @Option(help: .hidden)
    var heldBytes: Int = AnimationSource.heldBytes

    /// For tests: the Graphviz workers abort on a job whose DOT contains this text, as a
    /// crash inside Graphviz would end them (each worker is given `graphviz-worker --crash-on`).
    @Option(help: .hidden)
    var workerCrashOn: String?

    /// Room for about 12,500 transitions (two frames each): a recording of 10,000 is drawn.
    static let defaultMaxFrames = 25_000

    func validate() throws {
        guard maxFrames >= 1 else { throw ValidationError("--max-frames must be at least 1") }
    }

    /// Reads `file` once and plans its animation with these options (and arms
    /// `--worker-crash-on` in the workers that will draw it).
    func plan(_ file: String) throws -> (AnimationSource, AnimationSource.Plan) {
        if let workerCrashOn { GraphvizPool.shared.crashMarker = workerCrashOn }
        return try AnimationSource.plan(file, options: timeline, step: step, theme: theme.value, layout: layout, steps: steps, maxFrames: maxFrames, heldBytes: heldBytes)
    }
}
