import Testing
@testable import NavVizArtifacts

/// The GIF's colour counts (an open-addressing table) count what a dictionary counts, however
/// many colours, and start empty again after each frame.
struct GIFColorCountsTests {
    @Test(arguments: [1, 300, 5_000])
    func countsAsADictionaryDoes(colors: Int) {
        let counts = GIFColorCounts(bits: 4)  // small, so that it grows
        var expected: [UInt32: Int] = [:]
        var state: UInt32 = 12_345
        for step in 0..<(4 * colors) {
            state = state &* 1_103_515_245 &+ 12_345
            let key = step < colors ? UInt32(step) &* 2_654_435 & 0xFF_FFFF : (state >> 8) % UInt32(colors) &* 2_654_435 & 0xFF_FFFF
            let n = Int(state % 1_000)
            counts.add(key, n)
            expected[GIFPalette.Mapper.rgb(key: key), default: 0] += n
        }
        #expect(counts.filled == expected.count)
        #expect(counts.take() == expected)
        #expect(counts.filled == 0)
        counts.add(0xFF_FFFF, 7)  // white, after the table was emptied
        #expect(counts.take() == [0xFF_FFFF: 7])
    }

    /// A key is R | G << 8 | B << 16; the counts come out as 0xRRGGBB.
    @Test func keysComeOutAsRGB() {
        let counts = GIFColorCounts()
        counts.add(0x03_02_01, 2)
        counts.add(0x03_02_01, 3)
        counts.add(0, 0)
        #expect(counts.take() == [0x01_02_03: 5, 0: 0])
    }
}
