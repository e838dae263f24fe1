import Foundation
import NavVizFiles
import NavVizRender
import NavVizShutdown

/// Draws an animation's frames into a staged directory, split across processes.
///
/// libgvc is not thread-safe (see ``Graphviz``), so frames are drawn in parallel by separate
/// processes: this one and `jobs - 1` helpers running the hidden `navviz render-frames`
/// subcommand on the same input with the same options. Process `k` draws the `k`th of `jobs`
/// runs of consecutive frames (consecutive frames differ least, and a process's PNG encoder
/// compresses only what changed since the frame it drew before); every process plans the
/// same frames and lays out the same union, so a frame's bytes do not depend on which
/// process drew it.
enum FrameJobs {
    /// Below this many frames per process, starting a helper costs more than it saves.
    static let minimumFramesPerJob = 24

    /// How many processes to use for `frames` frames: `requested` (at most one a frame),
    /// else, when PNG frames are drawn, one per core when each gets enough frames to pay for
    /// its start. SVG frames alone take one process: they are composed from pieces with a
    /// few Graphviz calls, so a helper, which reads, plans and lays out everything again,
    /// costs about as much as drawing its share saves (200 frames: 1.0 s in one process,
    /// 2.0 s in two on two cores).
    static func count(requested: Int?, frames: Int, file: String, png: Bool = true) -> Int {
        // Standard input and pipes can be read only once, so helpers could not read them again.
        guard file != "-", SnapshotFile.isRegularFile(file) else { return 1 }
        if let requested { return max(1, min(requested, frames)) }
        guard png else { return 1 }
        return max(1, min(ProcessInfo.processInfo.activeProcessorCount, frames / minimumFramesPerJob))
    }

    /// Draws the `worker`th of `jobs` runs of consecutive frames of `source` (`count`
    /// frames, planned into `drawing`) and writes them into `directory`, a chunk of frames
    /// at a time: the looks a chunk needs are drawn together.
    /// Messages name `output`, the destination as the user gave it, of which `directory` is
    /// the hidden staged copy.
    static func renderShare(_ source: AnimationSource, count: Int, drawing: AnimationRenderer.Drawing, png: Bool,
                            directory: String, output: String, worker: Int, jobs: Int, progress: (Int, Int) -> Void = { _, _ in }) throws {
        let share = worker * count / jobs..<(worker + 1) * count / jobs
        let frames = (directory as NSString).appendingPathComponent("frames")
        // Not withIntermediateDirectories: a directory removed on a signal is never made again.
        try? FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
        let writer = FrameWriter { bytes, name in
            do {
                try OutputDirectory.writePlainly(bytes, to: (directory as NSString).appendingPathComponent(name))
            } catch {
                throw OutputDirectory.failure(output: output, file: name, error)
            }
        }
        var chunk: [(number: Int, frame: AnimationFrame)] = []
        func draw() throws {
            let rendered: [AnimationRenderer.Rendered]
            do throws(RenderError) {
                rendered = try drawing.render(chunk.map(\.frame), png: png)
            } catch {
                throw Failure(error, file: source.file)
            }
            for ((i, _), rendered) in zip(chunk, rendered) {
                try writer.write(rendered.svg, AnimationBundle.svgName(i))
                if let bytes = rendered.png { try writer.write(bytes, AnimationBundle.pngName(i)) }
                // Every process draws about as fast, so this one's share stands for all of them.
                progress(min(count, (i + 1 - share.lowerBound) * jobs), count)
            }
            chunk.removeAll(keepingCapacity: true)
        }
        do {
            try source.forEachFrame(in: share, expecting: count) { i, frame in
                chunk.append((i, frame))
                if chunk.count == AnimationRenderer.Drawing.framesPerChunk { try draw() }
            }
            if !chunk.isEmpty { try draw() }
        } catch {
            // Nothing may still be writing into the directory once the caller removes it.
            try? writer.finish()
            throw error
        }
        try writer.finish()
    }

    /// A helper process, ended with navviz on a signal until it has been waited for.
    struct Helper {
        let process: Process
        let registration: Shutdown.Registration
    }

    /// Starts helpers 1..<jobs drawing into `directory`; `arguments` are the options every
    /// helper shares (the input and how frames are planned and drawn); `output` is the
    /// destination as the user gave it, for the helpers' messages.
    static func start(jobs: Int, arguments: [String], directory: String, output: String) throws -> [Helper] {
        guard jobs > 1 else { return [] }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var helpers: [Helper] = []
        for worker in 1..<jobs {
            let process = Process()
            process.executableURL = FileManager.default.fileExists(atPath: executable.path)
                ? executable : URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["render-frames"] + arguments + ["--into", directory, "--output", output, "--worker", String(worker), "--jobs", String(jobs),
                                                          "--parent", String(getpid())]
            do {
                try process.run()
            } catch {
                stop(helpers)
                throw Failure(["error: cannot start a helper process: \(error)"], status: Failure.Status.software)
            }
            helpers.append(Helper(process: process, registration: Shutdown.track(child: process.processIdentifier)))
        }
        return helpers
    }

    /// Waits for every helper; the first failure is reported with the helper's status
    /// (its own message is already on standard error).
    static func wait(_ helpers: [Helper]) throws {
        var failed: Int32 = 0
        for helper in helpers {
            helper.process.waitUntilExit()
            helper.registration.cancel()
            if failed == 0, helper.process.terminationStatus != 0 { failed = helper.process.terminationStatus }
        }
        if failed != 0 { throw Failure([], status: failed) }
    }

    /// Ends the helpers still running and waits for them (after a failure: nothing may still
    /// write into the staging directory once it is removed).
    static func stop(_ helpers: [Helper]) {
        for helper in helpers where helper.process.isRunning { helper.process.terminate() }
        for helper in helpers {
            helper.process.waitUntilExit()
            helper.registration.cancel()
        }
    }
}
