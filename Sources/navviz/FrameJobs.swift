import Foundation
import NavVizRender

/// Draws an animation's frames into a staged directory, split across processes.
///
/// libgvc is not thread-safe (see ``Graphviz``), so frames are drawn in parallel by separate
/// processes: this one and `jobs - 1` helpers running the hidden `navviz render-frames`
/// subcommand on the same input with the same options. Process `k` draws frames `k`,
/// `k + jobs`, `k + 2·jobs`, …; every process plans the same frames and lays out the same
/// union, so a frame's bytes do not depend on which process drew it.
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
        // Standard input can be read only once, so helpers could not read it again.
        guard file != "-" else { return 1 }
        if let requested { return max(1, min(requested, frames)) }
        guard png else { return 1 }
        return max(1, min(ProcessInfo.processInfo.activeProcessorCount, frames / minimumFramesPerJob))
    }

    /// Draws frames `worker`, `worker + jobs`, … and writes them into `directory`.
    /// Messages name `file`.
    static func renderShare(_ frames: [AnimationFrame], drawing: AnimationRenderer.Drawing, png: Bool, file: String,
                            directory: String, worker: Int, jobs: Int, progress: (Int, Int) -> Void = { _, _ in }) throws {
        // A chunk of frames at a time: the looks a chunk needs are drawn together.
        let share = Array(stride(from: worker, to: frames.count, by: jobs))
        for start in stride(from: 0, to: share.count, by: AnimationRenderer.Drawing.framesPerChunk) {
            let chunk = share[start..<min(start + AnimationRenderer.Drawing.framesPerChunk, share.count)]
            let rendered: [AnimationRenderer.Rendered]
            do {
                rendered = try drawing.render(chunk.map { frames[$0] }, png: png)
            } catch {
                throw Failure(["\(displayName(file)): error: \(error)"], status: error.isLimit ? Failure.Status.dataError : Failure.Status.software)
            }
            for (i, rendered) in zip(chunk, rendered) {
                try write(rendered.svg, to: directory, AnimationBundle.svgName(i))
                if let bytes = rendered.png { try write(bytes, to: directory, AnimationBundle.pngName(i)) }
                progress(min(frames.count, (i + 1)), frames.count)
            }
        }
    }

    static func write(_ bytes: [UInt8], to directory: String, _ name: String) throws {
        let path = (directory as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // A plain write: the staged directory is renamed into place as a whole, so a frame
        // needs no atomic replace of its own (Foundation's createFile syncs every file to
        // disk, which cost more than drawing the frames on a busy disk).
        guard let file = fopen(path, "wb") else {
            throw Failure(["error: cannot write '\(name)'"], status: Failure.Status.cannotCreate)
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard fclose(file) == 0, written == bytes.count else {
            throw Failure(["error: cannot write '\(name)' (disk full?)"], status: Failure.Status.cannotCreate)
        }
    }

    /// Starts helpers 1..<jobs drawing into `directory`; `arguments` are the options every
    /// helper shares (the input and how frames are planned and drawn).
    static func start(jobs: Int, arguments: [String], directory: String) throws -> [Process] {
        guard jobs > 1 else { return [] }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var helpers: [Process] = []
        for worker in 1..<jobs {
            let helper = Process()
            helper.executableURL = FileManager.default.fileExists(atPath: executable.path)
                ? executable : URL(fileURLWithPath: CommandLine.arguments[0])
            helper.arguments = ["render-frames"] + arguments + ["--into", directory, "--worker", String(worker), "--jobs", String(jobs)]
            do {
                try helper.run()
            } catch {
                helpers.forEach { $0.terminate() }
                throw Failure(["error: cannot start a helper process: \(error)"], status: Failure.Status.software)
            }
            helpers.append(helper)
        }
        return helpers
    }

    /// Waits for every helper; the first failure is reported with the helper's status
    /// (its own message is already on standard error).
    static func wait(_ helpers: [Process]) throws {
        var failed: Int32 = 0
        for helper in helpers {
            helper.waitUntilExit()
            if failed == 0, helper.terminationStatus != 0 { failed = helper.terminationStatus }
        }
        if failed != 0 { throw Failure([], status: failed) }
    }
}
