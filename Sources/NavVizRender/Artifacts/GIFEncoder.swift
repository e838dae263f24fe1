internal import CGD

/// Encodes PNG frames as one animated GIF in-process with libgd. Frames are placed on a
/// canvas the size of the largest one (filled with each frame's own corner colour), reduced
/// to a 255-colour palette each, and looped forever. C pointers never leave this file; every
/// image is destroyed and every buffer freed before returning.
public enum GIFEncoder {
    /// Why frames could not be encoded.
    public enum GIFError: Error, Equatable, Sendable, CustomStringConvertible {
        case noFrames
        case unreadableFrame(Int)
        case encodingFailed

        public var description: String {
            switch self {
            case .noFrames: "an animated GIF needs at least one frame"
            case .unreadableFrame(let i): "frame \(i + 1) is not a readable PNG"
            case .encodingFailed: "libgd could not encode the GIF"
            }
        }
    }

    /// The GIF bytes. `delay` is in hundredths of a second; the last frame is held
    /// `lastFrameHold` times as long so a viewer sees the end state before the loop restarts.
    public static func encode(pngFrames: [[UInt8]], delay: Int, lastFrameHold: Int = 3) throws(GIFError) -> [UInt8] {
        guard !pngFrames.isEmpty else { throw .noFrames }
        var images: [gdImagePtr] = []
        defer { images.forEach { gdImageDestroy($0) } }
        for (i, png) in pngFrames.enumerated() {
            var bytes = png
            let image = bytes.withUnsafeMutableBytes { gdImageCreateFromPngPtr(Int32($0.count), $0.baseAddress) }
            guard let image else { throw .unreadableFrame(i) }
            images.append(image)
        }
        let width = images.map { $0.pointee.sx }.max()!
        let height = images.map { $0.pointee.sy }.max()!

        var palettes: [gdImagePtr] = []
        defer { palettes.forEach { gdImageDestroy($0) } }
        for image in images {
            guard let canvas = gdImageCreateTrueColor(width, height) else { throw .encodingFailed }
            defer { gdImageDestroy(canvas) }
            let background = gdImageGetTrueColorPixel(image, 0, 0)
            gdImageFilledRectangle(canvas, 0, 0, width - 1, height - 1, background)
            gdImageCopy(canvas, image, 0, 0, 0, 0, image.pointee.sx, image.pointee.sy)
            guard let palette = gdImageCreatePaletteFromTrueColor(canvas, 0, 255) else { throw .encodingFailed }
            palettes.append(palette)
        }

        var out: [UInt8] = []
        func take(_ pointer: UnsafeMutableRawPointer?, _ size: Int32) throws(GIFError) {
            guard let pointer else { throw .encodingFailed }
            defer { gdFree(pointer) }
            out.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: Int(size)))
        }
        var size: Int32 = 0
        try take(gdImageGifAnimBeginPtr(palettes[0], &size, 0, 0), size)
        for (i, frame) in palettes.enumerated() {
            let hold = i == palettes.count - 1 ? delay * lastFrameHold : delay
            try take(gdImageGifAnimAddPtr(frame, &size, 1, 0, 0, Int32(hold), 1, nil), size)
        }
        try take(gdImageGifAnimEndPtr(&size), size)
        return out
    }
}
