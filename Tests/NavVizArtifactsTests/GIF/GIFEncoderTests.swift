import Testing
import _NavVizTestSupport
import NavVizCore
@testable import NavVizArtifacts
@testable import NavVizRender

/// animation.gif read back by libgd: every frame shows its PNG frame in the palette's
/// colours, each frame stores only the rectangle that changed (unchanged runs transparent
/// when that is smaller), frames left out give their time to the frame before, and the same
/// frames give the same bytes.
struct GIFEncoderTests {
    static func gif(_ pngs: [[UInt8]], delay: Int = 10, colors: Int = 255, keep: (Int) -> Bool = { _ in true }) throws -> [UInt8] {
        var out: [UInt8] = []
        try GIFEncoder.write(count: pngs.count, delay: delay, colors: colors, keep: keep, png: { i throws(GIFEncoder.GIFError) in pngs[i] }) { out += $0 }
        return out
    }

    /// What the canvas should show for `png` on a `width` × `height` canvas: its pixels (the
    /// rest in its first pixel's colour), each as the palette's nearest entry.
    static func expected(_ png: [UInt8], palette: GIFPalette, width: Int, height: Int) throws -> [UInt8] {
        let p = try #require(LibGD.pixels(png))
        var nearest: [UInt32: UInt8] = [:]
        func index(_ rgb: UInt32) -> UInt8 {
            if let known = nearest[rgb] { return known }
            let found = palette.nearest(rgb)
            nearest[rgb] = found
            return found
        }
        var canvas = [UInt8](repeating: index(p.rgb[0]), count: width * height)
        for y in 0..<p.height {
            for x in 0..<p.width { canvas[y * width + x] = index(p.rgb[y * p.width + x]) }
        }
        return canvas
    }

    @Test(arguments: [255, 31])
    func framesShowTheirPNGs(colors: Int) throws {
        let pngs = try GIFLimitTests.pngs()
        let decoded = try GIFDecoding(try Self.gif(pngs, colors: colors))
        let transparent = try #require(decoded.transparentField)
        #expect(Int(transparent) <= colors)
        let palette = GIFPalette(colors: Array(decoded.table[..<Int(transparent)]))
        #expect(decoded.loops && decoded.images.count == pngs.count)
        #expect(decoded.width == pngs.compactMap(PNGReader.size).map(\.width).max() && decoded.height == pngs.compactMap(PNGReader.size).map(\.height).max())
        #expect(decoded.images[0].transparent == nil && decoded.images[0].width == decoded.width && decoded.images[0].height == decoded.height)
        #expect(decoded.images.map(\.delay) == Array(repeating: 10, count: pngs.count - 1) + [30])
        #expect(decoded.images.allSatisfy { $0.disposal == 1 })
        for (i, canvas) in decoded.canvases.enumerated() {
            let same = canvas == (try Self.expected(pngs[i], palette: palette, width: decoded.width, height: decoded.height))
            #expect(same, "frame \(i + 1) shows another picture")
        }
    }

    /// Over several batches (``GIFFrames/threads``), each frame shown twice: a row a frame
    /// shares with the frame before is copied from the frame that drew it, two or more frames
    /// back, in this batch or the one before, and every frame still shows its own PNG.
    @Test func framesAcrossBatchesShowTheirPNGs() throws {
        let drawn = try GIFLimitTests.pngs()
        let batch = max(8, 2 * GIFFrames.threads)
        let pngs = (0..<(3 * batch + 5)).map { drawn[$0 / 2 % drawn.count] }
        let decoded = try GIFDecoding(try Self.gif(pngs))
        let transparent = try #require(decoded.transparentField)
        let palette = GIFPalette(colors: Array(decoded.table[..<Int(transparent)]))
        #expect(decoded.images.count == pngs.count)
        for (i, canvas) in decoded.canvases.enumerated() {
            let same = canvas == (try Self.expected(pngs[i], palette: palette, width: decoded.width, height: decoded.height))
            #expect(same, "frame \(i + 1) shows another picture")
        }
    }

    /// Frames left out: the ones kept show their own PNGs, each held until the next kept one.
    @Test func framesLeftOutGiveTheirTime() throws {
        let pngs = try GIFLimitTests.pngs()
        let kept = (0..<pngs.count).filter { $0 % 3 == 0 || $0 == pngs.count - 1 }
        let decoded = try GIFDecoding(try Self.gif(pngs, keep: { kept.contains($0) }))
        let palette = GIFPalette(colors: Array(decoded.table[..<Int(try #require(decoded.transparentField))]))
        #expect(decoded.images.map(\.delay) == zip(kept, kept.dropFirst()).map { 10 * ($1 - $0) } + [30])
        for (canvas, i) in zip(decoded.canvases, kept) {
            #expect(canvas == (try Self.expected(pngs[i], palette: palette, width: decoded.width, height: decoded.height)), "frame \(i + 1)")
        }
    }

    /// Synthetic frames: a few nodes on a white page. A frame where one node changes stores
    /// that node's rectangle with the rest of it transparent; a frame that moves everything
    /// stores colours; a frame that changes nothing stores one pixel.
    @Test func storesTheChangedRectangle() throws {
        let (width, height) = (160, 120)
        // Boxes, and a label: dark stripes in a box at (labelX, 12).
        func frame(_ boxes: [(x: Int, y: Int, w: Int, h: Int, colour: [UInt8])], labelX: Int = 72) -> [UInt8] {
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            func paint(_ x: Int, _ y: Int, _ colour: [UInt8]) { rgba.replaceSubrange(4 * (y * width + x)..<4 * (y * width + x) + 3, with: colour) }
            for box in boxes {
                for y in box.y..<box.y + box.h {
                    for x in box.x..<box.x + box.w { paint(x, y, box.colour) }
                }
            }
            for y in 12..<28 {
                for x in stride(from: labelX, to: labelX + 16, by: 2) { paint(x, y, [31, 35, 40]) }
            }
            return PNGReaderTests.png(width: width, height: height, rgba: rgba, alpha: false)
        }
        let blue: [UInt8] = [9, 105, 218], grey: [UInt8] = [140, 149, 159], red: [UInt8] = [207, 34, 46]
        let nodes = [(x: 10, y: 10, w: 60, h: 20, colour: blue), (x: 90, y: 10, w: 60, h: 20, colour: grey), (x: 10, y: 80, w: 140, h: 30, colour: grey)]
        var changed = nodes
        changed[1].colour = red
        changed[0].colour = red
        let moved = nodes.map { (x: $0.x + 3, y: $0.y + 2, w: $0.w, h: $0.h, colour: $0.colour) }
        let pngs = [frame(nodes), frame(changed), frame(changed), frame(moved, labelX: 75)]
        let decoded = try GIFDecoding(try Self.gif(pngs))
        let images = decoded.images
        #expect(images.count == 4)
        // Frame 2: the two recoloured nodes; the label between them, unchanged, transparent.
        #expect((images[1].x, images[1].y, images[1].width, images[1].height) == (10, 10, 140, 20))
        #expect(images[1].transparent != nil && images[1].indices[70 - 10] == images[1].transparent)
        // Frame 3: nothing changed.
        #expect((images[2].width, images[2].height) == (1, 1))
        // Frame 4: everything moved; no transparency helps.
        #expect(images[3].transparent == nil && images[3].width > 140)
        let palette = GIFPalette(colors: Array(decoded.table[..<Int(try #require(decoded.transparentField))]))
        for (i, canvas) in decoded.canvases.enumerated() {
            #expect(canvas == (try Self.expected(pngs[i], palette: palette, width: width, height: height)), "frame \(i + 1)")
        }
    }

    @Test func sameFramesSameBytes() throws {
        let pngs = try GIFLimitTests.pngs()
        #expect(try Self.gif(pngs) == (try Self.gif(pngs)))
        let fitted = try GIFEncoder.fit(count: pngs.count, delay: 10, limit: 10_000_000, png: { i throws(GIFEncoder.GIFError) in pngs[i] })
        #expect(fitted.gif == (try Self.gif(pngs)))
    }

    /// With `size`, the frames outside the colour sample are not read before drawing (their
    /// size comes from their header), and the GIF is the same bytes.
    @Test func sizesFromHeadersGiveTheSameGIF() throws {
        let drawn = try GIFLimitTests.pngs()
        let pngs = (0..<60).map { drawn[$0 % drawn.count] }  // more frames than the sample holds
        var reads = 0
        let png = { (i: Int) throws(GIFEncoder.GIFError) -> [UInt8] in
            reads += 1
            return pngs[i]
        }
        let header = { (i: Int) -> (width: Int, height: Int)? in PNGReader.size(Array(pngs[i].prefix(33))) }
        let whole = try GIFEncoder.fit(count: pngs.count, delay: 10, limit: 10_000_000, png: png)
        #expect(reads == 2 * pngs.count)
        reads = 0
        let headers = try GIFEncoder.fit(count: pngs.count, delay: 10, limit: 10_000_000, png: png, size: header)
        #expect(reads == 31 + pngs.count)  // the sample (every 2nd frame, and the last), then every frame drawn
        #expect(headers.gif == whole.gif)
        #expect(headers.fit == whole.fit)
        // A frame whose header cannot be read is named, as one whose PNG cannot.
        #expect(throws: GIFEncoder.GIFError.unreadableFrame(5)) {
            try GIFEncoder.fit(count: pngs.count, delay: 10, limit: 10_000_000, png: png, size: { i in i == 5 ? nil : header(i) })
        }
    }

    @Test func unreadableFramesAreNamed() throws {
        var pngs = try GIFLimitTests.pngs()
        pngs[2] = Array(pngs[2].prefix(pngs[2].count / 2))
        #expect(throws: GIFEncoder.GIFError.unreadableFrame(2)) { try Self.gif(pngs) }
        pngs[1] = [1, 2, 3]
        #expect(throws: GIFEncoder.GIFError.unreadableFrame(1)) { try Self.gif(pngs) }
        #expect(throws: GIFEncoder.GIFError.noFrames) { try Self.gif(pngs, keep: { _ in false }) }
    }
}
