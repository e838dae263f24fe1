import Foundation
internal import CZlib

/// Writes animation frames as PNG, compressing again only the rows that changed since the
/// previous frame.
///
/// The picture is cut into bands of ``bandRows`` rows. Each band is deflated on its own, at
/// zlib's fastest level and with rows unfiltered: a raw deflate stream that starts from an
/// empty window and ends on a sync flush (byte-aligned, not final), so bands can be laid end
/// to end. A frame's zlib stream is the header, its bands, an empty final block and the
/// Adler-32 of the whole, combined from the bands' own. A band whose pixels are the previous
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
    /// Deflate's output for one band, grown when a band needs more.
    private var deflated: [UInt8] = []
    /// One raw deflate stream, reset for every band (z_stream must not move once initialised).
    private let stream: UnsafeMutablePointer<z_stream>
    private let streamReady: Bool

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        streamReady = deflateInit2_(stream, 1, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    deinit {
        if streamReady { deflateEnd(stream) }
        stream.deallocate()
    }

    /// The PNG of `page`, or nil when zlib fails.
    func png(_ page: RasterPage) -> [UInt8]? {
        page.raster.withUnsafeBytes { png($0.baseAddress!, width: page.width, height: page.height, stride: page.raster.stride) }
    }

    private func png(_ source: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8]? {
        guard streamReady else { return nil }
        if shape != (width, height, stride) {
            shape = (width, height, stride)
            previous = [UInt8](repeating: 0, count: stride * height)
            bands = []
            raw = [UInt8](repeating: 0, count: Self.bandRows * (1 + 3 * width))
        }
        let bandCount = (height + Self.bandRows - 1) / Self.bandRows
        for index in 0..<bandCount {
            let rows = index * Self.bandRows..<min(height, (index + 1) * Self.bandRows)
            let offset = rows.lowerBound * stride, count = rows.count * stride
            let unchanged = index < bands.count && previous.withUnsafeBytes { memcmp($0.baseAddress! + offset, source + offset, count) == 0 }
            if unchanged { continue }
            previous.withUnsafeMutableBytes { ($0.baseAddress! + offset).copyMemory(from: source + offset, byteCount: count) }
            guard let band = compress(source, rows: rows) else { return nil }
            if index < bands.count { bands[index] = band } else { bands.append(band) }
        }
        return assemble()
    }

    /// Converts `rows` of the image to PNG's unfiltered RGB rows and deflates them.
    private func compress(_ source: UnsafeRawPointer, rows: Range<Int>) -> Band? {
        let (width, stride) = (shape.width, shape.stride)
        let rowBytes = 1 + 3 * width, rawCount = rows.count * rowBytes
        // The page's background: its top-left pixel (Graphviz paints the whole page first).
        let corner = source.assumingMemoryBound(to: UInt8.self)
        let background = (r: Int(corner[2]), g: Int(corner[1]), b: Int(corner[0]))
        raw.withUnsafeMutableBufferPointer { target in
            let base = target.baseAddress!
            for (i, y) in rows.enumerated() {
                var t = base + i * rowBytes
                t.pointee = 0  // filter: none
                t += 1
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
            }
        }
        let adler = raw.withUnsafeBufferPointer { adler32(1, $0.baseAddress, UInt32(rawCount)) }
        guard deflateReset(stream) == Z_OK else { return nil }
        let bound = Int(deflateBound(stream, UInt(rawCount))) + 16
        if deflated.count < bound { deflated = [UInt8](repeating: 0, count: bound) }
        var written = 0
        let ok: Bool = raw.withUnsafeMutableBufferPointer { input in
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = UInt32(rawCount)
            while true {
                let done: Bool? = deflated.withUnsafeMutableBufferPointer { output in
                    stream.pointee.next_out = output.baseAddress! + written
                    stream.pointee.avail_out = UInt32(output.count - written)
                    guard CZlib.deflate(stream, Z_SYNC_FLUSH) == Z_OK else { return nil }
                    written = output.count - Int(stream.pointee.avail_out)
                    // Flushed completely when deflate left room in the output.
                    return stream.pointee.avail_out > 0
                }
                guard let done else { return false }
                if done { return true }
                deflated += [UInt8](repeating: 0, count: deflated.count)
            }
        }
        guard ok else { return nil }
        return Band(deflated: Array(deflated[..<written]), adler: adler, rawCount: rawCount)
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
        return PNGEncoder.png(width: shape.width, height: shape.height, idat: zlib)
    }
}
