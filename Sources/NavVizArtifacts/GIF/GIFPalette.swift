/// The colours of an animated GIF, chosen once for the whole animation from the colours its
/// frames use, so that every frame shares one global colour table and a colour is the same
/// index in every frame (what lets a frame store only the pixels that changed).
///
/// A diagram has few colours: the theme's fills, strokes and text, and the antialiasing blends
/// between them. The colours that cover many pixels are kept exactly (at most half the
/// palette); the remaining entries are found by cutting the other colours, by how many pixels
/// each covers, into boxes of RGB space (always the box whose colours are furthest from their
/// mean), each box giving its mean. Every pixel is then drawn with the nearest entry
/// (``Mapper``). The same counts always give the same palette.
struct GIFPalette: Sendable, Equatable {
    /// The colours as 0xRRGGBB, at most 255 (index 255 stays free for transparency), the most
    /// used first.
    let colors: [UInt32]

    /// The index that stands for "unchanged since the frame before": the first after the colours.
    var transparent: UInt8 { UInt8(colors.count) }

    /// Bits per index in the colour table: the table holds the colours and the transparent
    /// index, padded to a power of two (at least 2 entries).
    var tableBits: Int {
        var bits = 1
        while 1 << bits < colors.count + 1 { bits += 1 }
        return bits
    }

    /// A colour is kept exactly when it covers at least this share of the counted pixels.
    static let exactShare = 2_000

    init(colors: [UInt32]) {
        self.colors = colors
    }

    /// A palette of at most `maxColors` (2 to 255) entries for pixels counted in `counts`
    /// (0xRRGGBB → pixels). With no counts, black and white.
    init(counts: [UInt32: Int], maxColors: Int) {
        let limit = max(2, min(255, maxColors))
        // The most used first; ties by colour, so equal counts give the same palette.
        let items = counts.map { (rgb: $0.key, count: $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.rgb < $1.rgb }
        guard !items.isEmpty else {
            self.init(colors: [0x000000, 0xFFFFFF])
            return
        }
        if items.count <= limit {
            self.init(colors: items.map(\.rgb))
            return
        }
        let total = items.reduce(0) { $0 + $1.count }
        var exact: [UInt32] = []
        for item in items where exact.count < limit / 2 && item.count * Self.exactShare >= total {
            exact.append(item.rgb)
        }
        var boxes = Self.cut(Array(items[exact.count...]), into: limit - exact.count)
        // A box's mean can be one of the exact colours: keep each colour once.
        let kept = Set(exact)
        boxes.removeAll { kept.contains($0) }
        var seen = Set<UInt32>()
        self.init(colors: exact + boxes.filter { seen.insert($0).inserted })
    }

    /// Median cut: `items` split into at most `count` boxes, each box's colour the mean of its
    /// colours weighted by their pixels.
    static func cut(_ items: [(rgb: UInt32, count: Int)], into count: Int) -> [UInt32] {
        guard !items.isEmpty, count > 0 else { return [] }
        var colors = items
        // Boxes as ranges of `colors`; a box's colours are contiguous.
        var boxes: [Range<Int>] = [0..<colors.count]
        func channel(_ rgb: UInt32, _ c: Int) -> Double { Double((rgb >> UInt32(16 - 8 * c)) & 0xFF) }
        // Weighted sum of squared distances to the mean, per channel.
        func spread(_ box: Range<Int>) -> [Double] {
            var n = 0.0, sum = [0.0, 0.0, 0.0], squares = [0.0, 0.0, 0.0]
            for i in box {
                let w = Double(colors[i].count)
                n += w
                for c in 0..<3 {
                    let v = channel(colors[i].rgb, c)
                    sum[c] += w * v
                    squares[c] += w * v * v
                }
            }
            return (0..<3).map { squares[$0] - sum[$0] * sum[$0] / n }
        }
        var spreads = boxes.map(spread)
        while boxes.count < count {
            // The box whose colours are furthest from their mean (the first of equals).
            var best = -1, bestError = 0.0
            for (k, box) in boxes.enumerated() where box.count > 1 {
                let error = spreads[k].reduce(0, +)
                if error > bestError { (best, bestError) = (k, error) }
            }
            guard best >= 0 else { break }
            let box = boxes[best], s = spreads[best]
            let axis = s[0] >= s[1] && s[0] >= s[2] ? 0 : s[1] >= s[2] ? 1 : 2
            colors[box].sort { channel($0.rgb, axis) != channel($1.rgb, axis) ? channel($0.rgb, axis) < channel($1.rgb, axis) : $0.rgb < $1.rgb }
            // Split where half the box's pixels are on each side, both sides non-empty.
            let half = colors[box].reduce(0) { $0 + $1.count } / 2
            var split = box.lowerBound + 1, below = colors[box.lowerBound].count
            while split < box.upperBound - 1, below < half {
                below += colors[split].count
                split += 1
            }
            boxes[best] = box.lowerBound..<split
            spreads[best] = spread(boxes[best])
            boxes.append(split..<box.upperBound)
            spreads.append(spread(boxes[boxes.count - 1]))
        }
        return boxes.map { box in
            var n = 0.0, sum = [0.0, 0.0, 0.0]
            for i in box {
                let w = Double(colors[i].count)
                n += w
                for c in 0..<3 { sum[c] += w * channel(colors[i].rgb, c) }
            }
            let mean = sum.map { UInt32(min(255, max(0, ($0 / n).rounded()))) }
            return mean[0] << 16 | mean[1] << 8 | mean[2]
        }
    }

    /// The entry nearest `rgb` (squared distance in RGB; the first of equals).
    func nearest(_ rgb: UInt32) -> UInt8 {
        let r = Int(rgb >> 16 & 0xFF), g = Int(rgb >> 8 & 0xFF), b = Int(rgb & 0xFF)
        var best = 0, bestDistance = Int.max
        // Indices, not `enumerated()`, whose generic iterator a debug build (the tests') does
        // not specialise: it was most of the time of mapping a frame's new colours.
        for i in colors.indices {
            let c = colors[i]
            let dr = r - Int(c >> 16 & 0xFF), dg = g - Int(c >> 8 & 0xFF), db = b - Int(c & 0xFF)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance {
                (best, bestDistance) = (i, d)
                if d == 0 { break }
            }
        }
        return UInt8(best)
    }

    /// Maps colours to their nearest entry, remembering each colour it has seen (a frame has
    /// about a thousand distinct colours, each on many pixels). A colour is given as a key,
    /// R | G << 8 | B << 16: what a little-endian load of a pixel's bytes gives. One per
    /// thread; it frees its table in `deinit`.
    final class Mapper {
        let palette: GIFPalette
        /// The palette entry of each colour looked up so far.
        private let entries = GIFColorTable<UInt8>(blank: 0)

        init(_ palette: GIFPalette) {
            self.palette = palette
        }

        /// The colour 0xRRGGBB whose key is `key`.
        @inline(__always)
        static func rgb(key: UInt32) -> UInt32 {
            (key & 0xFF) << 16 | (key & 0xFF00) | key >> 16
        }

        /// The palette entry drawing the colour whose key is `key`.
        func index(key: UInt32) -> UInt8 {
            let (slot, found) = entries.slot(key)
            if found { return entries.values[slot] }
            let index = palette.nearest(Self.rgb(key: key))
            entries.insert(key, index, at: slot)
            return index
        }
    }
}
