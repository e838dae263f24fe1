import Foundation
import NavVizCore
import NavVizRender

/// The files of an animation bundle besides the frames: the GIF, the HTML player, the
/// summary and the manifest, written into a staged output directory once every frame is on
/// disk there.
struct AnimationBundle {
    var title: String
    var outline: TimelineOutline
    var frames: [AnimationFrame.Info]
    /// What the HTML player draws.
    var player: PlayerModel
    var png: Bool
    var gif: Bool
    /// The most bytes animation.gif may have (``GIFEncoder/fit(count:delay:limit:mustKeep:png:)``).
    var gifLimit: Int
    var delay: Int
    var theme: Theme

    /// `frames/0001.svg` for frame 0 and extension `svg`.
    static func frameName(_ i: Int, _ ext: String) -> String { String(format: "frames/%04d.", i + 1) + ext }
    static func svgName(_ i: Int) -> String { frameName(i, "svg") }
    /// `2nd`, `4th`.
    static func ordinal(_ n: Int) -> String { "\(n)" + (n % 10 == 2 && n % 100 != 12 ? "nd" : n % 10 == 3 && n % 100 != 13 ? "rd" : n % 10 == 1 && n % 100 != 11 ? "st" : "th") }
    static func pngName(_ i: Int) -> String { frameName(i, "png") }

    /// Writes the GIF, index.html, summary.md and manifest.json into `staged`, whose
    /// `frames/` already holds every frame.
    func finish(in staged: OutputDirectory, diagnostics: Diagnostics) throws {
        let svgNames = frames.indices.map(Self.svgName)
        let pngNames = frames.indices.map(Self.pngName)
        var gifName: String?
        if gif {
            do {
                let (bytes, fit) = try GIFEncoder.fit(count: frames.count, delay: max(2, delay / 10), limit: gifLimit,
                                                      mustKeep: { frames[$0].phase == .failed }, png: { i throws(GIFEncoder.GIFError) in
                    guard let data = FileManager.default.contents(atPath: staged.path(pngNames[i])) else { throw .unreadableFrame(i) }
                    return Array(data)
                })
                try staged.write("animation.gif", bytes)
                gifName = "animation.gif"
                if fit.colors < 255 || fit.stride > 1 {
                    diagnostics.note("animation.gif: note: \(fit.colors) colours\(fit.stride > 1 ? ", every \(Self.ordinal(fit.stride)) frame (\(PlainText.count(fit.frames)) of \(PlainText.count(frames.count)))" : "") "
                        + "to stay within --gif-limit \(PlainText.bytes(gifLimit)): \(PlainText.bytes(fit.bytes)); the PNG frames and the player have every frame")
                }
                if !png {
                    // Drawn only for the GIF.
                    for name in pngNames { try? FileManager.default.removeItem(atPath: staged.path(name)) }
                }
            } catch let error as GIFEncoder.GIFError {
                if case .tooLarge = error { throw NavVizError(["\(staged.directory): error: \(error)"], status: NavVizError.Status.dataError) }
                throw NavVizError(["\(staged.directory): error: \(error)"], status: NavVizError.Status.software)
            }
        }
        let page = try staged.append("index.html")
        defer { try? page.close() }
        try HTMLPlayer.write(title: title, model: player, delayMilliseconds: delay, theme: theme) { bytes throws(NavVizError) in
            do { try page.write(contentsOf: bytes) } catch { throw staged.fail("index.html", error) }
        }
        try staged.write("summary.md", Array(SummaryWriter.markdown(title: title, outline: outline, frames: frames, files: svgNames, theme: theme).utf8))
        let manifest = try staged.append("manifest.json")
        defer { try? manifest.close() }
        let named = Set(svgNames + (png ? pngNames : []) + (gifName.map { [$0] } ?? []))
        let others = Self.stagedFiles(staged).filter { !named.contains($0) }
        try ManifestWriter.write(title: title, outline: outline, frames: frames, svgFiles: svgNames, pngFiles: png ? pngNames : nil, gif: gifName,
                                 files: others) { text throws(NavVizError) in
            do { try manifest.write(contentsOf: Array(text.utf8)) } catch { throw staged.fail("manifest.json", error) }
        }
    }

    /// summary.md without links to the frames, for `--step-summary`: a GitHub step summary
    /// cannot reach local files. At most `limit` bytes.
    func stepSummary(limit: Int) -> String {
        SummaryWriter.markdown(title: title, outline: outline, frames: frames, files: nil, theme: theme, limit: limit)
    }

    /// Every file in the staged bundle, `manifest.json` included (it is being written), for
    /// the manifest's `files`: what navviz may replace later (``BundleManifest``).
    static func stagedFiles(_ staged: OutputDirectory) -> [String] {
        Set(BundleManifest.allFiles(staged.temporary).filter { $0 != Staging.markerName } + ["manifest.json"]).sorted()
    }

    /// A manifest that only lists the files (for `--dot-only`, the benchmark's DOT frames), so
    /// that the next run may replace them.
    static func writeFileList(title: String, in staged: OutputDirectory) throws {
        let q = DocumentEncoder.quote
        let files = stagedFiles(staged).map(q).joined(separator: ", ")
        try staged.write("manifest.json", Array("{\n  \"navviz\": 1,\n  \"title\": \(q(title)),\n  \"frames\": [],\n  \"files\": [\(files)]\n}\n".utf8))
    }

}
