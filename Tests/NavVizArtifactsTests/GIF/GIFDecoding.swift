import Testing
import CGD
@testable import NavVizArtifacts
@testable import NavVizRender

/// Reads GIFs back for the tests, with libgd (an independent decoder) doing the LZW: the
/// animation is cut into its blocks here, and each image becomes a GIF of its own (the
/// header, the global colour table, its control extension and its image) that libgd reads
/// (libgd reads only the first image of an animation).
struct GIFDecoding {
    /// One image of an animation, as libgd decoded it.
    struct Image {
        var x: Int, y: Int, width: Int, height: Int
        /// Hundredths of a second.
        var delay: Int
        var disposal: Int
        /// The transparent index, when the control extension sets one.
        var transparent: UInt8?
        /// Colour indices, row by row.
        var indices: [UInt8]
    }

    var width = 0, height = 0
    /// The global colour table, 0xRRGGBB.
    var table: [UInt32] = []
    /// The transparent index written in the control extensions (set or not).
    var transparentField: UInt8?
    var loops = false
    var images: [Image] = []

    init(_ gif: [UInt8]) throws {
        try #require(gif.starts(with: Array("GIF89a".utf8)) && gif.count >= 14)
        func le16(_ i: Int) -> Int { Int(gif[i]) | Int(gif[i + 1]) << 8 }
        width = le16(6)
        height = le16(8)
        try #require(gif[10] & 0x80 != 0, "no global colour table")
        let entries = 2 << Int(gif[10] & 7)
        table = (0..<entries).map { i in UInt32(gif[13 + 3 * i]) << 16 | UInt32(gif[14 + 3 * i]) << 8 | UInt32(gif[15 + 3 * i]) }
        let head = Array(gif[0..<13 + 3 * entries])
        var at = 13 + 3 * entries, control: [UInt8] = []
        func skipBlocks() throws {
            while true {
                try #require(at < gif.count, "cut short")
                let n = Int(gif[at])
                at += 1 + n
                if n == 0 { return }
            }
        }
        while true {
            try #require(at < gif.count, "no trailer")
            switch gif[at] {
            case 0x3B:
                try #require(at == gif.count - 1, "bytes after the trailer")
                return
            case 0x21 where gif[at + 1] == 0xF9:
                control = Array(gif[at..<at + 8])
                transparentField = gif[at + 6]
                at += 8
            case 0x21:
                if gif[at + 1] == 0xFF, Array(gif[at + 3..<at + 14]) == Array("NETSCAPE2.0".utf8) { loops = true }
                at += 2
                try skipBlocks()
            case 0x2C:
                let start = at
                try #require(gif[at + 9] & 0x80 == 0, "a local colour table")
                at += 10
                at += 1  // the minimum code size
                try skipBlocks()
                let single = head + control + Array(gif[start..<at]) + [0x3B]
                var image = try Self.decode(single)
                image.x = le16(start + 1)
                image.y = le16(start + 3)
                try #require(image.width == le16(start + 5) && image.height == le16(start + 7))
                if control.count == 8 {
                    image.delay = Int(control[4]) | Int(control[5]) << 8
                    image.disposal = Int(control[3] >> 2 & 7)
                    image.transparent = control[3] & 1 != 0 ? control[6] : nil
                }
                images.append(image)
                control = []
            default:
                Issue.record("unknown block \(gif[at]) at \(at)")
                return
            }
        }
    }

    /// One GIF's first image, decoded by libgd: its size and indices (position, delay and
    /// transparency left for the caller).
    static func decode(_ gif: [UInt8]) throws -> Image {
        var bytes = gif
        let decoded = bytes.withUnsafeMutableBytes { gdImageCreateFromGifPtr(Int32($0.count), $0.baseAddress) }
        let image = try #require(decoded, "libgd cannot read the GIF")
        defer { gdImageDestroy(image) }
        try #require(image.pointee.trueColor == 0)
        let width = Int(image.pointee.sx), height = Int(image.pointee.sy)
        var indices: [UInt8] = []
        indices.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { indices.append(UInt8(gdImageGetPixel(image, Int32(x), Int32(y)))) }
        }
        return Image(x: 0, y: 0, width: width, height: height, delay: 0, disposal: 0, transparent: nil, indices: indices)
    }

    /// The canvas after each image, as indices: each image drawn over the canvas where it is
    /// not transparent (every image here is left in place).
    var canvases: [[UInt8]] {
        var canvas = [UInt8](repeating: 0, count: width * height), out: [[UInt8]] = []
        for image in images {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let index = image.indices[y * image.width + x]
                    if index != image.transparent { canvas[(image.y + y) * width + image.x + x] = index }
                }
            }
            out.append(canvas)
        }
        return out
    }
}
