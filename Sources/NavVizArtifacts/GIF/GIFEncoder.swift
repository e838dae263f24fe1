import NavVizRender
import NavVizCore

/// Encodes PNG frames as one animated GIF (GIF89a), in-process and on every core. Frames are
/// placed on a canvas the size of the largest one (filled with each frame's own corner
/// colour) and share one palette chosen from a sample of frames (255 colours unless a size
/// limit asks for fewer: ``GIFPalette``); each frame stores only the rectangle that changed
/// since the frame before, the pixels in it that did not change transparent (``GIFFrames``,
/// compressed by ``GIFLZW``); the animation loops forever. The same frames always give the
/// same bytes, however many cores encode them.
package enum GIFEncoder {
    /// Why frames could not be encoded.
    package enum GIFError: Error, Equatable, Sendable, CustomStringConvertible {
        /// There was nothing to encode.
        case noFrames
        /// Frame N (from 0) is not a readable PNG (or is larger than the first reading said).
        case unreadableFrame(Int)
        /// The GIF would be larger than this many bytes, however reduced.
        case tooLarge(Int)

        package var description: String {
            switch self {
            case .noFrames: "an animated GIF needs at least one frame"
            case .unreadableFrame(let i): "frame \(i + 1) is not a readable PNG"
            case .tooLarge(let limit): "the GIF \(GIFEncoder.beyondReduction(limit))"
            }
        }
    }

    /// How long the last frame is held, in frames' delays: a viewer sees the end state before
    /// the loop restarts.
    package static let lastFrameHold = 3

    /// "would be larger than `limit` even with …": what a ``GIFError/tooLarge(_:)`` says
    /// of the GIF, for a caller that names the file and how to ask for less.
    package static func beyondReduction(_ limit: Int) -> String {
        "would be larger than \(PlainText.bytes(limit)) even with \(reductions.last!.colors) colours and every \(reductions.last!.stride)th frame"
    }

    /// Encodes `count` frames a batch at a time, so a long animation is never held whole.
    /// `delay` is in hundredths of a second; the last frame is held `lastFrameHold` times as
    /// long so a viewer sees the end state before the loop restarts.
    /// `png(i)` gives frame `i`'s PNG (asked for twice: once for its size, and the colours of
    /// a sample of frames, once to draw it; with `size`, only the sample's are asked for
    /// before drawing, the other frames' sizes are `size(i)`, nil when it cannot be read)
    /// and `sink` receives the GIF in pieces. The frames
    /// share one palette of at most `colors` colours (``GIFPalette``, from the sample), each
    /// stores only the rectangle that changed since the frame before, its unchanged pixels
    /// transparent (``GIFFrames``); frames where `keep` is false are left out, their time given
    /// to the frame before.
    package static func write(count: Int, delay: Int, lastFrameHold: Int = GIFEncoder.lastFrameHold, colors: Int = 255, keep: (Int) -> Bool = { _ in true },
                             png: (Int) throws(GIFError) -> [UInt8], size: ((Int) -> (width: Int, height: Int)?)? = nil,
                             to sink: ([UInt8]) throws(GIFError) -> Void) throws(GIFError) {
        let kept = (0..<count).filter(keep)
        guard !kept.isEmpty else { throw .noFrames }
        let pool = GIFFrames.Pool()
        let survey = try Survey(kept, sampling: { _ in false }, pool: pool, png: png, size: size)
        try encode(kept, delay: delay, lastFrameHold: lastFrameHold, palette: GIFPalette(counts: survey.colors, maxColors: colors),
                   width: survey.width, height: survey.height, pool: pool, png: png, to: sink)
    }

    /// The canvas every frame fits on and the colours of a sample of frames.
    struct Survey {
        var width = 0, height = 0
        var colors: [UInt32: Int] = [:]

        /// Frames sampled for their colours, evenly spaced (and the last).
        static let sampleSize = 48

        init() {}

        /// The frames of `frames` whose colours are counted, in order: ``sampleSize`` evenly
        /// spaced ones (the first among them), the last, and those `sampling` picks.
        static func sample(_ frames: [Int], sampling: (Int) -> Bool) -> [Int] {
            let step = max(1, (frames.count + sampleSize - 1) / sampleSize)
            return frames.enumerated().filter { k, i in k % step == 0 || k == frames.count - 1 || sampling(i) }.map(\.element)
        }

        /// Reads every frame of `frames` for its size, and the colours of the sample and of
        /// the frames `sampling` picks (failures, whose colours may be rare). With `size`, a
        /// frame outside the sample is not read: `size(i)` gives its size (from its PNG's
        /// header; a PNG of hundreds of kilobytes read whole for 8 bytes was a tenth of the
        /// GIF's time).
        init(_ frames: [Int], sampling: (Int) -> Bool, pool: GIFFrames.Pool, png: (Int) throws(GIFError) -> [UInt8],
             size: ((Int) -> (width: Int, height: Int)?)? = nil) throws(GIFError) {
            let picked = Set(Self.sample(frames, sampling: sampling))
            var sample: [(frame: Int, png: [UInt8])] = []
            for i in frames {
                let sampled = picked.contains(i)
                let found: (width: Int, height: Int)?
                if !sampled, let size {
                    found = size(i)
                } else {
                    let bytes = try png(i)
                    found = PNGReader.size(bytes)
                    if sampled { sample.append((i, bytes)) }
                }
                guard let found else { throw .unreadableFrame(i) }
                width = max(width, found.width)
                height = max(height, found.height)
            }
            nonisolated(unsafe) var counted = [[UInt32: Int]?](repeating: nil, count: sample.count)
            // Each call writes only its own slot.
            counted.withUnsafeMutableBufferPointer { slots in
                nonisolated(unsafe) let slots = slots
                pool.run(sample.count) { k, scratch in slots[k] = GIFFrames.colors(sample[k].png, scratch: scratch) }
            }
            for (k, counts) in counted.enumerated() {
                guard let counts else { throw .unreadableFrame(sample[k].frame) }
                colors.merge(counts, uniquingKeysWith: +)
            }
        }
    }

    /// Writes the GIF of the `kept` frames with `palette` on a `width` ×
    /// `height` canvas, a batch of frames at a time: the batch's PNGs are read here, then
    /// drawn as indices on every core (only the bands of rows whose bytes differ from the
    /// frame before's: the rest is copied, on every core, from the frame that drew them), then encoded on every core
    /// (each frame against the one before), then handed to `sink` in order.
    static func encode(_ kept: [Int], delay: Int, lastFrameHold: Int, palette: GIFPalette, width: Int, height: Int, pool: GIFFrames.Pool,
                       png: (Int) throws(GIFError) -> [UInt8], to sink: ([UInt8]) throws(GIFError) -> Void) throws(GIFError) {
        try sink(header(width: width, height: height, palette: palette))
        let pixels = width * height, batch = max(8, 2 * GIFFrames.threads)
        // Slot 0 holds the frame before the batch; slots 1... the batch's frames. Slot k is
        // image `(base + k) % (batch + 1)`: the next batch's slot 0 is this batch's last slot,
        // not a copy of it.
        nonisolated(unsafe) let images = UnsafeMutablePointer<UInt8>.allocate(capacity: (batch + 1) * pixels)
        defer { images.deallocate() }
        nonisolated(unsafe) var base = 0
        func image(_ slot: Int) -> UnsafeMutablePointer<UInt8> { images + (base + slot) % (batch + 1) * pixels }
        // The PNG of the frame before the batch: a band of rows with the same bytes in a frame
        // and the one before has the same indices, copied rather than read again.
        var before: [UInt8]?
        for start in stride(from: 0, to: kept.count, by: batch) {
            let frames = Array(kept[start..<min(kept.count, start + batch)])
            var pngs: [[UInt8]] = []
            for i in frames { pngs.append(try png(i)) }
            let holds = frames.indices.map { j in
                let k = start + j
                return k == kept.count - 1 ? delay * lastFrameHold : delay * (kept[k + 1] - kept[k])
            }
            // Each call writes only its own slot (of `drawn`, `blocks` and `images`).
            nonisolated(unsafe) var drawn = [[Range<Int>]?](repeating: nil, count: frames.count)
            let previous = before
            drawn.withUnsafeMutableBufferPointer { drawn in
                nonisolated(unsafe) let drawn = drawn
                pool.run(frames.count) { j, scratch in
                    drawn[j] = GIFFrames.draw(pngs[j], after: j == 0 ? previous : pngs[j - 1], palette: palette, into: image(j + 1),
                                              width: width, height: height, scratch: scratch)
                }
            }
            if let j = drawn.firstIndex(where: { $0 == nil }) { throw .unreadableFrame(frames[j]) }
            // Then the rows each frame shares with the frame before, on every core: each from
            // the frame that drew it (the latest at or before it; slot 0 is whole), so no copy
            // waits for another.
            var from = [Int](repeating: 0, count: height)
            var sources: [[Int]] = []
            for rows in drawn {
                var drawnHere = [Bool](repeating: true, count: height)
                for range in rows! { for y in range where y < height { drawnHere[y] = false } }
                for y in 0..<height where drawnHere[y] { from[y] = sources.count + 1 }
                sources.append(from)
            }
            pool.run(frames.count) { j, _ in
                let source = sources[j], target = image(j + 1)
                var y = 0
                while y < height {
                    let s = source[y]
                    guard s != j + 1 else { y += 1; continue }
                    var end = y + 1
                    while end < height, source[end] == s { end += 1 }
                    (target + y * width).update(from: image(s) + y * width, count: (end - y) * width)
                    y = end
                }
            }
            before = pngs.last
            // The rows each frame copied from the frame before, not compared again.
            let same = drawn.map { $0 ?? [] }
            nonisolated(unsafe) var blocks = [[UInt8]](repeating: [], count: frames.count)
            blocks.withUnsafeMutableBufferPointer { blocks in
                nonisolated(unsafe) let blocks = blocks
                pool.run(frames.count) { j, scratch in
                    blocks[j] = GIFFrames.encode(image(j + 1), previous: start + j == 0 ? nil : UnsafePointer(image(j)),
                                                 same: same[j], width: width, height: height, hold: holds[j], palette: palette, scratch: scratch)
                }
            }
            for block in blocks { try sink(block) }
            // The batch's last frame is the next batch's slot 0, where it is.
            base = (base + frames.count) % (batch + 1)
        }
        try sink([0x3B])
    }

    /// The GIF's header: its signature, the canvas, the global colour table (the palette,
    /// then black up to a power of two) and the NETSCAPE2.0 extension that loops it forever.
    static func header(width: Int, height: Int, palette: GIFPalette) -> [UInt8] {
        let bits = palette.tableBits
        var out = Array("GIF89a".utf8) + GIFFrames.le16(width) + GIFFrames.le16(height)
        // A global colour table of 2^bits entries, 8 bits per primary; background index 0.
        out += [0x80 | UInt8(7 << 4) | UInt8(bits - 1), 0, 0]
        for i in 0..<(1 << bits) {
            let c = i < palette.colors.count ? palette.colors[i] : 0
            out += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
        }
        out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        return out
    }

    /// How a GIF was made to fit its size limit.
    package struct Fit: Sendable, Equatable {
        package var colors: Int
        /// Every `stride`-th frame is kept (and the first, the last and each failure).
        package var stride: Int
        /// The GIF's size in bytes.
        package var bytes: Int
        package var frames: Int
    }

    /// Ways to make a GIF smaller, tried in order: fewer colours, then fewer frames. Each
    /// colour count and its transparent index fill a colour table of a power of two.
    static let reductions: [(colors: Int, stride: Int)] = [(255, 1), (127, 1), (63, 1), (31, 1), (31, 2), (31, 4), (31, 8), (31, 16), (31, 32), (31, 64)]

    /// The least share of its size at 255 colours a GIF can be expected to keep with
    /// `colors` colours (generous: on the sessions of Scripts/gen-session.py 127 colours keep
    /// 92%, 63 keep 85%, 31 keep 75%).
    static func leastShare(colors: Int) -> Double {
        colors >= 255 ? 1 : colors >= 127 ? 0.8 : colors >= 63 ? 0.65 : 0.5
    }

    /// Encodes the frames as ``write(count:delay:lastFrameHold:colors:keep:png:size:to:)`` does,
    /// into memory, at most `limit` bytes: the first of ``reductions`` that fits. Frames
    /// where `mustKeep` is true (failures) are kept whatever the stride. Throws
    /// ``GIFError/tooLarge`` when even the last does not fit. With `surveyor` (made with
    /// `count` frames and `mustKeep`, handed every frame as it was drawn) the canvas and the
    /// palette's colours are its survey, and no PNG is read for them here.
    ///
    /// The PNGs are read once for the canvas and the palette's colours, then once per
    /// reduction tried, each attempt stopping as soon as it passes the limit. When the first
    /// attempt stops (after enough frames to tell), the size it was heading for tells which
    /// reductions cannot fit even at their ``leastShare(colors:)`` and a share of the frames
    /// (with a margin of a quarter): those are not tried. (Were the size from a later, already
    /// reduced attempt, it would only make fewer reductions look hopeless.)
    package static func fit(count: Int, delay: Int, limit: Int, mustKeep: (Int) -> Bool = { _ in false },
                           png: (Int) throws(GIFError) -> [UInt8], size: ((Int) -> (width: Int, height: Int)?)? = nil,
                           surveyor: GIFSurveyor? = nil) throws(GIFError) -> (gif: [UInt8], fit: Fit) {
        guard count > 0 else { throw .noFrames }
        // Read once for every reduction: the canvas and the colours (failures' included),
        // made while the frames were drawn when `surveyor` saw every one of them.
        let pool = GIFFrames.Pool()
        var drawn: Survey?
        if let surveyor, surveyor.count == count { drawn = try surveyor.survey(lending: pool) }
        let survey: Survey
        if let drawn { survey = drawn } else { survey = try Survey(Array(0..<count), sampling: mustKeep, pool: pool, png: png, size: size) }
        var palettes: [Int: GIFPalette] = [:]
        // The size the first attempt that stopped after enough frames was heading for.
        var heading: Double?
        for (colors, stride) in reductions {
            let kept = (0..<count).filter { i in i % stride == 0 || i == count - 1 || mustKeep(i) }
            if let heading, heading * leastShare(colors: colors) * Double(kept.count) / Double(count) > 1.25 * Double(limit) { continue }
            let palette = palettes[colors] ?? GIFPalette(counts: survey.colors, maxColors: colors)
            palettes[colors] = palette
            var out: [UInt8] = []
            out.reserveCapacity(min(limit, 1 << 26))
            // The header, then a piece per frame; the first frame is stored whole.
            var pieces = 0, start = 0
            do throws(GIFError) {
                try encode(kept, delay: delay, lastFrameHold: lastFrameHold, palette: palette, width: survey.width, height: survey.height,
                           pool: pool, png: png) { bytes throws(GIFError) in
                    out += bytes
                    pieces += 1
                    if pieces == 2 { start = out.count }
                    if out.count > limit { throw .tooLarge(limit) }
                }
            } catch .tooLarge {
                // Projected from the frames after the first, once there are enough of them.
                let later = pieces - 2
                if heading == nil, later >= 8 { heading = Double(start) + Double(out.count - start) * Double(kept.count - 1) / Double(later) }
                continue
            }
            return (out, Fit(colors: colors, stride: stride, bytes: out.count, frames: kept.count))
        }
        throw .tooLarge(limit)
    }
}
