internal import CGD
import NavVizCore

/// Encodes PNG frames as one animated GIF in-process with libgd. Frames are placed on a
/// canvas the size of the largest one (filled with each frame's own corner colour), reduced
/// to a palette each (255 colours unless a size limit asks for fewer), store only what
/// changed since the frame before, and loop forever. C pointers never leave this file; every
/// image is destroyed and every buffer freed before returning.
public enum GIFEncoder {
    /// Why frames could not be encoded.
    public enum GIFError: Error, Equatable, Sendable, CustomStringConvertible {
        /// There was nothing to encode.
        case noFrames
        /// Frame N (from 0) is not a PNG libgd can read.
        case unreadableFrame(Int)
        /// libgd failed to allocate or encode an image.
        case encodingFailed
        /// The sink could not take the bytes (a full disk).
        case cannotWrite
        /// The GIF would be larger than this many bytes, however reduced.
        case tooLarge(Int)

        public var description: String {
            switch self {
            case .noFrames: "an animated GIF needs at least one frame"
            case .unreadableFrame(let i): "frame \(i + 1) is not a readable PNG"
            case .encodingFailed: "libgd could not encode the GIF"
            case .cannotWrite: "cannot write 'animation.gif' (disk full?)"
            case .tooLarge(let limit): "animation.gif would be larger than \(PlainText.bytes(limit)) even with 32 colours and every 64th frame; choose fewer steps with --steps A..B or raise --gif-limit"
            }
        }
    }

    /// Encodes `count` frames a frame at a time, so a long animation is never held whole.
    /// `delay` is in hundredths of a second; the last frame is held `lastFrameHold` times as
    /// long so a viewer sees the end state before the loop restarts.
    /// `png(i)` gives frame `i`'s PNG (asked for twice: once for its size, once to draw
    /// it) and `sink` receives the GIF in pieces. Each frame is reduced to a palette of at most
    /// `colors` colours and stores only the rectangle that changed since the frame before
    /// (libgd's `previm`); frames where `keep` is false are left out, their time given to
    /// the frame before.
    public static func write(count: Int, delay: Int, lastFrameHold: Int = 3, colors: Int = 255, keep: (Int) -> Bool = { _ in true },
                             png: (Int) throws(GIFError) -> [UInt8], to sink: ([UInt8]) throws(GIFError) -> Void) throws(GIFError) {
        let kept = (0..<count).filter(keep)
        guard !kept.isEmpty else { throw .noFrames }
        var width: Int32 = 0, height: Int32 = 0
        for i in kept {
            guard let (w, h) = size(try png(i)) else { throw .unreadableFrame(i) }
            width = max(width, w)
            height = max(height, h)
        }
        func take(_ pointer: UnsafeMutableRawPointer?, _ size: Int32) throws(GIFError) {
            guard let pointer else { throw .encodingFailed }
            defer { gdFree(pointer) }
            try sink(Array(UnsafeRawBufferPointer(start: pointer, count: Int(size))))
        }
        var size: Int32 = 0
        var previous: gdImagePtr?
        defer { if let previous { gdImageDestroy(previous) } }
        for (k, i) in kept.enumerated() {
            var bytes = try png(i)
            guard let image = bytes.withUnsafeMutableBytes({ gdImageCreateFromPngPtr(Int32($0.count), $0.baseAddress) }) else {
                throw .unreadableFrame(i)
            }
            defer { gdImageDestroy(image) }
            guard let canvas = gdImageCreateTrueColor(width, height) else { throw .encodingFailed }
            defer { gdImageDestroy(canvas) }
            let background = gdImageGetTrueColorPixel(image, 0, 0)
            gdImageFilledRectangle(canvas, 0, 0, width - 1, height - 1, background)
            gdImageCopy(canvas, image, 0, 0, 0, 0, image.pointee.sx, image.pointee.sy)
            guard let palette = gdImageCreatePaletteFromTrueColor(canvas, 0, Int32(max(2, min(255, colors)))) else { throw .encodingFailed }
            if k == 0 { try take(gdImageGifAnimBeginPtr(palette, &size, 0, 0), size) }
            // A frame stands until the next kept one.
            let next = k + 1 < kept.count ? kept[k + 1] : count
            let hold = k == kept.count - 1 ? delay * lastFrameHold : delay * (next - i)
            let added = gdImageGifAnimAddPtr(palette, &size, 1, 0, 0, Int32(hold), 1, previous)
            if let previous { gdImageDestroy(previous) }
            previous = palette
            try take(added, size)
        }
        try take(gdImageGifAnimEndPtr(&size), size)
    }

    /// How a GIF was made to fit its size limit.
    public struct Fit: Sendable, Equatable {
        public var colors: Int
        /// Every `stride`-th frame is kept (and the first, the last and each failure).
        public var stride: Int
        /// The GIF's size in bytes.
        public var bytes: Int
        public var frames: Int
    }

    /// Ways to make a GIF smaller, tried in order: fewer colours, then fewer frames.
    static let reductions: [(colors: Int, stride: Int)] = [(255, 1), (64, 1), (32, 1), (32, 2), (32, 4), (32, 8), (32, 16), (32, 32), (32, 64)]

    /// Encodes the frames as ``write(count:delay:lastFrameHold:colors:keep:png:to:)`` does,
    /// into memory, at most `limit` bytes: the first of ``reductions`` that fits. Frames
    /// where `mustKeep` is true (failures) are kept whatever the stride. Throws
    /// ``GIFError/tooLarge`` when even the last does not fit.
    public static func fit(count: Int, delay: Int, limit: Int, mustKeep: (Int) -> Bool = { _ in false },
                           png: (Int) throws(GIFError) -> [UInt8]) throws(GIFError) -> (gif: [UInt8], fit: Fit) {
        for (colors, stride) in reductions {
            var out: [UInt8] = []
            let keep = { (i: Int) in i % stride == 0 || i == count - 1 || mustKeep(i) }
            do throws(GIFError) {
                try write(count: count, delay: delay, colors: colors, keep: keep, png: png) { bytes throws(GIFError) in
                    out += bytes
                    if out.count > limit { throw .tooLarge(limit) }
                }
            } catch .tooLarge {
                continue
            }
            return (out, Fit(colors: colors, stride: stride, bytes: out.count, frames: (0..<count).filter(keep).count))
        }
        throw .tooLarge(limit)
    }

    /// Width and height from a PNG's header, without decoding it.
    static func size(_ png: [UInt8]) -> (Int32, Int32)? {
        guard png.count >= 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              png[12...15].elementsEqual("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int32 { Int32(png[i]) << 24 | Int32(png[i + 1]) << 16 | Int32(png[i + 2]) << 8 | Int32(png[i + 3]) }
        let w = be32(16), h = be32(20)
        guard w > 0, h > 0, w <= 1 << 16, h <= 1 << 16 else { return nil }
        return (w, h)
    }
}
