import NavVizRender
import Foundation

/// The work ``GIFEncoder`` does per frame, on every core (``Pool``): counting a sample of
/// frames' colours (for the palette) and drawing a PNG frame as palette indices on the
/// animation's canvas (GIFFrames+Pixels.swift), and encoding a frame as the rectangle that
/// changed since the frame before.
///
/// A frame's bytes depend only on its pixels, the previous frame's and the palette, so
/// frames are encoded in any order, on any thread, and always give the same GIF.
enum GIFFrames {
    /// What one thread keeps between frames: its PNG reader, its colour counts and cache, its
    /// LZW table and the changed rectangle's indices.
    final class Scratch {
        let reader = PNGReader()
        let counts = GIFColorCounts()
        let lzw = GIFLZW()
        var mapper: GIFPalette.Mapper?
        var rectangle: [UInt8] = []

        func mapper(for palette: GIFPalette) -> GIFPalette.Mapper {
            if let mapper, mapper.palette == palette { return mapper }
            let made = GIFPalette.Mapper(palette)
            mapper = made
            return made
        }
    }

    /// The cores a batch of frames is sized for (at most 8; ``GIFEncoder``'s batches are
    /// twice this).
    static var threads: Int { max(1, min(8, ProcessInfo.processInfo.activeProcessorCount)) }

    /// The threads' scratches, kept for a whole GIF (its passes included), each lent to one
    /// call at a time under the pool's lock.
    final class Pool: @unchecked Sendable {
        private let lock = NSLock()
        private var free: [Scratch] = []

        /// Adds `scratch` (no longer used elsewhere) to the ones lent out.
        func give(_ scratch: Scratch) {
            lock.withLock { free.append(scratch) }
        }

        /// Runs `body(i, scratch)` for every `i` in `0..<count` on every core
        /// (`DispatchQueue.concurrentPerform`), each call with a scratch no other call is
        /// using: as many scratches are made as calls ever ran at once, one per core.
        func run(_ count: Int, _ body: (Int, Scratch) -> Void) {
            withoutActuallyEscaping(body) { body in
                // Each call uses only the scratch it took and writes only its own results
                // (see the callers), so nothing is shared without the lock.
                nonisolated(unsafe) let body = body
                DispatchQueue.concurrentPerform(iterations: count) { i in
                    let scratch = lock.withLock { free.popLast() } ?? Scratch()
                    body(i, scratch)
                    lock.withLock { free.append(scratch) }
                }
            }
        }
    }

    /// The smallest rectangle holding every pixel where `image` differs from `previous`
    /// (x, y, width, height), or nil when none does. The rows in `same` are known to be
    /// `previous`'s (copied from it: ``GIFFrames/draw(_:after:palette:into:width:height:scratch:)``'s
    /// unchanged bands, most of a frame's rows) and are not compared.
    static func changed(_ image: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, width: Int, height: Int,
                        same: [Range<Int>] = []) -> (x: Int, y: Int, width: Int, height: Int)? {
        var compared = [Bool](repeating: true, count: height)
        for range in same { for y in range where y < height { compared[y] = false } }
        var top = -1, bottom = -1
        for y in 0..<height where compared[y] && memcmp(image + y * width, previous + y * width, width) != 0 {
            if top < 0 { top = y }
            bottom = y
        }
        guard top >= 0 else { return nil }
        var left = width, right = -1
        for y in top...bottom where compared[y] {
            let a = UnsafeRawPointer(image + y * width), b = UnsafeRawPointer(previous + y * width)
            // Eight pixels at a time, then one at a time within the eight that differ.
            var x = 0
            while x &+ 8 <= left, a.loadUnaligned(fromByteOffset: x, as: UInt64.self) == b.loadUnaligned(fromByteOffset: x, as: UInt64.self) { x &+= 8 }
            while x < left, a.load(fromByteOffset: x, as: UInt8.self) == b.load(fromByteOffset: x, as: UInt8.self) { x &+= 1 }
            left = min(left, x)
            // The same from the right: x is one past the pixel being compared.
            x = width
            while x &- 8 > right, a.loadUnaligned(fromByteOffset: x &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: x &- 8, as: UInt64.self) { x &-= 8 }
            while x &- 1 > right, a.load(fromByteOffset: x &- 1, as: UInt8.self) == b.load(fromByteOffset: x &- 1, as: UInt8.self) { x &-= 1 }
            right = max(right, x &- 1)
        }
        return (left, top, right - left + 1, bottom - top + 1)
    }

    /// Unchanged pixels are made transparent only in runs (along a row) of at least this
    /// many: a short run is cheaper stored as its colours, which continue the runs around it.
    static let transparentRun = 16

    /// The first `x` from `start` (or `count`) where `a` and `b` differ.
    @inline(__always)
    static func sameUntil(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var x = start
        while x &+ 8 <= count,
              UnsafeRawPointer(a + x).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(b + x).loadUnaligned(as: UInt64.self) { x &+= 8 }
        while x < count, a[x] == b[x] { x &+= 1 }
        return x
    }

    /// The choice between storing unchanged runs transparent or as colours is made on every
    /// this many rows of the rectangle.
    static let countedRows = 4

    /// How often a row's stored index changes from one pixel to the next, with the unchanged
    /// runs transparent and without (`a` the row, `b` the previous frame's).
    static func changes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int, transparent: UInt8) -> (withTransparency: Int, without: Int) {
        var changes = (withTransparency: 0, without: 0)
        var last = (withTransparency: Int(transparent) + 1, without: -1)
        var x = 0
        while x < count {
            if a[x] != b[x] {
                if Int(a[x]) != last.withTransparency { changes.withTransparency &+= 1; last.withTransparency = Int(a[x]) }
                if Int(a[x]) != last.without { changes.without &+= 1; last.without = Int(a[x]) }
                x &+= 1
                continue
            }
            let end = sameUntil(a, b, from: x &+ 1, count: count)
            for k in x..<end where Int(a[k]) != last.without { changes.without &+= 1; last.without = Int(a[k]) }
            if end - x >= transparentRun {
                if last.withTransparency != Int(transparent) { changes.withTransparency &+= 1; last.withTransparency = Int(transparent) }
            } else {
                for k in x..<end where Int(a[k]) != last.withTransparency { changes.withTransparency &+= 1; last.withTransparency = Int(a[k]) }
            }
            x = end
        }
        return changes
    }

    /// One frame of the GIF: its graphic control extension (shown for `hold` hundredths of a
    /// second, then left in place), its image descriptor and its image data. With a previous
    /// frame, only the rectangle that changed is stored (a frame that changed nothing stores
    /// one pixel, unchanged), and in it either every pixel's colour, or the same with the
    /// runs of unchanged pixels transparent: whichever changes less often from one pixel to
    /// the next, which LZW stores in fewer codes. (When the picture moved, the colours are:
    /// transparent runs would cut the background's runs apart; when a few nodes changed, the
    /// transparent runs are.)
    static func encode(_ image: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, same: [Range<Int>] = [], width: Int, height: Int,
                       hold: Int, palette: GIFPalette, scratch: Scratch) -> [UInt8] {
        let transparent = palette.transparent
        var rect = (x: 0, y: 0, width: width, height: height)
        if let previous { rect = changed(image, previous, width: width, height: height, same: same) ?? (0, 0, 1, 1) }
        let count = rect.width * rect.height
        if scratch.rectangle.count < count { scratch.rectangle = [UInt8](repeating: 0, count: count) }
        var useTransparency = false
        scratch.rectangle.withUnsafeMutableBufferPointer { buffer in
            let out = buffer.baseAddress!
            func row(_ y: Int) -> UnsafePointer<UInt8> { image + (rect.y + y) * width + rect.x }
            guard let previous else {
                for y in 0..<rect.height { (out + y * rect.width).update(from: row(y), count: rect.width) }
                return
            }
            func before(_ y: Int) -> UnsafePointer<UInt8> { previous + (rect.y + y) * width + rect.x }
            var changes = (withTransparency: 0, without: 0)
            for y in stride(from: 0, to: rect.height, by: countedRows) {
                let counted = Self.changes(row(y), before(y), count: rect.width, transparent: transparent)
                changes.withTransparency += counted.withTransparency
                changes.without += counted.without
            }
            useTransparency = changes.withTransparency * 10 < changes.without * 9
            for y in 0..<rect.height {
                let a = row(y), b = before(y), o = out + y * rect.width
                guard useTransparency else {
                    o.update(from: a, count: rect.width)
                    continue
                }
                var x = 0
                while x < rect.width {
                    if a[x] != b[x] {
                        o[x] = a[x]
                        x &+= 1
                        continue
                    }
                    let end = sameUntil(a, b, from: x &+ 1, count: rect.width)
                    if end - x >= transparentRun { (o + x).update(repeating: transparent, count: end - x) } else { (o + x).update(from: a + x, count: end - x) }
                    x = end
                }
            }
        }
        // Disposal 1 (leave the frame in place), and the transparent index where it is used.
        var out: [UInt8] = [0x21, 0xF9, 0x04, useTransparency ? 0x05 : 0x04] + le16(min(0xFFFF, max(0, hold))) + [transparent, 0x00]
        out += [0x2C] + le16(rect.x) + le16(rect.y) + le16(rect.width) + le16(rect.height) + [0x00]
        scratch.rectangle.withUnsafeBufferPointer { pixels in
            scratch.lzw.encode(UnsafeBufferPointer(rebasing: pixels[0..<count]), minimumCodeSize: max(2, palette.tableBits), into: &out)
        }
        return out
    }

    /// `v` as GIF writes numbers: two bytes, least significant first.
    static func le16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
}
