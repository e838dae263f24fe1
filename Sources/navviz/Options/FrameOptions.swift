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

    /// Reads `file` once and plans its animation with these options.
    func plan(_ file: String) throws -> (AnimationSource, AnimationSource.Plan) {
        try AnimationSource.plan(file, options: timeline, step: step, theme: theme.value, layout: layout)
    }
}
