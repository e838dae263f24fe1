import Testing
import CZlib
import NavVizCore
@_spi(Internals) @testable import NavVizRender
import _NavVizTestSupport

/// Animation frames' fast PNG shows the picture cairo's own PNG writer shows: the same size,
/// and the same pixels but for a few antialiased edge pixels (about 0.2%) that come out a few
/// levels of 255 apart from those of cairo's own PNG writer. Frames through the band-reusing
/// encoder are the bytes a fresh encoder writes, and well-formed PNG.
struct PNGEncoderTests {
    @Test(arguments: ["nivelir-deeplink.script.json", "tab-switch.sequence.json"])
    func fastPNGHasCairosPixels(sample: String) throws {
        let timeline = TimelineBuilder.build(try Samples.load(sample))
        let frames = AnimationPlan.frames(timeline, theme: .dark)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        for frame in [frames[0], frames[frames.count / 2], frames[frames.count - 1]] {
            let dot = drawing.dot(frame)
            let fast = try #require(try Graphviz.shared.drawFrames([.init(dot: dot, engine: drawing.engine, svg: false, png: true)])[0].png)
            let cairo = try Graphviz.shared.render(dot: dot, format: .png, engine: drawing.engine)
            #expect(Array(fast.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            // Truecolour without alpha: navviz's encoder wrote it, not cairo's (RGBA) writer.
            #expect(fast.count > 25 && fast[25] == 2, "\(sample): the fast path fell back to cairo's PNG")
            let a = try #require(LibGD.pixels(fast)), b = try #require(LibGD.pixels(cairo))
            #expect(a.width == b.width && a.height == b.height)
            var differing = 0, largest = 0
            for (p, q) in zip(a.rgb, b.rgb) where p != q {
                differing += 1
                for shift in [0, 8, 16] {
                    largest = max(largest, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                }
            }
            #expect(differing * 100 < a.rgb.count && largest <= 16,
                    "\(sample) \(frame.label): \(differing) of \(a.rgb.count) pixels differ, by up to \(largest)")
        }
    }

    /// Every frame of an animation drawn after a different frame (forwards, then backwards,
    /// by one worker, whose encoder reuses bands between frames) gives the same bytes, and
    /// the PNG is well formed.
    @Test(arguments: ["nivelir-deeplink.script.json", "tempura-showhide.script.json"])
    func animationFramesDoNotDependOnTheFramesBefore(sample: String) throws {
        let timeline = TimelineBuilder.build(try Samples.load(sample))
        let frames = AnimationPlan.frames(timeline, theme: .light)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        // The frames' pictures, framed in order as an animation frames them.
        let dots = drawing.pngDOTs(frames)
        let worker = OneWorker()
        func png(_ dot: String) throws -> [UInt8] { try worker.png(dot, engine: drawing.engine) }
        let forwards = try dots.map(png)
        let backwards = try dots.reversed().map(png)
        for (i, (a, b)) in zip(forwards, backwards.reversed()).enumerated() {
            let same = a == b
            #expect(same, "\(sample) frame \(i + 1): bytes depend on the frame drawn before")
        }
        for png in forwards {
            let (width, height, rows) = try Self.wellFormed(png)
            #expect(rows.count == height * (1 + 3 * width))
            // Each picture is within the default bound.
            #expect(width <= AnimationRenderer.Drawing.defaultMaxPixels && height <= AnimationRenderer.Drawing.defaultMaxPixels)
        }
    }

    /// Pages of different sizes drawn in turn by one worker process (its kept canvas grows
    /// to the largest, and a smaller page is drawn on part of it) come out the same as the
    /// first time, at cairo's size; frames pinned to a stable layout (`nop2`) and laid out
    /// with `dot` (per-frame) alike.
    @Test func canvasFollowsThePageSize() throws {
        var pages: [(dot: String, engine: String)] = []
        for (sample, layout) in [("nivelir-deeplink.script.json", FrameLayout.stable),
                                 ("tempura-showhide.script.json", .stable), ("tempura-showhide.script.json", .perFrame)] {
            let frames = AnimationPlan.frames(TimelineBuilder.build(try Samples.load(sample)), theme: .light)
            let drawing = try AnimationRenderer.prepare(frames, layout: layout)
            pages += [(drawing.dot(frames[0]), drawing.engine), (drawing.dot(frames[frames.count - 1]), drawing.engine)]
        }
        // One worker throughout, with one encoder: its canvas and bands follow each page.
        let worker = OneWorker()
        func png(_ page: (dot: String, engine: String)) throws -> [UInt8] { try worker.png(page.dot, engine: page.engine) }
        let first = try pages.map(png)
        for (i, page) in (pages + pages.reversed()).enumerated() {
            let drawn = try png(page)
            let cairo = try #require(LibGD.pixels(try Graphviz.shared.render(dot: page.dot, format: .png, engine: page.engine)))
            let j = i < pages.count ? i : 2 * pages.count - 1 - i
            let same = drawn == first[j]
            #expect(same, "page \(j + 1) drawn again differs")
            let (width, height, _) = try Self.wellFormed(drawn)
            #expect(width == cairo.width && height == cairo.height, "page \(j + 1): \(width)x\(height), cairo \(cairo.width)x\(cairo.height)")
        }
        #expect(worker.pool.started == 1)
    }

    /// Rows go top to bottom; channels B, G, R, A become R, G, B (a partly transparent pixel
    /// on the top-left pixel's colour); the bytes past a row's pixels (its stride) are not
    /// part of the picture.
    @Test func rowsChannelsAndStride() throws {
        // 2×2 with a stride of 3 pixels: top row red, green; bottom row blue, half-transparent white.
        let image = Picture(width: 2, height: 2, stride: 12, bytes: [
            0, 0, 255, 255, 0, 255, 0, 255, 9, 9, 9, 9,
            255, 0, 0, 255, 128, 128, 128, 128, 7, 7, 7, 7,
        ])
        let png = try #require(image.png(PNGFrameEncoder()))
        let p = try #require(LibGD.pixels(png))
        #expect(p.width == 2 && p.height == 2)
        #expect(p.rgb == [0xFF0000, 0x00FF00, 0x0000FF, 0xFF8080])
        let (_, _, raw) = try Self.wellFormed(png)
        #expect(raw == [0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 128, 128])
    }

    /// Bands kept from earlier pictures never change the bytes: a sequence of pictures with a
    /// few changed rows, a changed size and padding, and a return to an earlier picture, each
    /// equals a fresh encoder's PNG and decodes to its own pixels.
    @Test(arguments: [0, 1, 2])
    func reusedBandsGiveAFreshEncodersBytes(seed: Int) throws {
        var generator = DocumentFuzzer.Random(seed: UInt64(seed + 1))
        let first = Picture.random(width: 37, height: 3 * PNGFrameEncoder.bandRows + 5, stride: 37 * 4, &generator)
        var pictures = [first]
        for _ in 0..<6 { pictures.append(pictures.last!.changing(rows: 1 + generator.below(3), &generator)) }
        pictures.append(first)
        pictures.append(Picture.random(width: 20, height: 7, stride: 96, &generator))
        pictures.append(pictures.last!.changingPadding())
        pictures.append(first)
        let shared = PNGFrameEncoder()
        for (i, picture) in pictures.enumerated() {
            let reused = try #require(picture.png(shared))
            let fresh = try #require(picture.png(PNGFrameEncoder()))
            let same = reused == fresh
            #expect(same, "picture \(i): a reused band changed the bytes")
            let (width, height, raw) = try Self.wellFormed(reused)
            #expect(width == picture.width && height == picture.height)
            let decoded = raw == picture.pngRows
            #expect(decoded, "picture \(i): decoded rows are not the picture's")
        }
    }

    /// A picture whose bytes are too few for its size is refused rather than read past.
    @Test func shortPictureIsRefused() {
        let image = Picture(width: 4, height: 4, stride: 16, bytes: [UInt8](repeating: 0, count: 60))
        #expect(image.png(PNGFrameEncoder()) == nil)
    }

    /// Checks the signature, each chunk's CRC, IHDR (8-bit RGB) and IEND, and inflates the
    /// IDAT (zlib checks the Adler-32); returns the size and the inflated rows.
    static func wellFormed(_ png: [UInt8]) throws -> (width: Int, height: Int, rows: [UInt8]) {
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ i: Int) -> Int { png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        var at = 8, types: [String] = [], idat: [UInt8] = [], width = 0, height = 0
        while at + 12 <= png.count {
            let length = be32(at), body = Array(png[at + 4..<at + 8 + length])
            let type = String(decoding: body.prefix(4), as: UTF8.self)
            let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
            #expect(Int(crc) == be32(at + 8 + length), "\(type) CRC")
            if type == "IHDR" {
                width = be32(at + 8)
                height = be32(at + 12)
                #expect(Array(body[12...]) == [8, 2, 0, 0, 0])
            }
            if type == "IDAT" { idat += body[4...] }
            types.append(type)
            at += 12 + length
        }
        #expect(at == png.count && types == ["IHDR", PNGEncoder.bandsChunk, "IDAT", "IEND"])
        var rows = [UInt8](repeating: 0, count: height * (1 + 3 * width) + 1)
        var length = UInt(rows.count)
        let status = uncompress(&rows, &length, idat, UInt(idat.count))
        try #require(status == Z_OK, "zlib stream: status \(status)")
        #expect(Int(length) == height * (1 + 3 * width))
        // navviz's encoder filters "sub" and "up" only; the rows returned are unfiltered
        // (filter byte 0), as a decoder sees them.
        let rowBytes = 1 + 3 * width
        for y in 0..<height {
            let at = y * rowBytes
            switch rows[at] {
            case 1: for i in 4..<rowBytes { rows[at + i] = rows[at + i] &+ rows[at + i - 3] }
            case 2: for i in 1..<rowBytes { rows[at + i] = rows[at + i] &+ (y > 0 ? rows[at + i - rowBytes] : 0) }
            case 0: break
            default: Issue.record("row \(y): filter \(rows[at])")
            }
            rows[at] = 0
        }
        return (width, height, Array(rows[..<Int(length)]))
    }

    /// What FlatDeflate writes (runs, matches found in its table, literals) inflates, with
    /// zlib and with FlatInflate, to what it was given; pieces laid end to end make one
    /// stream; the Adler-32 it sums as it goes is zlib's.
    @Test(arguments: [0, 1, 2, 3])
    func flatDeflateInflatesToItsInput(seed: Int) throws {
        var generator = DocumentFuzzer.Random(seed: UInt64(seed + 11))
        var input: [UInt8] = []
        while input.count < 20_000 + seed * 7_000 {
            switch generator.below(4) {
            case 0: input += [UInt8](repeating: UInt8(generator.below(3)), count: 1 + generator.below(700))
            case 1: input += (0..<(1 + generator.below(40))).map { _ in UInt8(generator.below(256)) }
            case 2 where input.count > 10:
                let start = generator.below(input.count - 4), length = 4 + generator.below(min(300, input.count - start - 4) + 1)
                input += input[start..<min(input.count, start + length)]
            default: input.append(UInt8(generator.below(256)))
            }
        }
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << FlatDeflate.hashBits)
        defer { table.deallocate() }
        var stream: [UInt8] = []
        let halves = [input[..<(input.count / 3)], input[(input.count / 3)...]]
        for half in halves {
            var out = [UInt8](repeating: 0, count: FlatDeflate.bound(half.count))
            let (written, adler) = Array(half).withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { FlatDeflate.encode(source.baseAddress!, count: half.count, into: $0.baseAddress!, table: table) }
            }
            #expect(written <= out.count)
            #expect(UInt(adler) == Array(half).withUnsafeBufferPointer { adler32(1, $0.baseAddress, UInt32($0.count)) }, "zlib's Adler-32")
            stream += out[..<written]
        }
        stream += [0x03, 0x00]  // the final empty block
        var zlibOut = [UInt8](repeating: 0, count: input.count + 1)
        var z = z_stream()
        #expect(inflateInit2_(&z, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        let status = stream.withUnsafeMutableBufferPointer { source in
            zlibOut.withUnsafeMutableBufferPointer { target in
                z.next_in = source.baseAddress
                z.avail_in = UInt32(source.count)
                z.next_out = target.baseAddress
                z.avail_out = UInt32(target.count)
                return inflate(&z, Z_FINISH)
            }
        }
        inflateEnd(&z)
        #expect(status == Z_STREAM_END)
        #expect(Array(zlibOut[..<(input.count)]) == input && z.avail_out == 1)
        var flat = [UInt8](repeating: 0, count: input.count)
        let inflated = stream.withUnsafeBufferPointer { source in flat.withUnsafeMutableBufferPointer { FlatInflate.inflate(source, into: $0) } }
        #expect(inflated && flat == input)
        // One byte more or less than the stream holds does not pass.
        var short = [UInt8](repeating: 0, count: input.count - 1)
        #expect(!stream.withUnsafeBufferPointer { source in short.withUnsafeMutableBufferPointer { FlatInflate.inflate(source, into: $0) } })
    }
}

/// A BGRA picture held in an array, for the encoder tests.
private struct Picture {
    var width: Int
    var height: Int
    var stride: Int
    var bytes: [UInt8]

    func png(_ encoder: PNGFrameEncoder) -> [UInt8]? {
        let raster = bytes.withUnsafeBytes { Raster(width: width, height: height, stride: stride, copying: $0) }
        return raster.flatMap { RasterPage($0, width: width, height: height) }.flatMap(encoder.png)
    }

    /// The unfiltered RGB rows a PNG of this picture holds.
    /// PNG's rows: each pixel's colour, a partly transparent one (premultiplied) over the
    /// top-left pixel's colour.
    var pngRows: [UInt8] {
        (0..<height).flatMap { y in
            [0] + (0..<width).flatMap { x in
                let p = y * stride + 4 * x, rest = 255 - Int(bytes[p + 3])
                return [2, 1, 0].map { c in UInt8(min(255, Int(bytes[p + c]) + (Int(bytes[c]) * rest + 127) / 255)) }
            }
        }
    }

    static func random(width: Int, height: Int, stride: Int, _ generator: inout DocumentFuzzer.Random) -> Picture {
        // A few colours, so rows compress like a diagram's.
        let palette: [[UInt8]] = [[255, 255, 255, 255], [40, 40, 40, 255], [200, 120, 30, 255], [0, 0, 0, 0]]
        var bytes = [UInt8](repeating: 0xAB, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let colour = palette[generator.below(palette.count)]
                bytes.replaceSubrange(y * stride + 4 * x..<y * stride + 4 * x + 4, with: colour)
            }
        }
        return Picture(width: width, height: height, stride: stride, bytes: bytes)
    }

    /// The picture with one pixel changed in each of `rows` random rows.
    func changing(rows: Int, _ generator: inout DocumentFuzzer.Random) -> Picture {
        var out = self
        for _ in 0..<rows {
            let y = generator.below(height), x = generator.below(width)
            out.bytes[y * stride + 4 * x] &+= 1
        }
        return out
    }

    /// The same pixels with different bytes between the rows' ends and their strides.
    func changingPadding() -> Picture {
        var out = self
        for y in 0..<height { for i in 4 * width..<stride { out.bytes[y * stride + i] &+= 1 } }
        return out
    }
}
