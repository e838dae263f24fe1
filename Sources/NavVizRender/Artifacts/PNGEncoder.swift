internal import CZlib
internal import CGD

/// Writes PNG quickly from the uncompressed bitmap Graphviz's cairo renderer can hand over
/// (`bmp:cairo:gdk`), instead of cairo's own PNG writer, which spends most of a large
/// frame's time choosing row filters and compressing hard. The picture is cairo's, but for
/// about 0.2% of pixels (antialiased edges) that gdk-pixbuf rounds a few levels apart. Here rows are unfiltered and
/// deflated at zlib's fastest level, which suits diagrams (long
/// runs of one colour); files come out about the same size. C pointers never leave this file.
enum PNGEncoder {
    /// PNG bytes for a 24- or 32-bit uncompressed BMP (alpha dropped), or nil when the BMP
    /// is not one.
    static func png(fromBMP bmp: [UInt8]) -> [UInt8]? {
        func u32(_ i: Int) -> Int { Int(bmp[i]) | Int(bmp[i + 1]) << 8 | Int(bmp[i + 2]) << 16 | Int(bmp[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(bmp[i]) | Int(bmp[i + 1]) << 8 }
        guard bmp.count >= 54, bmp[0] == UInt8(ascii: "B"), bmp[1] == UInt8(ascii: "M"), u32(30) == 0 else { return nil }
        let offset = u32(10), width = u32(18), rawHeight = Int(Int32(truncatingIfNeeded: u32(22))), bits = u16(28)
        let height = abs(rawHeight), bytesPerPixel = bits / 8
        guard width > 0, height > 0, bits == 24 || bits == 32 else { return nil }
        let stride = (width * bytesPerPixel + 3) & ~3
        guard offset + stride * height <= bmp.count else { return nil }
        let rowBytes = 1 + width * 3
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        bmp.withUnsafeBufferPointer { source in
            raw.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    // BMP rows run bottom-up unless the height is negative.
                    let from = offset + (rawHeight > 0 ? height - 1 - y : y) * stride
                    var t = y * rowBytes + 1  // filter byte 0: none
                    var s = from
                    for _ in 0..<width {
                        target[t] = source[s + 2]
                        target[t + 1] = source[s + 1]
                        target[t + 2] = source[s]
                        t += 3
                        s += bytesPerPixel
                    }
                }
            }
        }
        guard let compressed = deflate(raw) else { return nil }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        header += be32(width) + be32(height)
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolour RGB, deflate, no filtering choice, no interlace
        chunk("IHDR", header, into: &out)
        chunk("IDAT", compressed, into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += be32(data.count)
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        out += typeBytes
        out += data
        out += be32(Int(crc))
    }

    /// zlib-wrapped deflate at its fastest level.
    static func deflate(_ raw: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, 1, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(raw.count))))
        let status: Int32 = raw.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        out.removeSubrange(Int(stream.total_out)...)
        return out
    }

    /// A PNG's size and pixels as 0xRRGGBB (alpha dropped), decoded by libgd; for tests
    /// that compare two PNGs' pictures rather than their bytes.
    static func pixels(_ png: [UInt8]) -> (width: Int, height: Int, rgb: [UInt32])? {
        var bytes = png
        guard let image = bytes.withUnsafeMutableBytes({ gdImageCreateFromPngPtr(Int32($0.count), $0.baseAddress) }) else { return nil }
        defer { gdImageDestroy(image) }
        let width = Int(image.pointee.sx), height = Int(image.pointee.sy)
        var rgb: [UInt32] = []
        rgb.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let c = gdImageGetTrueColorPixel(image, Int32(x), Int32(y))
                rgb.append(UInt32(truncatingIfNeeded: c) & 0xFFFFFF)
            }
        }
        return (width, height, rgb)
    }
}
