import Testing
import NavVizCore
@testable import NavVizArtifacts
@testable import NavVizRender
import _NavVizTestSupport

/// animation.gif keeps within its size limit: past it, fewer colours, then fewer frames (the
/// first, the last and failures always kept), and a clear refusal when nothing fits.
struct GIFLimitTests {
    static func pngs() throws -> [[UInt8]] { try drawn.get() }

    /// The PNG frames of a sample, drawn once for every test that reads them.
    private static let drawn = Result { () throws -> [[UInt8]] in
        let frames = AnimationPlan.frames(TimelineBuilder.build(try Samples.load("nivelir-deeplink.script.json")), theme: .light)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        return try drawing.render(frames, png: true).map { try #require($0.png) }
    }

    @Test func reducesOnlyAsFarAsTheLimitNeeds() throws {
        let pngs = try Self.pngs()
        let png = { (i: Int) throws(GIFEncoder.GIFError) -> [UInt8] in pngs[i] }
        let whole = try GIFEncoder.fit(count: pngs.count, delay: 100, limit: 100_000_000, png: png)
        #expect(whole.fit == GIFEncoder.Fit(colors: 255, stride: 1, bytes: whole.gif.count, frames: pngs.count))
        #expect(whole.gif.starts(with: Array("GIF89a".utf8)))

        let smaller = try GIFEncoder.fit(count: pngs.count, delay: 100, limit: whole.gif.count - 1, png: png)
        #expect(smaller.gif.count < whole.gif.count)
        #expect(smaller.fit.colors < 255 || smaller.fit.stride > 1)

        // Fewer frames keep the first and the last, and a frame that must stay.
        var kept: [Int] = []
        _ = try GIFEncoder.write(count: 7, delay: 100, colors: 32, keep: { i in i % 4 == 0 || i == 6 || i == 5 }, png: { i throws(GIFEncoder.GIFError) in
            kept.append(i)
            return pngs[i]
        }, to: { _ throws(GIFEncoder.GIFError) in })
        #expect(Set(kept) == [0, 4, 5, 6])

        #expect(throws: GIFEncoder.GIFError.tooLarge(1_000)) {
            try GIFEncoder.fit(count: pngs.count, delay: 100, limit: 1_000, png: png)
        }
    }

    /// Synthetic frames of a session: coloured boxes that appear, recolour and move, with
    /// striped labels, so that frames differ as much as a diagram's do.
    static func session(frames: Int) -> [[UInt8]] {
        let (width, height) = (128, 80)
        var random = DocumentFuzzer.Random(seed: 42)
        let colours: [[UInt8]] = [[9, 105, 218], [221, 244, 255], [207, 34, 46], [26, 127, 55], [140, 149, 159], [188, 76, 0], [130, 80, 223]]
        var boxes: [(x: Int, y: Int, colour: Int)] = (0..<4).map { _ in (random.below(80), random.below(56), random.below(7)) }
        return (0..<frames).map { _ in
            let k = random.below(boxes.count)
            switch random.below(3) {
            case 0: boxes[k].colour = random.below(colours.count)
            case 1: boxes[k] = (random.below(80), random.below(56), random.below(colours.count))
            default: boxes = boxes.map { ($0.x + random.below(5) - 2, $0.y, $0.colour) }.map { (max(0, min(80, $0.0)), $0.1, $0.2) }
            }
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            for box in boxes {
                for y in box.y..<box.y + 24 {
                    for x in box.x..<box.x + 48 {
                        let label = y > box.y + 8 && y < box.y + 16 && x > box.x + 6 && x < box.x + 42 && (x * 7 + y) % 3 == 0
                        let c = label ? [31, 35, 40] : colours[box.colour]
                        rgba.replaceSubrange(4 * (y * width + x)..<4 * (y * width + x) + 3, with: c)
                    }
                }
            }
            return PNGReaderTests.png(width: width, height: height, rgba: rgba, alpha: false)
        }
    }

    /// fit gives the first reduction whose GIF fits, whatever attempts it skipped: checked
    /// against every reduction's size, for limits just at and just under each.
    @Test func firstReductionThatFits() throws {
        let pngs = Self.session(frames: 32)
        let png = { (i: Int) throws(GIFEncoder.GIFError) -> [UInt8] in pngs[i] }
        let survey = try GIFEncoder.Survey(Array(pngs.indices), sampling: { _ in false }, pool: GIFFrames.Pool(), png: png)
        let sizes = try GIFEncoder.reductions.map { colors, stride in
            var bytes = 0
            let kept = pngs.indices.filter { $0 % stride == 0 || $0 == pngs.count - 1 }
            try GIFEncoder.encode(kept, delay: 10, lastFrameHold: GIFEncoder.lastFrameHold, palette: GIFPalette(counts: survey.colors, maxColors: colors),
                                  width: survey.width, height: survey.height, pool: GIFFrames.Pool(), png: png) { bytes += $0.count }
            return bytes
        }
        #expect(sizes.first! > 2 * sizes.last!)
        for limit in sizes.flatMap({ [$0, $0 - 1] }) {
            let expected = sizes.firstIndex { $0 <= limit }
            switch Result(catching: { () throws(GIFEncoder.GIFError) in try GIFEncoder.fit(count: pngs.count, delay: 10, limit: limit, png: png) }) {
            case .success(let (gif, fit)):
                let expected = try #require(expected, "limit \(limit): fitted although no reduction fits")
                let (colors, stride) = GIFEncoder.reductions[expected]
                #expect(fit.colors == colors && fit.stride == stride && fit.bytes == sizes[expected] && gif.count == fit.bytes,
                        "limit \(limit): \(fit.colors) colours, every \(fit.stride); expected \(colors), every \(stride)")
            case .failure(let error):
                #expect(expected == nil && error == .tooLarge(limit), "limit \(limit): \(error)")
            }
        }
    }

    @Test func refusalNamesTheLastReduction() {
        let last = GIFEncoder.reductions.last!
        #expect(last.colors == 31 && last.stride == 64)
        #expect(GIFEncoder.GIFError.tooLarge(10_000_000).description
            == "the GIF would be larger than 10 MB even with 31 colours and every 64th frame")
    }
}
