import Testing
import NavVizCore
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
}
