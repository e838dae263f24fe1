import NavVizRender
internal import CZlib

/// Reads a PNG's pixels a row at a time as 8-bit RGB, for the GIF encoder: without making a
/// picture of the whole frame, and without an image library for the PNGs navviz draws.
///
/// 8-bit RGB and RGBA PNGs without interlacing (navviz's frames, ``PNGFrameEncoder``, and
/// cairo's) are inflated here with zlib, a row at a time, and unfiltered (all five filters).
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
