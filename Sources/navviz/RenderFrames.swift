import ArgumentParser
import NavVizRender

extension NavVizCommand {
    /// `navviz render-frames` (hidden): the helper `animate` starts to draw a share of the
    /// frames in a process of its own, since libgvc cannot draw in two threads at once.
    struct RenderFrames: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render-frames",
            abstract: "Draw every JOBS-th frame of an animation into a directory (used by 'animate --jobs').",
            shouldDisplay: false
        )

        @Argument(help: "The input 'animate' reads.")
        var file: String

        @Option(help: "The directory whose frames/ receives the frames.")
        var into: String

        @Option(help: "This helper's number: it draws frames WORKER, WORKER + JOBS, …")
        var worker: Int

        @Option(help: "How many processes share the frames.")
        var jobs: Int

        @Flag(help: "Also draw frames/NNNN.png.")
        var png = false

        @Option(help: "transition or op, as in 'animate'.")
        var step: StepMode = .transition

        @Option(help: "stable or per-frame, as in 'animate'.")
        var layout: AnimationRenderer.LayoutMode = .stable

        @OptionGroup var timeline: TimelineOptions

        @Option(help: "light or dark, as in 'animate'.")
        var theme: ThemeChoice = .light

        func validate() throws {
            guard jobs >= 1, (0..<jobs).contains(worker) else { throw ValidationError("--worker must be in 0..<--jobs") }
        }

        func run() throws {
            try reporting {
                let (source, plan) = try AnimationSource.plan(file, options: timeline, step: step, theme: theme.value, layout: layout)
                try FrameJobs.renderShare(source, count: plan.frames.count, drawing: plan.drawing, png: png, directory: into,
                                          worker: worker, jobs: jobs)
            }
        }
    }
}
