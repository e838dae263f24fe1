import Testing
@testable import NavVizArtifacts
@testable import NavVizRender
import _NavVizTestSupport

/// The animation's one palette: exact where a diagram has few colours, the colours that
/// cover many pixels kept exactly, every colour drawn with a near entry, the same palette for
/// the same counts, and the cache that maps pixels agreeing with the nearest entry.
struct GIFPaletteTests {
    @Test func fewColoursAreKeptExactly() {
        let counts: [UInt32: Int] = [0xFFFFFF: 9_000, 0x1F2328: 700, 0x0969DA: 300, 0xDDF4FF: 300]
        let palette = GIFPalette(counts: counts, maxColors: 255)
        // The most used first; equal counts by colour.
        #expect(palette.colors == [0xFFFFFF, 0x1F2328, 0x0969DA, 0xDDF4FF])
        #expect(palette.transparent == 4 && palette.tableBits == 3)
        for (i, c) in palette.colors.enumerated() { #expect(palette.nearest(c) == UInt8(i)) }
    }

    @Test(arguments: [(255, 8), (127, 7), (63, 6), (31, 5), (3, 2), (1, 1)])
    func tableHoldsTheColoursAndTransparency(colors: Int, bits: Int) {
        let palette = GIFPalette(colors: (0..<colors).map { UInt32($0) })
        #expect(palette.tableBits == bits)
    }

    /// A diagram's colours: flat fills on many pixels and antialiasing blends between them.
    static func diagram() -> [UInt32: Int] {
        let flat: [(UInt32, Int)] = [(0xFFFFFF, 1_000_000), (0xDDF4FF, 40_000), (0xF6F8FA, 30_000), (0x0969DA, 20_000),
                                     (0x1F2328, 15_000), (0x8C959F, 5_000), (0xCF222E, 2_000), (0x1A7F37, 2_000)]
        var counts = Dictionary(uniqueKeysWithValues: flat)
        func blend(_ a: UInt32, _ b: UInt32, _ t: Int) -> UInt32 {
            [16, 8, 0].reduce(UInt32(0)) { sum, shift in
                let x = Int(a >> UInt32(shift) & 0xFF), y = Int(b >> UInt32(shift) & 0xFF)
                return sum | UInt32((x * (255 - t) + y * t + 127) / 255) << UInt32(shift)
            }
        }
        for (a, _) in flat {
            for (b, _) in flat where a < b {
                for t in stride(from: 5, to: 255, by: 10) { counts[blend(a, b, t), default: 0] += 3 + t % 7 }
            }
        }
        return counts
    }

    @Test(arguments: [255, 127, 63, 31])
    func manyColoursKeepTheFlatOnesAndANearEntryForEveryOther(limit: Int) {
        let counts = Self.diagram()
        let palette = GIFPalette(counts: counts, maxColors: limit)
        #expect(palette.colors.count <= limit && palette.colors.count > limit / 2)
        #expect(Set(palette.colors).count == palette.colors.count)
        for flat: UInt32 in [0xFFFFFF, 0xDDF4FF, 0xF6F8FA, 0x0969DA, 0x1F2328] { #expect(palette.colors.contains(flat)) }
        // No colour is far from its entry: a blend is at worst halfway between two neighbours.
        var worst = 0
        for c in counts.keys {
            let e = palette.colors[Int(palette.nearest(c))]
            var d = 0
            for shift: UInt32 in [16, 8, 0] {
                let delta = Int(c >> shift & 0xFF) - Int(e >> shift & 0xFF)
                d += delta * delta
            }
            worst = max(worst, d)
        }
        #expect(worst <= [255: 40 * 40, 127: 60 * 60, 63: 80 * 80, 31: 110 * 110][limit]!, "\(limit) colours: a colour \(worst) (squared) from its entry")
    }

    /// The same counts give the same palette, however the dictionary was built.
    @Test func sameCountsSamePalette() {
        let counts = Self.diagram()
        var shuffled: [UInt32: Int] = [:]
        for (c, n) in counts.sorted(by: { $0.key > $1.key }) { shuffled[c] = n }
        #expect(GIFPalette(counts: counts, maxColors: 63) == GIFPalette(counts: shuffled, maxColors: 63))
        #expect(GIFPalette(counts: [:], maxColors: 255).colors == [0x000000, 0xFFFFFF])
    }

    /// The mapper's cache (grown several times) gives the nearest entry for every colour.
    @Test func mapperAgreesWithNearest() {
        let palette = GIFPalette(counts: Self.diagram(), maxColors: 31)
        let mapper = GIFPalette.Mapper(palette)
        var random = DocumentFuzzer.Random(seed: 5)
        let colours = (0..<20_000).map { _ in UInt32(random.next() & 0xFFFFFF) }
        for round in 0..<2 {
            // A key is the colour with red and blue swapped: `rgb(key:)` is its own inverse.
            let wrong = colours.filter { c in mapper.index(key: GIFPalette.Mapper.rgb(key: c)) != palette.nearest(c) }
            #expect(wrong.isEmpty, "round \(round): \(wrong.count) colours mapped to another entry")
        }
    }
}
