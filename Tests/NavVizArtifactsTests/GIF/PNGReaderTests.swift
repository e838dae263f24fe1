import Testing
import CGD
import CZlib
@testable import NavVizArtifacts
@testable import NavVizRender
import _NavVizTestSupport

/// The GIF encoder's PNG reader: every filter, RGB and RGBA (blended with the first pixel's
/// colour), a zlib stream cut anywhere across IDAT chunks, navviz's own frames; other PNGs
/// (none that navviz or cairo draws) and damaged ones refused.
struct PNGReaderTests {
    /// A PNG of `rgba` (4 bytes a pixel), as RGBA or (alpha dropped) RGB, each row with the
    /// filter `y % 5`, its zlib stream cut into IDAT chunks of 1, 2, 3… bytes, then the rest.
    static func png(width: Int, height: Int, rgba: [UInt8], alpha: Bool, filter: (Int) -> Int = { $0 % 5 }, dropLastChunk: Bool = false) -> [UInt8] {
        let channels = alpha ? 4 : 3, rowBytes = channels * width
        let pixels = (0..<width * height).flatMap { i in Array(rgba[4 * i..<4 * i + channels]) }
        var filtered: [UInt8] = []
        for y in 0..<height {
            let filter = filter(y)
            filtered.append(UInt8(filter))
            for i in 0..<rowBytes {
                let x = Int(pixels[y * rowBytes + i])
                let left = i >= channels ? Int(pixels[y * rowBytes + i - channels]) : 0
                let up = y > 0 ? Int(pixels[(y - 1) * rowBytes + i]) : 0
                let corner = y > 0 && i >= channels ? Int(pixels[(y - 1) * rowBytes + i - channels]) : 0
                let p = left + up - corner, pa = abs(p - left), pb = abs(p - up), pc = abs(p - corner)
                let predicted = filter > 4 ? 0 : [0, left, up, (left + up) / 2, pa <= pb && pa <= pc ? left : pb <= pc ? up : corner][filter]
                filtered.append(UInt8((x - predicted) & 0xFF))
            }
        }
        var zlib = [UInt8](repeating: 0, count: Int(compressBound(UInt(filtered.count))))
        var length = UInt(zlib.count)
        #expect(compress2(&zlib, &length, filtered, UInt(filtered.count), 9) == Z_OK)
        zlib = Array(zlib[..<Int(length)])
        var out = PNGEncoder.signature
        PNGEncoder.chunk("IHDR", PNGEncoder.be32(width) + PNGEncoder.be32(height) + [8, alpha ? 6 : 2, 0, 0, 0], into: &out)
        var start = 0, size = 1
        while start < zlib.count {
            let end = size > 6 ? zlib.count : min(zlib.count, start + size)
            if dropLastChunk, end == zlib.count { break }
            PNGEncoder.chunk("IDAT", Array(zlib[start..<end]), into: &out)
            start = end
            size += 1
        }
        PNGEncoder.chunk("IEND", [], into: &out)
        return out
    }

    /// The picture as the reader gives it: its size and RGB rows, which must come in order.
    static func read(_ png: [UInt8]) -> (width: Int, height: Int, rgb: [UInt8])? {
        guard let (width, _) = PNGReader.size(png) else { return nil }
        var rgb: [UInt8] = [], rows = 0
        guard let (w, h) = PNGReader().read(png, row: { y, p in
            #expect(y == rows)
            rows += 1
            rgb += UnsafeBufferPointer(start: p, count: 3 * width)
        }) else { return nil }
        #expect(rows == h && w == width)
        return (w, h, rgb)
    }

    @Test(arguments: [false, true])
    func everyFilterAndAnyCut(alpha: Bool) throws {
        let (width, height) = (29, 23)
        var random = DocumentFuzzer.Random(seed: alpha ? 2 : 1)
        var rgba = (0..<width * height * 4).map { _ in UInt8(random.below(256)) }
        // The first pixel opaque (the background others are blended with), some others
        // transparent or opaque.
        rgba[3] = 255
        for i in stride(from: 7, to: rgba.count, by: 12) { rgba[i] = 0 }
        for i in stride(from: 11, to: rgba.count, by: 20) { rgba[i] = 255 }
        let decoded = try #require(Self.read(Self.png(width: width, height: height, rgba: rgba, alpha: alpha)))
        #expect(decoded.width == width && decoded.height == height)
        let expected: [UInt8] = (0..<width * height).flatMap { i -> [UInt8] in
            let p = Array(rgba[4 * i..<4 * i + 4]), a = alpha ? Int(p[3]) : 255
            return (0..<3).map { c in UInt8((Int(p[c]) * a + Int(rgba[c]) * (255 - a) + 127) / 255) }
        }
        #expect(decoded.rgb == expected)
    }

    /// navviz's own frames (the band encoder's PNG) read as libgd reads them.
    @Test func navvizFramesReadAsLibgdReadsThem() throws {
        for png in try GIFLimitTests.pngs() {
            let mine = try #require(Self.read(png)), gd = try #require(LibGD.pixels(png))
            #expect(mine.width == gd.width && mine.height == gd.height)
            let rgb = gd.rgb.flatMap { [UInt8($0 >> 16), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
            #expect(mine.rgb == rgb)
        }
    }

    /// A palette PNG (what libgd writes for a palette image) is not read: navviz draws only
    /// 8-bit RGB and RGBA PNGs, and links no image library that reads the others.
    /// A PNG of navviz's encoder read after the one before it: the bands whose bytes did not
    /// change are reported, not read; those that did are read as a whole read reads them.
    @Test func unchangedBandsAreNotReadAgain() throws {
        let width = 50, height = 3 * PNGFrameEncoder.bandRows + 4
        func picture(_ changed: Int) -> [UInt8]? {
            var bgra = [UInt8](repeating: 0, count: 4 * width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let i = 4 * (y * width + x)
                    (bgra[i], bgra[i + 1], bgra[i + 2], bgra[i + 3]) = (UInt8(x * 5 % 256), UInt8(y * 3 % 256), y == changed ? 200 : 90, 255)
                }
            }
            let raster = bgra.withUnsafeBytes { Raster(width: width, height: height, stride: 4 * width, copying: $0) }
            return raster.flatMap { RasterPage($0, width: width, height: height) }.flatMap(PNGFrameEncoder().png)
        }
        let before = try #require(picture(-1)), after = try #require(picture(PNGFrameEncoder.bandRows + 3))
        #expect(PNGReader.bands(after)?.ranges.count == 4)
        let reader = PNGReader()
        var whole: [Int: [UInt8]] = [:], banded: [Int: [UInt8]] = [:], skipped: [Range<Int>] = []
        _ = reader.read(after) { y, p in whole[y] = Array(UnsafeBufferPointer(start: p, count: 3 * width)) }
        let size = reader.read(after, after: before, row: { y, p in banded[y] = Array(UnsafeBufferPointer(start: p, count: 3 * width)) },
                               unchanged: { skipped.append($0) })
        #expect(size?.width == width && size?.height == height)
        #expect(skipped == [2 * PNGFrameEncoder.bandRows..<3 * PNGFrameEncoder.bandRows, 3 * PNGFrameEncoder.bandRows..<height])
        #expect(Set(banded.keys) == Set(0..<2 * PNGFrameEncoder.bandRows))
        for (y, row) in banded { #expect(row == whole[y], "row \(y)") }
    }

    @Test func otherPNGsAreRefused() throws {
        let image = try #require(gdImageCreate(5, 3))
        defer { gdImageDestroy(image) }
        let red = gdImageColorAllocate(image, 255, 0, 0), blue = gdImageColorAllocate(image, 0, 0, 255)
        gdImageFilledRectangle(image, 0, 0, 4, 2, red)
        gdImageSetPixel(image, 2, 1, blue)
        var size: Int32 = 0
        let data = try #require(gdImagePngPtr(image, &size))
        defer { gdFree(data) }
        let png = Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
        #expect(png[25] == 3, "not a palette PNG")
        #expect(Self.read(png) == nil)
    }

    @Test func damagedPNGsAreRefused() throws {
        let rgba = (0..<16 * 40 * 4).map { UInt8($0 * 7 % 251) }
        #expect(Self.read(Self.png(width: 16, height: 40, rgba: rgba, alpha: false)) != nil)
        let good = Self.png(width: 16, height: 40, rgba: rgba, alpha: false)
        #expect(Self.read(Array(good.prefix(20))) == nil)
        // The zlib stream cut short: rows missing.
        #expect(Self.read(Self.png(width: 16, height: 40, rgba: rgba, alpha: false, dropLastChunk: true)) == nil)
        // A filter PNG does not have.
        #expect(Self.read(Self.png(width: 16, height: 40, rgba: rgba, alpha: false, filter: { $0 == 9 ? 7 : 0 })) == nil)
    }
}
