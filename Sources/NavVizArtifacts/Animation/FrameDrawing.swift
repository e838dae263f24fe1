import NavVizCore
import NavVizShutdown
import Foundation
@_spi(Internals) import NavVizRender

/// Draws an animation's frames into a staged directory.
///
/// This process reads the frames once more (the second pass of `AnimationSource`) and
/// composes their SVG; PNG frames, and every frame of a `--layout per-frame` animation, are
/// drawn by Graphviz worker processes (`GraphvizPool`) in parallel, a chunk of frames at a
/// time, each worker a run of consecutive frames.
///
/// Chunks overlap. This thread prepares a chunk
/// (``AnimationRenderer/Drawing/prepare(_:png:firstNumber:captions:maxPixels:)``: its scenes
/// pinned, the looks it lacks drawn by the workers, every frame's pieces found); a second
/// thread (``Finisher``) then finishes it (records each frame in the bundle, frame after
/// frame, while the frames' SVG is joined and their files written on the other cores) as
/// this thread prepares the next. So memory holds two chunks' scenes and a frame's SVG a
/// core.
enum FrameDrawing {
    /// Draws the `count` frames of `source` (planned into `windows`) and writes them into
    /// `directory`, a chunk of frames at a time: the looks a chunk needs are drawn together,
    /// and its frames are recorded on a thread of their own (their files joined and written
    /// on the other cores meanwhile) while the next chunk is drawn. Each frame is recorded in `bundle` (the player and the manifest) from the same
    /// scene. Messages name `output`, the destination as the user gave it, of which
    /// `directory` is the hidden staged copy.
    static func render(_ source: AnimationSource, count: Int, windows: [AnimationRenderer.Window], bundle: AnimationBundle, png: Bool,
                       maxPixels: Int, directory: String, output: String, progress: @escaping (Int, Int) -> Void) throws {
        let frames = (directory as NSString).appendingPathComponent("frames")
        // Not withIntermediateDirectories: a directory removed on a signal is never made again.
        try? FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
        // Frame files are written beside the finisher's thread, each as soon as it is joined.
        @Sendable func write(_ bytes: [UInt8], _ name: String) throws {
            do {
                try OutputDirectory.writePlainly(bytes, to: (directory as NSString).appendingPathComponent(name))
            } catch {
                throw OutputDirectory.failure(output: output, file: name, error)
            }
        }
        let finisher = Finisher()
        var chunk: [(number: Int, frame: AnimationFrame)] = []
        var checked = false
        var window = -1
        // The current window's drawing, its layout unpacked; the windows after it stay packed
        // (or, their first looks drawn ahead, in drawings of their own).
        var drawing: AnimationRenderer.Drawing?
        // Each chunk is prepared (requested and completed) here, then finished on the
        // finisher's thread while the next one is prepared. Requesting the next chunk before
        // completing this one drew the benchmark's 200-frame sequence 3.5% faster (median 330
        // against 341 ms, ten alternating runs) for two chunks more in memory (peak 53 / 62
        // MB for 1,000 / 10,000 frames against 48 / 56-58 MB): not done (docs/performance.md,
        // issue-30f).
        func draw() throws {
            let prepared: AnimationRenderer.Drawing.Prepared
            StageTrace.mark("drawing: preparing frames \(chunk[0].number + 1)-\(chunk[chunk.count - 1].number + 1)")
            defer { StageTrace.mark("drawing: frames prepared") }
            do throws(RenderError) {
                // A chunk's frames are consecutive and in one window; frames are numbered
                // from 1, as their files are.
                prepared = try drawing!.prepare(chunk.map(\.frame), png: png, firstNumber: chunk[0].number + 1,
                                                captions: chunk.map { FrameCaption.lines($0.frame.info, number: $0.number + 1, count: count) },
                                                maxPixels: maxPixels)
            } catch {
                throw NavVizError(error, file: source.file)
            }
            // What the frames stand for, not the frames: their trees go now.
            let entries = chunk.map { ($0.number, $0.frame.info) }
            chunk.removeAll(keepingCapacity: true)
            let first = entries[0].0 + 1
            try finisher.then {
                StageTrace.mark("finishing: frames from \(first)")
                defer { StageTrace.mark("finishing: frames from \(first) written") }
                let frames: AnimationRenderer.Drawing.Prepared.Frames
                do throws(RenderError) {
                    frames = try prepared.finished()
                } catch {
                    throw NavVizError(error, file: source.file)
                }
                if !checked {
                    // The first chunk stands for every frame.
                    checked = true
                    let bytes = frames.bytes
                    try DiskRoom.check(frameBytes: bytes.all, playerBytes: bytes.svg, drawn: frames.count, of: count, in: directory, output: output)
                }
                // The frames' files are written on the other cores while the bundle records
                // the frames here, in order (the player's rows say what changed since the
                // frame before; the files depend on nothing but their frame). Each frame's
                // SVG is joined as it is written: the chunk's SVG is never held whole.
                // A failed write stops the writes of the frames after it; the error reported
                // is the first frame's that failed, as frame after frame would report it.
                let files = DispatchGroup()
                let failure = Locked<(frame: Int, error: Error)?>(nil)
                DispatchQueue.global().async(group: files) {
                    DispatchQueue.concurrentPerform(iterations: entries.count) { k in
                        guard failure.withLock({ $0.map { k < $0.frame } ?? true }) else { return }
                        let i = entries[k].0
                        do {
                            try write(frames.svg(k), AnimationBundle.svgName(i))
                            if let bytes = frames.png(k) { try write(bytes, AnimationBundle.pngName(i)) }
                        } catch {
                            failure.withLock { if $0.map({ k < $0.frame }) ?? true { $0 = (k, error) } }
                        }
                    }
                }
                do {
                    // Nothing may still be writing into the directory once this work ends.
                    defer { files.wait() }
                    for (k, (i, info)) in entries.enumerated() {
                        try bundle.drawn(i, info: info, scene: frames.scene(k), png: frames.png(k))
                    }
                }
                if let (k, error) = failure.withLock({ $0 }) {
                    for (i, _) in entries.prefix(k) { progress(i + 1, count) }
                    throw error
                }
                for (i, _) in entries { progress(i + 1, count) }
                // What the chunk freed goes back to the system, or it stays resident (HeapTrim).
                HeapTrim.now()
            }
        }
        do {
            try source.forEachFrame(expecting: count) { i, frame in
                if window < 0 || !windows[window].frames.contains(i) {
                    if !chunk.isEmpty { try draw() }
                    drawing?.finished()
                    window = windows.firstIndex { $0.frames.contains(i) }!
                    do throws(RenderError) {
                        StageTrace.mark("drawing: window \(window + 1) asked for")
                        defer { StageTrace.mark("drawing: window \(window + 1) ready") }
                        drawing = try windows[window].takeDrawing()
                    } catch {
                        throw NavVizError(error, file: source.file)
                    }
                    let stable = drawing!.stable
                    try finisher.then { try bundle.beginWindow(stable) }
                }
                chunk.append((i, frame))
                if chunk.count == AnimationRenderer.Drawing.framesPerChunk { try draw() }
            }
            if !chunk.isEmpty { try draw() }
            try finisher.finish()
        } catch {
            // Nothing may still be writing into the directory once the caller removes it.
            try? finisher.finish()
            throw error
        }
    }
}
