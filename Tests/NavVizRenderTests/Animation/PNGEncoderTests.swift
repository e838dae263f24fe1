import Testing
import NavVizCore
@testable import NavVizRender
import _NavVizTestSupport

/// Animation frames' fast PNG shows the picture cairo's own PNG writer shows: the same size,
/// and the same pixels but for a few antialiased edge pixels (about 0.2%) that the bitmap's
/// trip through gdk-pixbuf rounds differently, by a few levels of 255.
struct PNGEncoderTests {
    @Test(arguments: ["nivelir-deeplink.script.json", "tab-switch.sequence.json"])
    func fastPNGHasCairosPixels(sample: String) throws {
        let timeline = try TimelineBuilder.build(try Samples.load(sample))
        let frames = AnimationPlan.frames(timeline, theme: .dark)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        for frame in [frames[0], frames[frames.count / 2], frames[frames.count - 1]] {
            let dot = drawing.dot(frame)
            let fast = try Graphviz.shared.renderFastPNG(dot: dot, engine: drawing.engine)
            let cairo = try Graphviz.shared.render(dot: dot, format: .png, engine: drawing.engine)
            #expect(Array(fast.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let a = try #require(PNGEncoder.pixels(fast)), b = try #require(PNGEncoder.pixels(cairo))
            #expect(a.width == b.width && a.height == b.height)
            var differing = 0, largest = 0
            for (p, q) in zip(a.rgb, b.rgb) where p != q {
                differing += 1
                for shift in [0, 8, 16] {
                    largest = max(largest, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                }
            }
            #expect(differing * 100 < a.rgb.count && largest <= 16,
                    "\(sample) \(frame.label): \(differing) of \(a.rgb.count) pixels differ, by up to \(largest)")
        }
    }

    /// The BMP reader takes rows bottom-up and BGR order.
    @Test func bitmapRowsAndChannels() throws {
        // 2×2, 24-bit, bottom-up: bottom row red, green; top row blue, white. Rows pad to 8 bytes.
        var bmp: [UInt8] = Array("BM".utf8) + PNGEncoderTests.le32(54 + 16) + [0, 0, 0, 0] + PNGEncoderTests.le32(54)
        bmp += PNGEncoderTests.le32(40) + PNGEncoderTests.le32(2) + PNGEncoderTests.le32(2) + [1, 0, 24, 0] + PNGEncoderTests.le32(0)
        bmp += PNGEncoderTests.le32(16) + [UInt8](repeating: 0, count: 16)
        bmp += [0, 0, 255, 0, 255, 0, 0, 0] + [255, 0, 0, 255, 255, 255, 0, 0]
        let png = try #require(PNGEncoder.png(fromBMP: bmp))
        let p = try #require(PNGEncoder.pixels(png))
        #expect(p.width == 2 && p.height == 2)
        #expect(p.rgb == [0x0000FF, 0xFFFFFF, 0xFF0000, 0x00FF00])
    }

    static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}
