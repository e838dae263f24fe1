import Foundation
import NavVizRender
internal import CZlib

/// Reads a PNG's pixels a row at a time as 8-bit RGB, for the GIF encoder: without making a
/// picture of the whole frame, and without an image library for the PNGs navviz draws.
///
/// 8-bit RGB and RGBA PNGs without interlacing (navviz's frames, ``PNGFrameEncoder``, and
/// cairo's) are inflated here with zlib, a row at a time, and unfiltered (all five filters).
/// navviz's own frames, which say where their bands of rows are, are read a band at a time
/// (``FlatInflate``), and after the frame before only the bands whose bytes changed
/// (``read(_:after:row:unchanged:)``).
/// A pixel that is not opaque is blended with the first pixel's colour (the page's
/// background), as ``PNGFrameEncoder`` blends. Any other PNG (palette, grey, 16-bit,
/// interlaced: none that navviz or cairo draws) is not read. Chunk CRCs
/// are not checked (a damaged stream fails to inflate). One reader per thread; it keeps its
/// zlib stream and row buffers between PNGs, and frees them in `deinit`.
final class PNGReader {
    /// Rows inflated at a time: zlib copies the last 32 KB it inflated into its window after
    /// every call, so a call should inflate much more than that.
    static let bandRows = 64

    /// One raw inflate stream (the zlib header is checked here, and the Adler-32 of the
    /// pixels, which costs as much as inflating them, is not), reset for every PNG; a
    /// z_stream must not move once initialised.
    private let stream: UnsafeMutablePointer<z_stream>
    private let streamReady: Bool
    /// The row before the band, then the band's rows (each a filter byte and the pixels).
    private var rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 0)
    private var rowsCapacity = 0
    /// A row as RGB, when the PNG has alpha.
    private var rgb = UnsafeMutablePointer<UInt8>.allocate(capacity: 0)
    private var rgbCapacity = 0

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        streamReady = inflateInit2_(stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    deinit {
        if streamReady { inflateEnd(stream) }
        stream.deallocate()
        rows.deallocate()
        rgb.deallocate()
    }

    /// Width and height from a PNG's header, without decoding it; nil past 65,535 pixels
    /// (the most a GIF can hold).
    static func size(_ png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 29, png.starts(with: PNGEncoder.signature),
              png[12...15].elementsEqual("IHDR".utf8) else { return nil }
        let w = be32(png, 16), h = be32(png, 20)
        guard w > 0, h > 0, w < 1 << 16, h < 1 << 16 else { return nil }
        return (w, h)
    }

    private static func be32(_ bytes: [UInt8], _ i: Int) -> Int {
        Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    }

    /// Where the bands of rows of one of navviz's PNGs are (its ``PNGEncoder/bandsChunk``):
    /// rows per band and each band's bytes in `png` (one IDAT, after its zlib header); nil for
    /// any other PNG.
    struct Bands: Equatable {
        var rows: Int
        var ranges: [Range<Int>]
    }

    /// The bands of `png`, when navviz's encoder wrote it with a band table that matches its
    /// IDAT.
    static func bands(_ png: [UInt8]) -> Bands? {
        guard let (_, height) = size(png) else { return nil }
        var table: Range<Int>?, idat: Range<Int>?
        var offset = 8
        while offset + 12 <= png.count {
            let length = be32(png, offset), start = offset + 8
            guard start + length + 4 <= png.count else { return nil }
            let type = png[offset + 4..<start]
            if type.elementsEqual(PNGEncoder.bandsChunk.utf8) { table = start..<start + length }
            if type.elementsEqual("IDAT".utf8) {
                guard idat == nil else { return nil }  // one IDAT only
                idat = start..<start + length
            }
            if type.elementsEqual("IEND".utf8) { break }
            offset = start + length + 4
        }
        guard let table, let idat, table.count >= 8, table.count % 4 == 0 else { return nil }
        let rows = be32(png, table.lowerBound), count = table.count / 4 - 1
        guard rows > 0, count == (height + rows - 1) / rows else { return nil }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        var at = idat.lowerBound + 2
        for k in 0..<count {
            let length = be32(png, table.lowerBound + 4 * (k + 1))
            guard at + length <= idat.upperBound else { return nil }
            ranges.append(at..<at + length)
            at += length
        }
        return Bands(rows: rows, ranges: ranges)
    }

    /// ``read(_:row:)`` for a PNG read after `previous` (the frame before it): where both are
    /// navviz's PNGs of the same size and bands, a band whose bytes are the same in both has
    /// the same pixels, and is not inflated: `unchanged(rows)` is called for it instead of
    /// `row` (but for the first band, always read: its first pixel is the background). Every
    /// band that is inflated is inflated on its own (``FlatInflate``, else zlib).
    func read(_ png: [UInt8], after previous: [UInt8]?, row: (Int, UnsafePointer<UInt8>) -> Void, unchanged: (Range<Int>) -> Void) -> (width: Int, height: Int)? {
        guard let (width, height) = Self.size(png), let bands = Self.bands(png) else {
            return read(png, row: row)
        }
        let before = previous.flatMap { Self.size($0)?.width == width && Self.size($0)?.height == height ? Self.bands($0) : nil }
        let same = before.map { $0.rows == bands.rows && $0.ranges.count == bands.ranges.count } ?? false
        let rowBytes = 1 + 3 * width
        if rowsCapacity < (bands.rows + 1) * rowBytes {
            rows.deallocate()
            rowsCapacity = (bands.rows + 1) * rowBytes
            rows = .allocate(capacity: rowsCapacity)
        }
        let rows = rows
        rows.update(repeating: 0, count: rowBytes)  // the row "before" a band: none
        for (k, range) in bands.ranges.enumerated() {
            let first = k * bands.rows, count = min(bands.rows, height - first)
            if k > 0, same, let before, let previous, Self.equal(png, range, previous, before.ranges[k]) {
                unchanged(first..<first + count)
                continue
            }
            let target = UnsafeMutableBufferPointer(start: rows + rowBytes, count: count * rowBytes)
            let inflated = png.withUnsafeBufferPointer { input in
                FlatInflate.inflate(UnsafeBufferPointer(rebasing: input[range]), into: target) || inflateRaw(UnsafeBufferPointer(rebasing: input[range]), into: target)
            }
            guard inflated else { return nil }
            for r in 0..<count {
                let line = rows + (1 + r) * rowBytes
                // A band's first row stands on its own (navviz's encoder filters it "sub").
                if r == 0, line[0] >= 2 { return nil }
                guard Self.unfilter(line, prior: line - rowBytes, count: rowBytes - 1, channels: 3) else { return nil }
                row(first + r, UnsafePointer(line + 1))
            }
        }
        return (width, height)
    }

    /// Whether `a[x]` and `b[y]` hold the same bytes.
    private static func equal(_ a: [UInt8], _ x: Range<Int>, _ b: [UInt8], _ y: Range<Int>) -> Bool {
        guard x.count == y.count else { return false }
        return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in memcmp(a.baseAddress! + x.lowerBound, b.baseAddress! + y.lowerBound, x.count) == 0 } }
    }

    /// Inflates one band's raw deflate bytes with zlib (a stream navviz's encoder did not
    /// write with fixed codes).
    private func inflateRaw(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        guard streamReady, inflateReset(stream) == Z_OK else { return false }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.pointee.avail_in = UInt32(input.count)
        stream.pointee.next_out = output.baseAddress
        stream.pointee.avail_out = UInt32(output.count)
        let status = inflate(stream, Z_SYNC_FLUSH)
        return (status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR) && stream.pointee.avail_out == 0
    }

    /// Calls `row(y, pixels)` for every row from the top, `pixels` being the row's RGB bytes
    /// (lent for the call). Returns the picture's size, or nil when `png` is not a PNG that can
    /// be read (after some rows, when its data is damaged).
    func read(_ png: [UInt8], row: (Int, UnsafePointer<UInt8>) -> Void) -> (width: Int, height: Int)? {
        guard let (width, height) = Self.size(png) else { return nil }
        // IHDR: bit depth, colour type, compression, filter method, interlace.
        let header = png[24...28]
        guard streamReady, header.elementsEqual([8, 2, 0, 0, 0]) || header.elementsEqual([8, 6, 0, 0, 0]) else { return nil }
        let channels = png[25] == 6 ? 4 : 3
        // The IDAT chunks' data, which together are one zlib stream.
        var data: [Range<Int>] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Self.be32(png, offset), start = offset + 8
            guard start + length + 4 <= png.count else { return nil }
            let type = png[offset + 4..<start]
            if type.elementsEqual("IDAT".utf8), length > 0 { data.append(start..<start + length) }
            if type.elementsEqual("IEND".utf8) { break }
            offset = start + length + 4
        }
        // The zlib header (deflate, no preset dictionary), skipped: the rest is raw deflate.
        var zlibHeader: [UInt8] = []
        while zlibHeader.count < 2, let first = data.first {
            zlibHeader.append(png[first.lowerBound])
            data[0] = first.dropFirst()
            if data[0].isEmpty { data.removeFirst() }
        }
        guard zlibHeader.count == 2, zlibHeader[0] & 0x0F == 8, zlibHeader[1] & 0x20 == 0,
              (Int(zlibHeader[0]) << 8 | Int(zlibHeader[1])) % 31 == 0 else { return nil }
        let rowBytes = 1 + channels * width
        if rowsCapacity < (Self.bandRows + 1) * rowBytes {
            rows.deallocate()
            rowsCapacity = (Self.bandRows + 1) * rowBytes
            rows = .allocate(capacity: rowsCapacity)
        }
        if channels == 4, rgbCapacity < 3 * width {
            rgb.deallocate()
            rgbCapacity = 3 * width
            rgb = .allocate(capacity: rgbCapacity)
        }
        rows.update(repeating: 0, count: rowBytes)
        guard inflateReset(stream) == Z_OK else { return nil }
        let (rows, rgb, stream) = (rows, rgb, stream)
        var background = (255, 255, 255)
        let ok: Bool = png.withUnsafeBufferPointer { input in
            var chunk = 0, y = 0, filled = 0
            stream.pointee.avail_in = 0
            while y < height {
                if stream.pointee.avail_in == 0 {
                    guard chunk < data.count else { return false }
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + data[chunk].lowerBound)
                    stream.pointee.avail_in = UInt32(data[chunk].count)
                    chunk += 1
                }
                // Never more than the picture's rows.
                stream.pointee.next_out = rows + rowBytes + filled
                stream.pointee.avail_out = UInt32(min(Self.bandRows, height - y) * rowBytes - filled)
                let status = inflate(stream, Z_NO_FLUSH)
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return false }
                filled = min(Self.bandRows, height - y) * rowBytes - Int(stream.pointee.avail_out)
                let complete = filled / rowBytes
                for r in 0..<complete {
                    let line = rows + (1 + r) * rowBytes
                    guard Self.unfilter(line, prior: line - rowBytes, count: rowBytes - 1, channels: channels) else { return false }
                    let pixels = UnsafePointer(line + 1)
                    if channels == 3 {
                        row(y + r, pixels)
                        continue
                    }
                    if y + r == 0, pixels[3] != 0 { background = (Int(pixels[0]), Int(pixels[1]), Int(pixels[2])) }
                    for x in 0..<width {
                        let p = pixels + 4 * x, a = Int(p[3]), rest = 255 - a
                        rgb[3 * x] = UInt8((Int(p[0]) * a + background.0 * rest + 127) / 255)
                        rgb[3 * x + 1] = UInt8((Int(p[1]) * a + background.1 * rest + 127) / 255)
                        rgb[3 * x + 2] = UInt8((Int(p[2]) * a + background.2 * rest + 127) / 255)
                    }
                    row(y + r, rgb)
                }
                if complete > 0 {
                    // The last row becomes the one before the next band; a partial row moves up.
                    rows.update(from: rows + complete * rowBytes, count: rowBytes)
                    (rows + rowBytes).update(from: rows + (1 + complete) * rowBytes, count: filled - complete * rowBytes)
                    filled -= complete * rowBytes
                    y += complete
                }
                // The stream ended, or stopped with input left, before the last row.
                if y < height, status == Z_STREAM_END || (status == Z_BUF_ERROR && stream.pointee.avail_in > 0) { return false }
            }
            return true
        }
        return ok ? (width, height) : nil
    }

    /// Undoes a row's filter (PNG's five: none, sub, up, average, Paeth) in place; false for
    /// an unknown filter. `line` is the filter byte, then `count` bytes. One loop per filter,
    /// on fixed-width integers: a debug build (the tests') does not specialise generic
    /// arithmetic such as `abs`, and this loop runs once for every byte of every frame a GIF
    /// is made from.
    private static func unfilter(_ line: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, count n: Int, channels: Int) -> Bool {
        let x = line + 1, b = prior + 1
        switch line[0] {
        case 0:
            break
        case 1:
            for i in channels..<max(channels, n) { x[i] = x[i] &+ x[i - channels] }
        case 2:
            for i in 0..<n { x[i] = x[i] &+ b[i] }
        case 3:
            for i in 0..<n {
                let left = i >= channels ? Int(x[i - channels]) : 0
                x[i] = x[i] &+ UInt8(truncatingIfNeeded: (left + Int(b[i])) / 2)
            }
        case 4:
            for i in 0..<n {
                let left = i >= channels ? Int(x[i - channels]) : 0, up = Int(b[i]), corner = i >= channels ? Int(b[i - channels]) : 0
                let p = left + up - corner
                let pa = p > left ? p - left : left - p, pb = p > up ? p - up : up - p, pc = p > corner ? p - corner : corner - p
                x[i] = x[i] &+ UInt8(truncatingIfNeeded: pa <= pb && pa <= pc ? left : pb <= pc ? up : corner)
            }
        default:
            return false
        }
        return true
    }
}
