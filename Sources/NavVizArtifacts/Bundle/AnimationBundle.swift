import Foundation
import NavVizCore
import NavVizShutdown
@_spi(Internals) import NavVizRender

/// The files of an animation bundle besides the frames' pictures: the GIF, the HTML player,
/// the summary and the manifest. Gathered while the frames are planned (``planned(_:frames:first:)``)
/// and drawn (``beginWindow(_:)``, ``drawn(_:info:scene:)``), and written into the staged
/// output directory by ``finish(title:outline:diagnostics:)`` once every frame is on disk there.
///
/// Memory does not grow with the session: each frame's and transition's entries in the
/// player and the manifest go to ``Spool``s on disk as they are made; what stays in memory
/// is a few bytes a frame (``AnimationFrame/Place``), the summary's rows that can still be
/// shown (``SummaryWriter/Steps``) and the player's tables of distinct looks.
final class AnimationBundle {
    let staged: OutputDirectory
    let png: Bool
    let gif: Bool
    /// The most bytes animation.gif may have (``GIFEncoder/fit(count:delay:limit:mustKeep:png:size:surveyor:)``).
    let gifLimit: Int
    let delay: Int
    let theme: Theme

    /// Every frame's place, in order.
    private var places: [AnimationFrame.Place] = []
    private var steps = SummaryWriter.Steps()
    private var player = PlayerModel()
    private let transitions: Spool
    private let manifestFrames: Spool
    private let playerFrames: Spool
    private let playerWindows: Spool
    /// The GIF's survey, made as the PNG frames are drawn (``drawn(_:info:scene:png:)``).
    private var surveyor: GIFSurveyor?
    /// Set by ``finish(title:outline:diagnostics:)``, for ``stepSummary(limit:)``.
    private var finished: (title: String, outline: TimelineOutline)?

    init(in staged: OutputDirectory, png: Bool, gif: Bool, gifLimit: Int, delay: Int, theme: Theme) throws {
        (self.staged, self.png, self.gif, self.gifLimit, self.delay, self.theme) = (staged, png, gif, gifLimit, delay, theme)
        transitions = try Spool("manifest-transitions", in: staged)
        manifestFrames = try Spool("manifest-frames", in: staged)
        playerFrames = try Spool("player-frames", in: staged)
        playerWindows = try Spool("player-windows", in: staged)
    }

    /// `frames/0001.svg` for frame 0 and extension `svg`.
    static func frameName(_ i: Int, _ ext: String) -> String { "frames/" + frameNumber(i) + "." + ext }
    /// `0001` for frame 0 (`i` ≥ 0): the number at least four digits wide, as `%04d` writes
    /// it (without Foundation's formatter, which costs tens of thousands of instructions a call).
    static func frameNumber(_ i: Int) -> String {
        precondition(i >= 0, "frames are numbered from 0")
        let digits = String(i + 1)
        return digits.utf8.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.utf8.count) + digits
    }
    static func svgName(_ i: Int) -> String { frameName(i, "svg") }
    static func pngName(_ i: Int) -> String { frameName(i, "png") }
    /// `2nd`, `4th`.
    static func ordinal(_ n: Int) -> String { "\(n)" + (n % 10 == 2 && n % 100 != 12 ? "nd" : n % 10 == 3 && n % 100 != 13 ? "rd" : n % 10 == 1 && n % 100 != 11 ? "st" : "th") }

    /// Forgets what an earlier planning recorded (a streamed reading that gave up part way
    /// is planned again).
    func restartPlanning() throws {
        places.removeAll()
        surveyor = nil
        steps = SummaryWriter.Steps()
        try transitions.reset()
    }

    /// Records a state as the first pass plans it: its transition (nil for the first state,
    /// and for the failure frame after the last) and its `frames`, the first of them frame
    /// number `first` (0-based).
    func planned(_ step: TimelineStep?, frames: [AnimationFrame], first: Int) throws {
        if let step, let t = step.transition {
            try transitions.append(JSONOutput.Written(ManifestWriter.transition(index: step.index - 1, t)))
            steps.add(index: step.index - 1, t, frames: Array(first..<(first + frames.count)))
        }
        for (k, frame) in frames.enumerated() {
            places.append(frame.place)
            if frame.phase == .failed { steps.addFailedFrame(first + k) }
        }
    }

    /// Starts a layout window of the player: the frames drawn next are drawn on `layout`.
    func beginWindow(_ layout: StableLayout) throws {
        try playerWindows.append(player.beginWindow(layout))
    }

    /// Records frame `i` as drawn from `scene`, for the player and the manifest, and its PNG
    /// (`png`) for the GIF's survey (``GIFSurveyor``: every frame planned by now).
    func drawn(_ i: Int, info: AnimationFrame.Info, scene: Scene, png pngBytes: [UInt8]? = nil) throws {
        if gif, let pngBytes {
            if surveyor == nil {
                let places = places
                surveyor = GIFSurveyor(count: places.count) { places[$0].phase == .failed }
            }
            surveyor!.add(i, png: pngBytes)
        }
        try playerFrames.append(player.add(info, scene: scene, file: Self.svgName(i)))
        try manifestFrames.append(JSONOutput.Written(ManifestWriter.frame(number: i + 1, info: info, svg: Self.svgName(i), png: png ? Self.pngName(i) : nil)))
    }

    /// Writes the GIF, index.html, summary.md and manifest.json into the staged directory,
    /// whose `frames/` holds every frame, and removes the spools.
    func finish(title: String, outline: TimelineOutline, diagnostics: Diagnostics) throws {
        let count = places.count
        for spool in [transitions, manifestFrames, playerFrames, playerWindows] { try spool.flush() }
        var gifName: String?
        if gif {
            gifName = try writeGIF(count: count, diagnostics: diagnostics)
        }
        // The summary (a third of this for 200 frames) is made on another thread, beside the
        // player and the manifest.
        let summary = Locked<String?>(nil)
        let summarized = DispatchGroup()
        let (steps, theme, svgName) = (steps, theme, Self.svgName)
        DispatchQueue.global(qos: .userInitiated).async(group: summarized) {
            let text = SummaryWriter.markdown(title: title, outline: outline, steps: steps, frameCount: count, files: svgName, theme: theme)
            summary.withLock { $0 = text }
        }
        let page = try staged.append("index.html")
        defer { try? page.close() }
        let windows = playerWindows, frames = playerFrames
        try HTMLPlayer.write(title: title, model: player, windows: PlayerModel.list(count: windows.count) { windows.row($0) },
                             frames: PlayerModel.list(count: frames.count) { frames.row($0) }, frameCount: count,
                             delayMilliseconds: delay, theme: theme) { bytes throws(NavVizError) in
            do { try page.write(contentsOf: bytes) } catch { throw staged.fail("index.html", error) }
        }
        try windows.checkRead()
        try frames.checkRead()
        summarized.wait()
        try staged.write("summary.md", Array((summary.withLock { $0 } ?? "").utf8))
        let manifest = try staged.append("manifest.json")
        defer { try? manifest.close() }
        let named = Set((0..<count).map(Self.svgName) + (png ? (0..<count).map(Self.pngName) : []) + (gifName.map { [$0] } ?? []))
        let others = Self.stagedFiles(staged).filter { !named.contains($0) }
        let entries = manifestFrames, transitions = transitions
        try ManifestWriter.write(title: title, outline: outline, frames: ManifestWriter.list(count: entries.count) { .written(entries.row($0)) },
                                 transitions: ManifestWriter.list(count: transitions.count) { .written(transitions.row($0)) },
                                 gif: gifName, files: others) { text throws(NavVizError) in
            do { try manifest.write(contentsOf: Array(text.utf8)) } catch { throw staged.fail("manifest.json", error) }
        }
        try entries.checkRead()
        try transitions.checkRead()
        Spool.removeAll(in: staged)
        finished = (title, outline)
    }

    /// Writes animation.gif from the PNG frames; returns its name. Past the size limit,
    /// fewer colours and frames, said in a note.
    private func writeGIF(count: Int, diagnostics: Diagnostics) throws -> String {
        let pngNames = (0..<count).map(Self.pngName)
        do {
            let places = places, staged = staged
            let (bytes, fit) = try GIFEncoder.fit(count: count, delay: max(2, delay / 10), limit: gifLimit,
                                                  mustKeep: { places[$0].phase == .failed }, png: { i throws(GIFEncoder.GIFError) in
                guard let bytes = FileBytes.contents(staged.path(pngNames[i])) else { throw .unreadableFrame(i) }
                return bytes
            }, size: { i in
                // The signature and IHDR's width and height, and the rest of IHDR.
                FileBytes.contents(staged.path(pngNames[i]), limit: 33).flatMap(PNGReader.size)
            }, surveyor: surveyor)
            try staged.write("animation.gif", bytes)
            if fit.colors < 255 || fit.stride > 1 {
                diagnostics.note("\(fit.colors) colours\(fit.stride > 1 ? ", every \(Self.ordinal(fit.stride)) frame (\(PlainText.count(fit.frames)) of \(PlainText.count(count)))" : "") "
                    + "to stay within --gif-limit \(PlainText.bytes(gifLimit)): \(PlainText.bytes(fit.bytes)); the PNG frames and the player have every frame", file: "animation.gif")
            }
            if !png {
                // Drawn only for the GIF.
                for name in pngNames { try? FileManager.default.removeItem(atPath: staged.path(name)) }
            }
            return "animation.gif"
        } catch let error as GIFEncoder.GIFError {
            if case .tooLarge(let limit) = error {
                throw NavVizError(.invalidInput, file: staged.directory, "animation.gif \(GIFEncoder.beyondReduction(limit)); choose fewer states with --states A..B or raise --gif-limit")
            }
            throw NavVizError(.internalError, file: staged.directory, "\(error)")
        }
    }

    /// summary.md without links to the frames, for `--step-summary`: a GitHub step summary
    /// cannot reach local files. At most `limit` bytes; empty before ``finish(title:outline:diagnostics:)``.
    func stepSummary(limit: Int) -> String {
        guard let (title, outline) = finished else { return "" }
        return SummaryWriter.markdown(title: title, outline: outline, steps: steps, frameCount: places.count, files: nil, theme: theme, limit: limit)
    }

    /// Every file in the staged bundle but the spools, `manifest.json` included (it is
    /// being written), for the manifest's `files`: what navviz may replace later
    /// (``BundleManifest``).
    static func stagedFiles(_ staged: OutputDirectory) -> [String] {
        Set(BundleManifest.allFiles(staged.temporary).filter { $0 != Staging.markerName && !$0.hasPrefix(Spool.folder + "/") } + ["manifest.json"]).sorted()
    }

    /// A manifest that only lists the files (for `--dot-only`, the benchmark's DOT frames), so
    /// that the next run may replace them.
    func writeFileList(title: String) throws {
        Spool.removeAll(in: staged)
        let files = Self.stagedFiles(staged).map(JSONOutput.string)
        let manifest = JSONOutput.object([("navviz", .int(1)), ("title", .string(title)), ("frames", .array([])), ("files", .array(files))], .lines(level: 0))
        try staged.write("manifest.json", Array((manifest.text + "\n").utf8))
    }
}
