import Foundation
import NavVizCore
import NavVizShutdown
@_spi(Internals) import NavVizRender

/// `navviz animate` as one call: a document or recording in, an animation bundle out.
///
/// ``write(_:to:options:diagnostics:)`` reads the input (a sequence or log streamed in two
/// passes, anything else whole), plans the frames (`AnimationSource`), draws them
/// (`FrameDrawing`) and writes the bundle (`AnimationBundle`) into a staged directory
/// that replaces `output` only when everything is written (`OutputDirectory`):
///
/// ```
/// DIR/frames/0001.svg …   every frame, with its caption (and 0001.png … with `png`)
/// DIR/index.html          the player
/// DIR/summary.md          Mermaid diagrams and a table of the steps, for an issue
/// DIR/manifest.json       every frame and file (what navviz may replace later)
/// DIR/animation.gif       with `gif`
/// ```
///
/// PNG frames and Graphviz layouts are drawn by worker processes of the `navviz` executable
/// (`GraphvizPool/workerExecutable`): a program of its own that calls this sets it to a
/// built `navviz`.
public enum Animation {
    /// What `animate`'s options choose.
    public struct Options {
        /// How the document becomes a timeline (dialect, redaction, how it is read).
        public var timeline = TimelineSettings()
        /// A pending and an applied frame per transition, or one frame per operation.
        public var granularity: FrameGranularity = .transition
        /// Nodes keep their positions across frames, or each frame is laid out on its own.
        public var layout: FrameLayout = .stable
        /// The colour theme of the frames, the player and the GIF.
        public var theme: Theme = .light
        /// The states drawn (nil: all).
        public var states: StateRange?
        /// An animation of more frames is refused as soon as its planning passes this.
        public var maxFrames = Animation.defaultMaxFrames
        /// Also write frames/NNNN.png.
        public var png = false
        /// Also write animation.gif.
        public var gif = false
        /// Write only the GIF: `output` is the GIF file itself (`animate -o NAME.gif`), not a
        /// bundle; the frames, player and summary are drawn in a temporary directory and
        /// removed.
        public var gifOnly = false
        /// The most bytes animation.gif may have.
        public var gifLimit = 10_000_000
        /// The widest and highest a PNG or GIF frame may be, in pixels.
        public var maxPixels = AnimationRenderer.Drawing.defaultMaxPixels
        /// Milliseconds per frame in the player and the GIF.
        public var delay = 1200
        /// The title of the player and the summary (nil: the document's, else the file's
        /// name).
        public var title: String?
        /// Graphviz worker processes drawing in parallel (nil: one per core).
        public var jobs: Int?
        /// A file of at most this many bytes keeps its scenes from the first reading
        /// (0: every file is read twice, as a long recording is).
        public var heldBytes = AnimationSource.heldBytes
        /// Write each frame's DOT as frames/NNNN.dot instead of drawing anything (for
        /// benchmarks).
        public var dotOnly = false

        /// `animate`'s defaults: SVG frames, the player, the summary and the manifest.
        public init() {}
    }

    /// Room for about 12,500 transitions (two frames each): a recording of 10,000 is drawn.
    public static let defaultMaxFrames = 25_000

    /// From this many frames on, a run says up front what it will draw.
    static let noteFrames = 1_000

    /// What ``write(_:to:options:diagnostics:)`` wrote.
    public struct Written {
        /// The file to open: `DIR/index.html` (`DIR/frames` for DOT frames only).
        public var main: String
        /// The frames drawn.
        public var frames: Int
        /// Where a failing script or route stopped, and why: the bundle shows it as its last
        /// frame, and `animate` exits 1 with it.
        public var failure: String?
        /// What was written, ``main`` first: the player, the summary, the GIF and the frames'
        /// folder (`DIR/frames/`) of a bundle; the GIF alone with ``Options/gifOnly``.
        public var paths: [String] = []
        let bundle: AnimationBundle?

        /// summary.md without links to local files, in at most `limit` bytes: for a GitHub
        /// step summary, whose page cannot reach them.
        public func stepSummary(limit: Int) -> String {
            bundle?.stepSummary(limit: limit) ?? ""
        }
    }

    /// Animates `file` (`-`: standard input) into the directory `output`, created, or
    /// replaced when navviz wrote it; throws `NavVizError` for what stops it (the output
    /// is then left as it was). Notes, warnings and progress go to `diagnostics`.
    public static func write(_ file: String, to output: String, options: Options, diagnostics: Diagnostics = .silent) throws -> Written {
        if options.gifOnly { return try writeGIF(file, to: output, options: options, diagnostics: diagnostics) }
        StageTrace.mark("animate: start")
        defer { StageTrace.mark("animate: end") }
        // The Graphviz workers start up while the destination is checked and the document
        // read and planned (a worker's start is some 15 ms of the other core's time).
        GraphvizPool.shared.size = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        GraphvizPool.shared.prestart()
        // The destination is checked (and staged) before any work; what the frames record
        // goes into the staged directory as they are planned.
        let staged = try OutputDirectory(output, inputs: [file])
        let bundle = try AnimationBundle(in: staged, png: options.png, gif: options.gif, gifLimit: options.gifLimit, delay: options.delay,
                                         theme: options.theme)
        var (source, plan) = try AnimationSource.plan(file, settings: options.timeline, granularity: options.granularity, theme: options.theme, layout: options.layout,
                                                      range: options.states, maxFrames: options.maxFrames, heldBytes: options.heldBytes,
                                                      drawsLooks: !options.dotOnly, bundle: bundle, diagnostics: diagnostics)
        // A run that fails from here leaves no layout or look of its windows still running.
        var drawn = false
        defer { if !drawn { for window in plan.windows { window.abandon() } } }
        let title = options.title ?? plan.outline.title ?? (file == "-" ? "navviz animation" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
        let count = plan.frameCount
        if count >= noteFrames {
            // A long run says up front what it will make.
            let kinds = (options.png ? ["PNG"] : []) + (options.gif ? ["a GIF"] : [])
            diagnostics.note("drawing \(PlainText.count(count)) frames of \(PlainText.count(plan.outline.stateCount)) states into \(output) (SVG\(kinds.isEmpty ? "" : ", " + kinds.joined(separator: ", ")), the player, the summary); --states A..B draws part of it", file: displayName(file))
        }
        if options.dotOnly {
            // For benchmarks: the Graphviz source of every frame, and nothing drawn; with PNG
            // or a GIF, also each PNG frame's (frames/NNNN.png.dot, what
            // Scripts/frame-steadiness.py measures).
            var chunk: [(number: Int, frame: AnimationFrame)] = []
            var window: AnimationRenderer.Window?
            var drawing: AnimationRenderer.Drawing?
            func framePNGs() throws {
                // In the chunks FrameDrawing draws, so the DOT is what the PNG is drawn from.
                guard let drawing, !chunk.isEmpty, options.png || options.gif else { return chunk.removeAll() }
                let dots = drawing.pngDOTs(chunk.map(\.frame), firstNumber: chunk[0].number + 1,
                                                  captions: chunk.map { FrameCaption.lines($0.frame.info, number: $0.number + 1, count: count) },
                                                  maxPixels: options.maxPixels)
                for (entry, dot) in zip(chunk, dots) { try staged.write(AnimationBundle.frameName(entry.number, "png.dot"), Array(dot.utf8)) }
                chunk.removeAll()
            }
            try source.forEachFrame(expecting: count) { i, frame in
                if window?.frames.contains(i) != true {
                    try framePNGs()
                    window = plan.windows.first { $0.frames.contains(i) }!
                    do throws(RenderError) {
                        drawing = try window!.takeDrawing()
                    } catch {
                        throw NavVizError(error, file: file)
                    }
                }
                try staged.write(AnimationBundle.frameName(i, "dot"), Array(drawing!.dot(frame).utf8))
                chunk.append((i, frame))
                if chunk.count == AnimationRenderer.Drawing.framesPerChunk { try framePNGs() }
            }
            try framePNGs()
            try bundle.writeFileList(title: title)
            try staged.commit()
            drawn = true
            return Written(main: "\(output)/frames", frames: count, failure: nil, paths: ["\(output)/frames/"], bundle: nil)
        }
        try FrameDrawing.render(source, count: count, windows: plan.windows, bundle: bundle, png: options.png || options.gif,
                                maxPixels: options.maxPixels, directory: staged.temporary.path, output: output,
                                progress: diagnostics.progress ?? { _, _ in })
        drawn = true
        source.letGo(of: &plan.windows)
        try bundle.finish(title: title, outline: plan.outline, diagnostics: diagnostics)
        try staged.commit()
        let paths = ["index.html", "summary.md"] + (options.gif ? ["animation.gif"] : []) + ["frames/"]
        return Written(main: "\(output)/index.html", frames: count, failure: plan.outline.failure, paths: paths.map { "\(output)/\($0)" }, bundle: bundle)
    }

    /// ``Options/gifOnly``: the bundle with its GIF is written into a temporary directory
    /// (removed afterwards, on a signal too), and its GIF copied to `output` atomically.
    /// `output` is checked before any work.
    static func writeGIF(_ file: String, to output: String, options: Options, diagnostics: Diagnostics) throws -> Written {
        try OutputFile.checkDestination(output, inputs: [file])
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-gif-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        let cleanUp = Shutdown.onSignal { try? FileManager.default.removeItem(at: scratch) }
        defer {
            try? FileManager.default.removeItem(at: scratch)
            cleanUp.cancel()
        }
        var inner = options
        inner.gifOnly = false
        inner.gif = true
        inner.png = false
        var written = try write(file, to: scratch.path, options: inner, diagnostics: diagnostics)
        let gif: Data
        do {
            gif = try Data(contentsOf: scratch.appendingPathComponent("animation.gif"))
        } catch {
            throw NavVizError(.internalError, file: output, "cannot read the GIF drawn in '\(scratch.path)': \(error.localizedDescription)")
        }
        try OutputFile.write([UInt8](gif), to: output, inputs: [file])
        written.main = output
        written.paths = [output]
        return written
    }
}
