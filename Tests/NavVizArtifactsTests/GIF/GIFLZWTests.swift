import Testing
@testable import NavVizArtifacts
@testable import NavVizRender
import _NavVizTestSupport

/// GIF's LZW as navviz writes it: libgd decodes every picture back to its indices, and the
/// codes are those of the plain algorithm (one table lookup a pixel), runs and all.
struct GIFLZWTests {
    /// Pictures that exercise the encoder: random indices (the table fills and is cleared
    /// many times, codes grow to 12 bits), long runs (matched by counting, including runs
    /// longer than any string), runs mixed with noise, two colours (the smallest code size),
    /// and a single pixel.
    static let cases: [(name: String, width: Int, height: Int, colors: Int)] = [
        ("noise", 300, 200, 255), ("noise", 97, 61, 4), ("runs", 640, 480, 255), ("runs", 2000, 30, 31),
        ("mixed", 333, 257, 127), ("mixed", 512, 64, 2), ("one", 1, 1, 2), ("one", 5000, 3, 63),
    ]

    static func indices(_ kind: String, count: Int, colors: Int, seed: UInt64) -> [UInt8] {
        var random = DocumentFuzzer.Random(seed: seed)
        switch kind {
        case "noise": return (0..<count).map { _ in UInt8(random.below(colors)) }
        case "runs":
            var out: [UInt8] = []
            while out.count < count { out += [UInt8](repeating: UInt8(random.below(colors)), count: 1 + random.below(9_000)) }
            return Array(out.prefix(count))
        case "mixed":
            var out: [UInt8] = []
            while out.count < count {
                let index = UInt8(random.below(colors))
                out += random.below(3) == 0 ? [UInt8](repeating: index, count: 1 + random.below(700)) : [index]
            }
            return Array(out.prefix(count))
        default: return [UInt8](repeating: UInt8(colors - 1), count: count)
        }
    }

    /// A GIF of one image holding `indices`, with a colour table of `colors` greys (and
    /// black up to a power of two).
    static func gif(_ indices: [UInt8], width: Int, height: Int, colors: Int) -> [UInt8] {
        let palette = GIFPalette(colors: (0..<colors).map { UInt32($0) * 0x010101 })
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        var out = Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF0 | UInt8(palette.tableBits - 1), 0, 0]
        out += (0..<1 << palette.tableBits).flatMap { i in [UInt8](repeating: i < colors ? UInt8(i) : 0, count: 3) }
        out += [0x2C, 0, 0, 0, 0] + le16(width) + le16(height) + [0]
        indices.withUnsafeBufferPointer { GIFLZW().encode($0, minimumCodeSize: max(2, palette.tableBits), into: &out) }
        return out + [0x3B]
    }

    @Test(arguments: cases.indices)
    func libgdDecodesWhatWasEncoded(_ k: Int) throws {
        let (kind, width, height, colors) = Self.cases[k]
        let indices = Self.indices(kind, count: width * height, colors: colors, seed: UInt64(k + 1))
        let image = try GIFDecoding.decode(Self.gif(indices, width: width, height: height, colors: colors))
        #expect(image.width == width && image.height == height)
        let same = image.indices == indices
        #expect(same, "\(kind) \(width)x\(height), \(colors) colours: libgd decodes other indices")
    }

    /// The run shortcut gives the codes a table lookup per pixel gives (a reference encoder
    /// written plainly here), and one encoder gives the same bytes for a picture whatever it
    /// encoded before.
    @Test(arguments: cases.indices)
    func runsGiveThePlainAlgorithmsCodes(_ k: Int) {
        let (kind, width, height, colors) = Self.cases[k]
        let indices = Self.indices(kind, count: width * height, colors: colors, seed: UInt64(k + 100))
        let bits = max(2, GIFPalette(colors: (0..<colors).map { UInt32($0) }).tableBits)
        let shared = GIFLZW()
        var first: [UInt8] = [], again: [UInt8] = []
        indices.withUnsafeBufferPointer { shared.encode($0, minimumCodeSize: bits, into: &first) }
        let other = Self.indices("noise", count: 5_000, colors: colors, seed: 7)
        var ignored: [UInt8] = []
        other.withUnsafeBufferPointer { shared.encode($0, minimumCodeSize: bits, into: &ignored) }
        indices.withUnsafeBufferPointer { shared.encode($0, minimumCodeSize: bits, into: &again) }
        let plain = Self.plain(indices, minimumCodeSize: bits)
        #expect(first == plain, "\(kind) \(width)x\(height): codes differ from the plain algorithm's")
        #expect(again == first, "\(kind): bytes depend on the picture encoded before")
    }

    /// GIF LZW the textbook way: a dictionary from (a string's code, the next index) to the
    /// longer string's code, one lookup a pixel; the code size grows when the next code would
    /// not fit; a clear before code 4095.
    static func plain(_ pixels: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var table: [Int: Int] = [:]
        var size = minimumCodeSize + 1, next = clear + 2, bits = 0, count = 0, bytes: [UInt8] = []
        func emit(_ code: Int) {
            bits |= code << count
            count += size
            while count >= 8 {
                bytes.append(UInt8(bits & 0xFF))
                bits >>= 8
                count -= 8
            }
        }
        emit(clear)
        var current: Int?
        for pixel in pixels.map(Int.init) {
            guard let prefix = current else {
                current = pixel
                continue
            }
            if let longer = table[prefix << 8 | pixel] {
                current = longer
                continue
            }
            emit(prefix)
            if next >= 1 << size, size < 12 { size += 1 }
            if next == 4095 {
                emit(clear)
                table = [:]
                size = minimumCodeSize + 1
                next = clear + 2
            } else {
                table[prefix << 8 | pixel] = next
                next += 1
            }
            current = pixel
        }
        if let current {
            emit(current)
            if next >= 1 << size, size < 12 { size += 1 }
        }
        emit(clear + 1)
        if count > 0 { bytes.append(UInt8(bits & 0xFF)) }
        var out = [UInt8(minimumCodeSize)]
        for start in stride(from: 0, to: bytes.count, by: 255) {
            let block = bytes[start..<min(bytes.count, start + 255)]
            out.append(UInt8(block.count))
            out += block
        }
        return out + [0]
    }
}
