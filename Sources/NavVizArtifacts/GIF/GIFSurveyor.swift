import Foundation

/// The GIF's survey (``GIFEncoder/Survey``: the canvas and the sampled frames' colours) made
/// while the frames are drawn, so that the palette is ready when the last frame is: each PNG
/// frame is handed over (``add(_:png:)``) while it is still in memory, its size is taken from
/// its header, and a sampled frame's colours are counted on another thread while drawing goes
/// on. Without it the survey read the 48 sampled PNGs back from disk and counted them on every
/// core after the last frame was drawn, before the GIF could start.
///
/// The sampled frames are counted one after the other, each band by band: a band whose bytes
/// are the same as in the sampled frame counted before is not read again, its counts are
/// that frame's (``GIFFrames/colors(_:after:reader:counts:total:)``; a PNG that is not navviz's is
/// counted whole). The frames sampled are the ones ``GIFEncoder/Survey`` samples from all
/// `count` frames with `sampling` (the same rule), and a frame's counts are the same however
/// they are counted, so the survey, and the GIF, are the same as made after drawing.
package final class GIFSurveyor: @unchecked Sendable {
    /// How many frames the animation has.
    package let count: Int
    /// Each frame's place in the sample, nil for a frame not sampled.
    private let slots: [Int?]
    private let sampled: [Int]
    /// Counts the sampled frames, one at a time, in the order they are handed over.
    private let queue = DispatchQueue(label: "navviz.gif-survey")
    private let group = DispatchGroup()
    private let lock = NSLock()
    // Under `lock`: each frame's size (nil until handed over, or unreadable), whether it was
    // handed over, and each sampled frame's counts (nil until counted, or unreadable).
    private var sizes: [(width: Int, height: Int)?]
    private var seen: [Bool]
    private var counted: [[UInt32: Int]?]
    // On `queue` only: the counting's scratch and the last frame counted band by band.
    private let scratch = GIFFrames.Scratch()
    private let total = GIFColorCounts()
    /// A band's counts: a band has tens of colours, and a table of 2^12 slots, visited
    /// whole to empty it, cost more to empty than to fill.
    private let band = GIFColorCounts(bits: 8)
    private var previous: (png: [UInt8], bands: [[GIFColorCounts.Count]])?
    /// Whether `scratch` went to the GIF's pool (nothing is counted after the survey).
    private var lent = false

    /// A survey of `count` frames; `sampling(i)` picks frames sampled besides the evenly
    /// spaced ones (failures, whose colours may be rare).
    package init(count: Int, sampling: (Int) -> Bool) {
        self.count = count
        sampled = GIFEncoder.Survey.sample(Array(0..<count), sampling: sampling)
        var slots = [Int?](repeating: nil, count: count)
        for (k, i) in sampled.enumerated() { slots[i] = k }
        self.slots = slots
        sizes = Array(repeating: nil, count: count)
        seen = Array(repeating: false, count: count)
        counted = Array(repeating: nil, count: sampled.count)
    }

    /// Whether frame `i` is one whose colours are counted.
    package func isSampled(_ i: Int) -> Bool { i >= 0 && i < count && slots[i] != nil }

    /// Frame `i`'s PNG, as drawn: its size is recorded now, and when it is sampled its colours
    /// are counted on another thread (the bytes are kept until then).
    package func add(_ i: Int, png: [UInt8]) {
        guard i >= 0, i < count else { return }
        let size = PNGReader.size(png)
        lock.withLock {
            sizes[i] = size
            seen[i] = true
        }
        guard let k = slots[i] else { return }
        queue.async(group: group) { [self] in
            guard !lent else { return }
            var counts: [UInt32: Int]?
            if let banded = GIFFrames.colors(png, after: previous, reader: scratch.reader, counts: band, total: total) {
                counts = banded.colors
                previous = (png, banded.bands)
            } else {
                counts = GIFFrames.colors(png, scratch: scratch)
            }
            lock.withLock { counted[k] = counts }
        }
    }

    /// The survey, once every sampled frame is counted (waits for them); nil when a frame was
    /// never handed over (the survey is then made from the files). Throws
    /// ``GIFEncoder/GIFError/unreadableFrame(_:)`` for a frame whose PNG could not be read.
    /// Its scratch, done with, goes to `pool` (one scratch fewer made to encode the GIF), and
    /// the last frame counted is let go.
    func survey(lending pool: GIFFrames.Pool? = nil) throws(GIFEncoder.GIFError) -> GIFEncoder.Survey? {
        group.wait()
        queue.sync {
            previous = nil
            if let pool, !lent {
                lent = true
                pool.give(scratch)
            }
        }
        let (sizes, seen, counted) = lock.withLock { (self.sizes, self.seen, self.counted) }
        guard !seen.contains(false) else { return nil }
        var survey = GIFEncoder.Survey()
        for (i, size) in sizes.enumerated() {
            guard let size else { throw .unreadableFrame(i) }
            survey.width = max(survey.width, size.width)
            survey.height = max(survey.height, size.height)
        }
        for (k, counts) in counted.enumerated() {
            guard let counts else { throw .unreadableFrame(sampled[k]) }
            survey.colors.merge(counts, uniquingKeysWith: +)
        }
        return survey
    }
}
