import CGD

/// libgd as a decoder that is not navviz's own (navviz itself does not link libgd): for
/// tests that compare the pictures of two PNGs rather than their bytes.
public enum LibGD {
    /// A PNG's size and pixels as 0xRRGGBB (alpha dropped); nil when libgd cannot read it.
    public static func pixels(_ png: [UInt8]) -> (width: Int, height: Int, rgb: [UInt32])? {
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
