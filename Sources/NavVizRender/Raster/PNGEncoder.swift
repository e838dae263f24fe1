internal import CZlib

/// PNG's container: the signature and chunks with their CRCs around an IDAT that
/// ``PNGFrameEncoder`` compresses. C pointers never leave this file.
package enum PNGEncoder {
    /// The eight bytes every PNG starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The type of navviz's private chunk that says where the IDAT's bands are
    /// (``png(width:height:idat:bands:)``): ancillary, private, safe to copy.
    package static let bandsChunk = "nvBd"

    /// A truecolour (8-bit RGB, not interlaced) PNG of `width` × `height` pixels whose
    /// compressed rows are `idat` (a zlib stream). With `bands` (rows per band, and each
    /// band's deflated length), a ``bandsChunk`` before the IDAT says where each band of
    /// rows is in it, after its 2-byte zlib header: a band starts a deflate piece of its own,
    /// whose bytes depend on its pixels only, so a reader of consecutive frames inflates only
    /// the bands whose bytes changed. (Rows per band as 4 bytes, then each band's length;
    /// big-endian, as PNG's numbers are.)
    static func png(width: Int, height: Int, idat: [UInt8], bands: (rows: Int, lengths: [Int])? = nil) -> [UInt8] {
        var out = signature
        out.reserveCapacity(idat.count + 64 + 4 * (bands?.lengths.count ?? 0))
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0], into: &out)  // 8 bits, RGB, deflate, filters, no interlace
        if let bands {
            var table = be32(bands.rows)
            table.reserveCapacity(4 + 4 * bands.lengths.count)
            for length in bands.lengths { table += be32(length) }
            chunk(bandsChunk, table, into: &out)
        }
        chunk("IDAT", idat, into: &out)
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
}
