@testable import NavVizRender
import Testing

/// navviz's text layout cache (``GraphvizTextLayouts``): a span measured before gets pango's
/// own answer again, with the layout the cache keeps. Serialized: the trimming test frees the
/// layouts the others compare.
@Suite(.serialized) struct GraphvizTextLayoutsTests {
    /// Measures under Graphviz's lock, as Graphviz does.
    private func measure(_ text: String, font: String = "DejaVu Sans", size: Double = 12, flags: UInt32 = 0, direct: Bool = false) -> GraphvizTextLayouts.Measure? {
        Graphviz.shared.serialized { GraphvizTextLayouts.measure(text, font: font, size: size, flags: flags, direct: direct) }
    }

    @Test func aSpanMeasuredAgainGetsPangosAnswerAndTheKeptLayout() throws {
        // A text no other test measures, so the first measurement is pango's.
        let text = "GraphvizTextLayoutsTests \(UInt32.random(in: 0 ... .max))"
        guard let pango = measure(text, direct: true) else {
            // Without the pango plugin there is no cache to test (the context is made without it).
            #expect(Graphviz.shared.serialized { GraphvizTextLayouts.builtins() } == nil)
            return
        }
        #expect(pango.width > 0 && pango.height > 0)
        #expect(pango.freedWithSpan)
        let (measured, reused) = Graphviz.shared.serialized { (GraphvizTextLayouts.measured, GraphvizTextLayouts.reused) }
        let first = try #require(measure(text))
        let second = try #require(measure(text))
        // pango measured the first, the cache answered the second.
        let counts = Graphviz.shared.serialized { (GraphvizTextLayouts.measured, GraphvizTextLayouts.reused) }
        #expect(counts.0 == measured + 1 && counts.1 == reused + 1)
        for answer in [first, second] {
            #expect(answer.width == pango.width)
            #expect(answer.height == pango.height)
            #expect(answer.yoffsetLayout == pango.yoffsetLayout)
            #expect(answer.yoffsetCenterline == pango.yoffsetCenterline)
            // The cache's layout, which Graphviz must not free with the span.
            #expect(answer.layout != nil && !answer.freedWithSpan)
        }
        #expect(second.layout == first.layout)
    }

    @Test(arguments: [(13.0, UInt32(0), "DejaVu Sans"), (12.0, UInt32(1), "DejaVu Sans"), (12.0, UInt32(0), "DejaVu Serif")])
    func anotherSizeFlagOrFontIsMeasuredAnew(size: Double, flags: UInt32, font: String) throws {
        let text = "GraphvizTextLayoutsTests \(UInt32.random(in: 0 ... .max))"
        guard let plain = measure(text) else { return }
        let other = try #require(measure(text, font: font, size: size, flags: flags))
        let pango = try #require(measure(text, font: font, size: size, flags: flags, direct: true))
        #expect(other.layout != plain.layout)
        #expect(other.width == pango.width && other.height == pango.height && other.yoffsetLayout == pango.yoffsetLayout)
    }

    @Test func trimmingEmptiesTheCache() throws {
        guard measure("GraphvizTextLayoutsTests trim") != nil else { return }
        let count = Graphviz.shared.serialized { () -> Int in
            GraphvizTextLayouts.trim(always: true)
            return GraphvizTextLayouts.count
        }
        #expect(count == 0)
    }
}
