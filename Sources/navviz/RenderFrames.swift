import ArgumentParser
import Foundation
import NavVizRender

extension NavVizCommand {
    /// `navviz render-frames` (hidden): the helper `animate` starts to draw a share of the
    /// frames in a process of its own, since libgvc cannot draw in two threads at once.
    struct RenderFrames: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render-frames",
            abstract: "Draw the WORKER-th of JOBS runs of consecutive frames of an animation into a directory (used by 'animate --jobs').",
            shouldDisplay: false
        )

        @Argument(help: "The input 'animate' reads.")
        var file: String

        @Option(help: "The directory whose frames/ receives the frames.")
        var into: String

        @Option(help: "The destination 'animate' was given, which messages name.")
        var output: String

        @Option(help: "This helper's number: it draws the WORKER-th of JOBS runs of consecutive frames.")
        var worker: Int

        @Option(help: "How many processes share the frames.")
        var jobs: Int

        @Option(help: "The process that started this helper: when it is gone, the helper ends.")
        var parent: Int32?

        @Flag(help: "Also draw frames/NNNN.png.")
        var png = false

        @OptionGroup var frames: FrameOptions

        /// A parent killed outright (SIGKILL) cannot end its helpers, so a helper watches for
        /// its parent (`--parent`) to go (it is then adopted) and ends itself as a SIGTERM
        /// would, with the processes it started.
        static func endWithParent(_ parent: pid_t) {
            let watcher = Thread {
                while getppid() == parent { usleep(200_000) }
                kill(getpid(), SIGTERM)
            }
            watcher.start()
        }

        func validate() throws {
            guard jobs >= 1, (0..<jobs).contains(worker) else { throw ValidationError("--worker must be in 0..<--jobs") }
        }

        func run() throws {
            // `animate` has printed what its reading tolerated.
            Terminal.warningsEnabled = false
            if let parent { Self.endWithParent(pid_t(parent)) }
            try reporting {
                let (source, plan) = try frames.plan(file)
                try FrameJobs.renderShare(source, count: plan.frames.count, drawing: plan.drawing, png: png, directory: into,
                                          output: output, worker: worker, jobs: jobs)
            }
        }
    }
}
