/// Reading a PNG frame's pixels for the GIF: counting its colours, and drawing it as palette
/// indices on the animation's canvas. Rows are read as RGB (``PNGReader``); runs of the
/// frame's first colour (a diagram's background, most of its pixels) are compared eight
/// pixels at a time.
extension GIFFrames {
    /// How many pixels of each colour (0xRRGGBB) `png` has; nil when it cannot be read.
    static func colors(_ png: [UInt8], scratch: Scratch) -> [UInt32: Int]? {
        guard let (width, _) = PNGReader.size(png) else { return nil }
        let counts = scratch.counts
        var common = (key: UInt32(0xFFFF_FFFF), pattern: (UInt64(0), UInt64(0), UInt64(0)))
        let read = scratch.reader.read(png, after: nil, row: { y, p in
            count(p, y: y, width: width, into: counts, common: &common)
        }, unchanged: { _ in })
        let taken = counts.take()
        return read == nil ? nil : taken
    }

    /// The colours of one of navviz's PNGs (``PNGReader/bands(_:)``), as ``colors(_:scratch:)``
    /// counts them, and each band's: a band whose bytes are those of `previous`'s band
    /// (``PNGReader/read(_:after:row:unchanged:)``) is not read, its counts are those this gave
    /// for `previous` (`previous.bands`). `counts` counts a band (a small table: it is
    /// emptied for every band, and emptying it visits all its slots), `total` adds up the
    /// bands; both are emptied after. Nil when the PNG cannot be read or is not banded.
    static func colors(_ png: [UInt8], after previous: (png: [UInt8], bands: [[GIFColorCounts.Count]])?, reader: PNGReader,
                       counts: GIFColorCounts, total: GIFColorCounts) -> (colors: [UInt32: Int], bands: [[GIFColorCounts.Count]])? {
        guard let (width, height) = PNGReader.size(png), let rows = PNGReader.bands(png)?.rows else { return nil }
        var common = (key: UInt32(0xFFFF_FFFF), pattern: (UInt64(0), UInt64(0), UInt64(0)))
        var bands: [[GIFColorCounts.Count]] = []
        bands.reserveCapacity((height + rows - 1) / rows)
        func close(_ band: [GIFColorCounts.Count]) {
            for c in band { total.add(c.key, c.count) }
            bands.append(band)
        }
        var failed = false
        let read = reader.read(png, after: previous?.png, row: { y, p in
            if bands.count < y / rows { close(counts.drain()) }
            count(p, y: y, width: width, into: counts, common: &common)
        }, unchanged: { range in
            // Whole bands, after at least the first band (always read).
            if bands.count < range.lowerBound / rows { close(counts.drain()) }
            guard let previous, range.lowerBound / rows == bands.count, bands.count < previous.bands.count else { return failed = true }
            close(previous.bands[bands.count])
        })
        if bands.count < (height + rows - 1) / rows { close(counts.drain()) }
        let colors = total.take()
        counts.removeAll()
        guard read != nil, !failed, bands.count == (height + rows - 1) / rows else { return nil }
        return (colors, bands)
    }

    /// Counts row `y` (`p`, `width` RGB pixels) into `counts`, a run of equal pixels at a
    /// time (a diagram's rows are long runs); `common` is the first row's first colour, whose
    /// runs are compared eight pixels at a time.
    @inline(__always)
    private static func count(_ p: UnsafePointer<UInt8>, y: Int, width: Int, into counts: GIFColorCounts,
                              common: inout (key: UInt32, pattern: (UInt64, UInt64, UInt64))) {
        if common.key == 0xFFFF_FFFF {
            let first = key(p, 0)
            common = (first, pattern(first))
        }
        var last = key(p, 0), run = 0, x = 0
        while x < width {
            let c = key(p, x, width: width)
            let n = c == common.key ? max(1, repeats(p, from: x, count: width &- x, pattern: common.pattern)) : 1
            if c != last {
                counts.add(last, run)
                (last, run) = (c, 0)
            }
            run &+= n
            x &+= n
        }
        counts.add(last, run)
    }

    /// Pixel `x`'s colour as a key (``GIFPalette/Mapper``): R | G << 8 | B << 16, what a
    /// little-endian 4-byte load of its bytes gives, less the fourth.
    @inline(__always)
    static func key(_ p: UnsafePointer<UInt8>, _ x: Int) -> UInt32 {
        UInt32(p[3 &* x]) | UInt32(p[3 &* x &+ 1]) << 8 | UInt32(p[3 &* x &+ 2]) << 16
    }

    /// The key of pixel `x` of a row of `width` RGB pixels: one 4-byte load (its fourth
    /// byte, the next pixel's, masked off), or three bytes for the last pixel, whose fourth
    /// byte may be past the row.
    @inline(__always)
    static func key(_ p: UnsafePointer<UInt8>, _ x: Int, width: Int) -> UInt32 {
        x < width &- 1 ? UInt32(littleEndian: UnsafeRawPointer(p + 3 &* x).loadUnaligned(as: UInt32.self)) & 0xFF_FFFF : key(p, x)
    }

    /// How many of the (at most `count`) pixels from `x` on, eight at a time, are the colour
    /// whose eight pixels' 24 bytes are `pattern`.
    @inline(__always)
    static func repeats(_ p: UnsafePointer<UInt8>, from x: Int, count: Int, pattern: (UInt64, UInt64, UInt64)) -> Int {
        var n = 0
        while n &+ 8 <= count {
            let q = UnsafeRawPointer(p + 3 &* (x &+ n))
            guard q.loadUnaligned(as: UInt64.self) == pattern.0, q.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == pattern.1,
                  q.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == pattern.2 else { break }
            n &+= 8
        }
        return n
    }

    /// The 24 bytes of eight pixels of the colour whose key is `key`, as three
    /// little-endian words.
    static func pattern(_ key: UInt32) -> (UInt64, UInt64, UInt64) {
        var bytes = [UInt8](repeating: 0, count: 24)
        for i in 0..<8 {
            bytes[3 * i] = UInt8(key & 0xFF)
            bytes[3 * i + 1] = UInt8(key >> 8 & 0xFF)
            bytes[3 * i + 2] = UInt8(key >> 16)
        }
        return bytes.withUnsafeBytes { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self), $0.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) }
    }

    /// Draws `png` as indices of `palette` on a `width` × `height` canvas (`image`, one byte
    /// a pixel) at the top left, the rest of the canvas in the frame's own top-left colour.
    /// Rows whose pixels are those of `previous` (the frame before, whose indices the caller
    /// copies) are left undrawn and returned (``PNGReader/read(_:after:row:unchanged:)``); nil
    /// when the PNG cannot be read or is larger than the canvas.
    static func draw(_ png: [UInt8], after previous: [UInt8]?, palette: GIFPalette, into image: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
                     scratch: Scratch) -> [Range<Int>]? {
        guard let (w, h) = PNGReader.size(png), w <= width, h <= height else { return nil }
        var unchanged: [Range<Int>] = []
        let mapper = scratch.mapper(for: palette)
        var background: UInt8 = 0
        var last: UInt32 = 0xFFFF_FFFF, index: UInt8 = 0
        // The colour most rows are made of, whose runs are drawn eight pixels at a time.
        var common = (key: UInt32(0xFFFF_FFFF), index: UInt8(0), pattern: (UInt64(0), UInt64(0), UInt64(0)))
        let read = scratch.reader.read(png, after: previous, row: { y, p in
            let out = image + y &* width
            if y == 0 {
                let first = key(p, 0)
                common = (first, mapper.index(key: first), pattern(first))
            }
            var x = 0
            while x < w {
                let c = key(p, x, width: w)
                if c == common.key {
                    let n = max(1, repeats(p, from: x, count: w &- x, pattern: common.pattern))
                    (out + x).update(repeating: common.index, count: n)
                    x &+= n
                    continue
                }
                if c != last { (last, index) = (c, mapper.index(key: c)) }
                out[x] = index
                x &+= 1
            }
            if y == 0 { background = out[0] }
            if w < width { (out + w).update(repeating: background, count: width - w) }
        }, unchanged: { unchanged.append($0) })
        guard read != nil else { return nil }
        if h < height { (image + h * width).update(repeating: background, count: (height - h) * width) }
        return unchanged
    }
}
