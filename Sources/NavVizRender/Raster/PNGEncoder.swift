internal import CZlib

/// PNG's container: the signature and chunks with their CRCs around an IDAT that
/// ``PNGFrameEncoder`` compresses. C pointers never leave this file.
package enum PNGEncoder {
    /// The eight bytes every PNG starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A truecolour (8-bit RGB, not interlaced) PNG of `width` × `height` pixels whose
    /// compressed rows are `idat` (a zlib stream).
    static func png(width: Int, height: Int, idat: [UInt8]) -> [UInt8] {
        var out = signature
        out.reserveCapacity(idat.count + 64)
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0], into: &out)  // 8 bits, RGB, deflate, filters, no interlace
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
