import NavVizCore
import NavVizRender

/// The files of an animation bundle, in memory, ready to be written atomically.
struct Bundle {
    var files: [(path: String, bytes: [UInt8])] = []

    init(title: String, timeline: NavVizCore.Timeline, frames: [AnimationFrame], rendered: [AnimationRenderer.Rendered],
         png: Bool, gif: Bool, delay: Int, theme: Theme) throws {
        let svgNames = frames.indices.map { String(format: "frames/%04d.svg", $0 + 1) }
        let pngNames = frames.indices.map { String(format: "frames/%04d.png", $0 + 1) }
        for (i, r) in rendered.enumerated() {
            files.append((svgNames[i], r.svg))
            if png, let p = r.png { files.append((pngNames[i], p)) }
        }
        var gifName: String?
        if gif {
            do {
                let bytes = try GIFEncoder.encode(pngFrames: rendered.compactMap(\.png), delay: max(2, delay / 10))
                files.append(("animation.gif", bytes))
                gifName = "animation.gif"
            } catch {
                throw Failure(["error: \(error)"], status: Failure.Status.software)
            }
        }
        let playerFrames = frames.enumerated().map { i, f in
            HTMLPlayer.Frame(
                label: f.label, svg: String(decoding: rendered[i].svg, as: UTF8.self), file: svgNames[i],
                operations: f.operations.prefix(f.shown ?? f.operations.count).enumerated().map { j, op in
                    HTMLPlayer.Step(number: j + 1, op: op.name, text: OperationFormat.phrase(op), nodes: op.nodes)
                },
                phase: f.phase.rawValue)
        }
        files.append(("index.html", Array(HTMLPlayer.page(title: title, frames: playerFrames, delayMilliseconds: delay).utf8)))
        files.append(("summary.md", Array(SummaryWriter.markdown(title: title, timeline: timeline, frames: frames, files: svgNames, theme: theme).utf8)))
        files.append(("manifest.json", Array(ManifestWriter.json(title: title, timeline: timeline, frames: frames, svgFiles: svgNames,
                                                                 pngFiles: png ? pngNames : nil, gif: gifName).utf8)))
    }
}

extension Operation {
    /// The nodes an operation touches, for highlighting.
    var nodes: [String] {
        switch self {
        case .change(let parent, let popped, let pushed, _, _): (parent.map { [$0] } ?? []) + popped + pushed
        default: subject.map { [$0] } ?? []
        }
    }
}
