import ArgumentParser
import NavVizArtifacts
@_spi(Internals) import NavVizRender

/// How an animation's frames are planned and drawn.
struct FrameOptions: ParsableArguments {
    @Option(help: "transition: a pending and an applied frame per transition; op: one pending frame per operation, then the applied frame.")
    var granularity: FrameGranularity?

    /// `--step`, the name `--granularity` had before 0.2 (kept so scripts keep working).
    @Option(name: .customLong("step"), help: .hidden)
    var legacyGranularity: FrameGranularity?

    @Option(help: "stable: nodes keep their positions across frames; per-frame: each frame laid out on its own.")
    var layout: FrameLayout = .stable

    @OptionGroup var timeline: TimelineOptions

    @Option(help: "Colour theme of the frames: light or dark.")
    var theme: Theme = .light

    @Option(help: ArgumentHelp("Animate only the states A to B, by their 0-based index (state N is frames[N] of a sequence, the Nth snapshot of a log, the state after step N of a script), both included: 'A..B', 'A..' to the end, '..B' from the start, or 'N'. State A is drawn as a starting state, without the transition that led to it.", valueName: "A..B"))
    var states: StateRange?

    /// `--steps`, the name `--states` had before 0.2 (kept so scripts keep working).
    @Option(name: .customLong("steps"), help: .hidden)
    var legacyStates: StateRange?

    @Option(help: ArgumentHelp("Refuse an animation of more frames than this, as soon as its planning passes it (a transition is two frames, a pending and an applied one). --states draws part of a longer recording.", valueName: "N"))
    var maxFrames: Int = Animation.defaultMaxFrames

    /// For tests: a file of at most this many bytes keeps its scenes from the first reading
    /// (0: read every file twice, as a long recording is).
    @Option(help: .hidden)
    var heldBytes: Int = Animation.Options().heldBytes

    /// For tests: the Graphviz workers abort on a job whose DOT contains this text, as a
    /// crash inside Graphviz would end them (each worker is given `graphviz-worker --crash-on`).
    @Option(help: .hidden)
    var workerCrashOn: String?

    func validate() throws {
        guard maxFrames >= 1 else { throw ValidationError("--max-frames must be at least 1") }
        if states != nil && legacyStates != nil { throw ValidationError("--steps is the old name of --states; give one of them") }
        if granularity != nil && legacyGranularity != nil { throw ValidationError("--step is the old name of --granularity; give one of them") }
    }

    /// These options in `options` (and `--worker-crash-on` armed in the workers that will
    /// draw).
    func apply(to options: inout Animation.Options) {
        if let workerCrashOn { GraphvizPool.shared.crashMarker = workerCrashOn }
        options.timeline = timeline.settings
        options.granularity = granularity ?? legacyGranularity ?? .transition
        options.layout = layout
        options.theme = theme
        options.states = states ?? legacyStates
        options.maxFrames = maxFrames
        options.heldBytes = heldBytes
    }
}
