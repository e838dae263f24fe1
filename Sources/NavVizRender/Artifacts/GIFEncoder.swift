internal import CGD

/// Encodes PNG frames as one animated GIF in-process with libgd. Frames are placed on a
/// canvas the size of the largest one (filled with each frame's own corner colour), reduced
/// to a 255-colour palette each, and looped forever. C pointers never leave this file; every
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

        public var description: String {
            switch self {
            case .noFrames: "an animated GIF needs at least one frame"
            case .unreadableFrame(let i): "frame \(i + 1) is not a readable PNG"
            case .encodingFailed: "libgd could not encode the GIF"
            case .cannotWrite: "cannot write 'animation.gif' (disk full?)"
            }
        }
    }

    /// Encodes `count` frames a frame at a time, so a long animation is never held whole.
    /// `delay` is in hundredths of a second; the last frame is held `lastFrameHold` times as
    /// long so a viewer sees the end state before the loop restarts.
    /// `png(i)` gives frame `i`'s PNG (asked for twice: once for its size, once to draw
    /// it) and `sink` receives the GIF in pieces.
    public static func write(count: Int, delay: Int, lastFrameHold: Int = 3, png: (Int) throws(GIFError) -> [UInt8],
                             to sink: ([UInt8]) throws(GIFError) -> Void) throws(GIFError) {
        guard count > 0 else { throw .noFrames }
        var width: Int32 = 0, height: Int32 = 0
        for i in 0..<count {
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
        for i in 0..<count {
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
            guard let palette = gdImageCreatePaletteFromTrueColor(canvas, 0, 255) else { throw .encodingFailed }
            defer { gdImageDestroy(palette) }
            if i == 0 { try take(gdImageGifAnimBeginPtr(palette, &size, 0, 0), size) }
            let hold = i == count - 1 ? delay * lastFrameHold : delay
            try take(gdImageGifAnimAddPtr(palette, &size, 1, 0, 0, Int32(hold), 1, nil), size)
        }
        try take(gdImageGifAnimEndPtr(&size), size)
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
