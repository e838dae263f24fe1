import Foundation
internal import CZlib

/// Writes animation frames as PNG, compressing again only the rows that changed since the
/// previous frame.
///
/// The picture is cut into bands of ``bandRows`` rows. Each band's rows are filtered (each
/// against the row above where that leaves more zeros, else against the pixel before) and
/// deflated on their own by ``FlatDeflate`` (runs and literals, fixed codes: a diagram's
/// filtered rows are nearly all zeros): a raw deflate stream that starts from an empty window
/// and ends on a sync flush (byte-aligned, not final), so bands can be laid end to end. A
/// frame's zlib stream is the header, its bands, an empty final block and the Adler-32 of
/// the whole, combined from the bands' own. A band whose pixels are the previous
/// frame's is neither converted nor compressed again: its bytes are reused. Frames of one
/// animation share their canvas and differ in a few nodes, so most bands are reused.
///
/// A band's bytes depend only on its pixels, so a frame's PNG is the same bytes whatever was
/// encoded before it. The picture is the image's on its background colour (truecolour RGB,
/// 8 bits; a pixel the page covers only in part is blended with the top-left pixel's colour):
/// cairo's, but for about 0.2% of pixels (antialiased edges) that come out a few levels apart
/// from cairo's own PNG writer's. Each Graphviz worker process keeps one
/// (``GraphvizWorker``), touched only while Graphviz lends it a picture, under
/// ``Graphviz``'s lock: that lock is what makes the `@unchecked Sendable` safe (the encoder
/// is handed across the closures of `withContext`, never used by two threads at once).
final class PNGFrameEncoder: @unchecked Sendable {
    /// Rows a band holds (the last band may hold fewer).
    static let bandRows = 16

    /// One band compressed: raw deflate bytes, and the Adler-32 and length of what they hold.
    private struct Band {
        var deflated: [UInt8]
        var adler: UInt
        var rawCount: Int
    }

    /// The size and row stride the kept bands and pixels belong to.
    private var shape: (width: Int, height: Int, stride: Int) = (0, 0, 0)
    /// The previous frame's pixels (stride × height bytes), to find bands that did not change.
    private var previous: [UInt8] = []
    private var bands: [Band] = []
    /// One band's rows, converted (a filter byte, then R, G, B per pixel), before deflating.
    private var raw: [UInt8] = []
    /// Two rows of RGB pixels before filtering: the row being filtered and the one above.
    private var pixels: [UInt8] = []
    /// The deflated bytes of one band, grown when a band needs more.
    private var deflated: [UInt8] = []
    /// ``FlatDeflate``'s hash table.
    private let table = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << FlatDeflate.hashBits)

    init() {}

    deinit { table.deallocate() }

    /// The page encoded last, when it had a ``RasterPage/History``.
    private var lastPage: (canvas: Int, number: Int)?

    /// The PNG of `page`, or nil when its size does not fit its raster.
    ///
    /// When the page is the one after the page encoded last on the same canvas, and says
    /// which rows changed since (``RasterPage/History``), only the bands those rows reach are
    /// compared with the previous frame's.
    func png(_ page: RasterPage) -> [UInt8]? {
        var changed: [Range<Int>]?
        if let history = page.history, let lastPage, lastPage == (history.canvas, history.number - 1) { changed = history.changedRows }
        lastPage = page.history.map { ($0.canvas, $0.number) }
        return page.raster.withUnsafeBytes { png($0.baseAddress!, width: page.width, height: page.height, stride: page.raster.stride, changed: changed) }
    }

    private func png(_ source: UnsafeRawPointer, width: Int, height: Int, stride: Int, changed: [Range<Int>]?) -> [UInt8]? {
        var changed = changed
        if shape != (width, height, stride) {
            shape = (width, height, stride)
            previous = [UInt8](repeating: 0, count: stride * height)
            bands = []
            raw = [UInt8](repeating: 0, count: Self.bandRows * (1 + 3 * width))
            changed = nil
        }
        let bandCount = (height + Self.bandRows - 1) / Self.bandRows
        var next = 0  // the first of `changed` that may reach the band
        for index in 0..<bandCount {
            let rows = index * Self.bandRows..<min(height, (index + 1) * Self.bandRows)
            if let changed, index < bands.count {
                // Rows no range reaches have the previous frame's bytes.
                while next < changed.count, changed[next].upperBound <= rows.lowerBound { next += 1 }
                if next == changed.count || changed[next].lowerBound >= rows.upperBound { continue }
            }
            let offset = rows.lowerBound * stride, count = rows.count * stride
            let unchanged = index < bands.count && previous.withUnsafeBytes { memcmp($0.baseAddress! + offset, source + offset, count) == 0 }
            if unchanged { continue }
            previous.withUnsafeMutableBytes { ($0.baseAddress! + offset).copyMemory(from: source + offset, byteCount: count) }
            guard let band = compress(source, rows: rows) else { return nil }
            if index < bands.count { bands[index] = band } else { bands.append(band) }
        }
        return assemble()
    }

    /// Converts `rows` of the image to PNG's filtered RGB rows and deflates them
    /// (``FlatDeflate``): each row filtered "up" (against the row above: all zeros where a
    /// row repeats the one above, as most of a diagram's rows do), but the band's first,
    /// filtered "sub" (against the pixel before), so the band depends on its own pixels only.
    private func compress(_ source: UnsafeRawPointer, rows: Range<Int>) -> Band? {
        let (width, stride) = (shape.width, shape.stride)
        let rowBytes = 1 + 3 * width, rawCount = rows.count * rowBytes
        // The page's background: its top-left pixel (Graphviz paints the whole page first).
        let corner = source.assumingMemoryBound(to: UInt8.self)
        let background = (r: Int(corner[2]), g: Int(corner[1]), b: Int(corner[0]))
        if pixels.count < 2 * 3 * width { pixels = [UInt8](repeating: 0, count: 2 * 3 * width) }
        raw.withUnsafeMutableBufferPointer { target in
            pixels.withUnsafeMutableBufferPointer { rgb in
                var current = rgb.baseAddress!, above = rgb.baseAddress! + 3 * width
                let count = 3 * width
                for (i, y) in rows.enumerated() {
                    let row = source + y * stride
                    if i > 0, memcmp(row, row - stride, 4 * width) == 0 {
                        // The row above again (most of a diagram's rows): "up" leaves zeros,
                        // and the row above stays the one to filter the next against.
                        let out = target.baseAddress! + i * rowBytes
                        out[0] = 2
                        (out + 1).update(repeating: 0, count: count)
                        continue
                    }
                    // The row as RGB.
                    var t = current
                    var s = (source + y * stride).assumingMemoryBound(to: UInt8.self)
                    for _ in 0..<width {
                        if s[3] == 255 {
                            t[0] = s[2]
                            t[1] = s[1]
                            t[2] = s[0]
                        } else {
                            // A pixel the page only partly covers (the last row or column of a
                            // page whose size is not a whole number of pixels): premultiplied
                            // colour over the page's background, not over black.
                            let rest = 255 - Int(s[3])
                            t[0] = UInt8(min(255, Int(s[2]) + (background.r * rest + 127) / 255))
                            t[1] = UInt8(min(255, Int(s[1]) + (background.g * rest + 127) / 255))
                            t[2] = UInt8(min(255, Int(s[0]) + (background.b * rest + 127) / 255))
                        }
                        t += 3
                        s += 4
                    }
                    let out = target.baseAddress! + i * rowBytes
                    if i == 0 {
                        // Sub: against the pixel before.
                        out[0] = 1
                        for x in 0..<min(3, count) { out[1 + x] = current[x] }
                        for x in 3..<max(3, count) { out[1 &+ x] = current[x] &- current[x &- 3] }
                    } else {
                        // Up: against the row above (all zeros where the row repeats it).
                        out[0] = 2
                        for x in 0..<count { out[1 &+ x] = current[x] &- above[x] }
                    }
                    swap(&current, &above)
                }
            }
        }
        let bound = FlatDeflate.bound(rawCount)
        if deflated.count < bound { deflated = [UInt8](repeating: 0, count: bound) }
        let (written, adler) = raw.withUnsafeBufferPointer { input in
            deflated.withUnsafeMutableBufferPointer { output in
                FlatDeflate.encode(input.baseAddress!, count: rawCount, into: output.baseAddress!, table: table)
            }
        }
        return Band(deflated: Array(deflated[..<written]), adler: UInt(adler), rawCount: rawCount)
    }

    /// The PNG of the current bands: IHDR, one IDAT with the zlib stream, IEND.
    private func assemble() -> [UInt8] {
        var zlib: [UInt8] = [0x78, 0x01]  // deflate, 32K window, fastest level
        zlib.reserveCapacity(bands.reduce(8) { $0 + $1.deflated.count })
        var adler: UInt = 1
        for band in bands {
            zlib += band.deflated
            adler = adler32_combine(adler, band.adler, Int(band.rawCount))
        }
        zlib += [0x03, 0x00]  // an empty final block (fixed Huffman codes)
        zlib += PNGEncoder.be32(Int(adler))
        return PNGEncoder.png(width: shape.width, height: shape.height, idat: zlib, bands: (Self.bandRows, bands.map(\.deflated.count)))
    }
}
