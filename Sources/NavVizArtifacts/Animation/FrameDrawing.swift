import NavVizCore
import Foundation
@_spi(Internals) import NavVizRender

/// Draws an animation's frames into a staged directory.
///
/// This process reads the frames once more (the second pass of `AnimationSource`) and
/// composes their SVG; PNG frames, and every frame of a `--layout per-frame` animation, are
/// drawn by Graphviz worker processes (`GraphvizPool`) in parallel, a chunk of frames at a
/// time, each worker a run of consecutive frames.
enum FrameDrawing {
    /// Draws the `count` frames of `source` (planned into `windows`) and writes them into
    /// `directory`, a chunk of frames at a time: the looks a chunk needs are drawn together,
    /// and its frame files are written on a thread of their own while the next chunk is
    /// drawn. Each frame is recorded in `bundle` (the player and the manifest) from the same
    /// scene. Messages name `output`, the destination as the user gave it, of which
    /// `directory` is the hidden staged copy.
    static func render(_ source: AnimationSource, count: Int, windows: [AnimationRenderer.Window], bundle: AnimationBundle, png: Bool,
                       maxPixels: Int, directory: String, output: String, progress: (Int, Int) -> Void) throws {
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
        var checked = false
        var window = -1
        // The current window's drawing, its layout unpacked; the windows after it stay packed.
        var drawing: AnimationRenderer.Drawing?
        func draw() throws {
            try drawChunk()
            // What the chunk freed goes back to the system, or it stays resident (HeapTrim).
            HeapTrim.now()
        }
        func drawChunk() throws {
            let rendered: [AnimationRenderer.Rendered]
            do throws(RenderError) {
                // A chunk's frames are consecutive and in one window; frames are numbered
                // from 1, as their files are.
                rendered = try drawing!.render(chunk.map(\.frame), png: png, firstNumber: chunk[0].number + 1,
                                                              captions: chunk.map { FrameCaption.lines($0.frame.info, number: $0.number + 1, count: count) },
                                                              maxPixels: maxPixels)
            } catch {
                throw NavVizError(error, file: source.file)
            }
            if !checked {
                // The first chunk stands for every frame.
                checked = true
                let svg = rendered.reduce(0) { $0 + $1.svg.count }, all = rendered.reduce(svg) { $0 + ($1.png?.count ?? 0) }
                try DiskRoom.check(frameBytes: all, playerBytes: svg, drawn: rendered.count, of: count, in: directory, output: output)
            }
            for ((i, frame), rendered) in zip(chunk, rendered) {
                try bundle.drawn(i, info: frame.info, scene: rendered.scene, png: rendered.png)
                try writer.write(rendered.svg, AnimationBundle.svgName(i))
                if let bytes = rendered.png { try writer.write(bytes, AnimationBundle.pngName(i)) }
                progress(i + 1, count)
            }
            chunk.removeAll(keepingCapacity: true)
        }
        do {
            try source.forEachFrame(expecting: count) { i, frame in
                if window < 0 || !windows[window].frames.contains(i) {
                    if !chunk.isEmpty { try draw() }
                    drawing?.finished()
                    window = windows.firstIndex { $0.frames.contains(i) }!
                    drawing = windows[window].drawing()
                    try bundle.beginWindow(drawing!.stable)
                }
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
}
