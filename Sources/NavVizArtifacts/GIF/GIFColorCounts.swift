/// How many pixels of each colour a frame has, counted as ``GIFFrames/colors(_:scratch:)``
/// reads the frame: an open-addressing table (linear probing, Fibonacci hashing, as
/// ``GIFPalette/Mapper``'s) of colour keys (R | G << 8 | B << 16) and their counts, emptied
/// for the next frame. It replaced a `[UInt32: Int]` whose hashing and lookups (SipHash,
/// once for every run of one colour along a row) were 231 M of the 486 M instructions
/// counting the colours of the instruction guard's session took. One per thread
/// (``GIFFrames/Scratch``); it frees its table in `deinit`.
final class GIFColorCounts {
    /// A slot with no colour: no key has its top byte set.
    private static let empty: UInt32 = 0xFFFF_FFFF

    private var keys: UnsafeMutablePointer<UInt32>
    private var counts: UnsafeMutablePointer<Int>
    /// log2 of the table's size.
    private var bits: Int
    /// How many colours the table holds.
    private(set) var filled = 0

    init(bits: Int = 12) {
        self.bits = bits
        (keys, counts) = Self.table(bits)
    }

    deinit {
        keys.deallocate()
        counts.deallocate()
    }

    private static func table(_ bits: Int) -> (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Int>) {
        let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: 1 << bits)
        keys.initialize(repeating: empty, count: 1 << bits)
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 1 << bits)
        counts.initialize(repeating: 0, count: 1 << bits)
        return (keys, counts)
    }

    @inline(__always)
    private static func slot(_ key: UInt32, _ bits: Int) -> Int { Int((key &* 0x9E37_79B1) >> UInt32(32 - bits)) }

    /// Counts `n` more pixels of the colour whose key is `key` (below 2^24).
    @inline(__always)
    func add(_ key: UInt32, _ n: Int) {
        let mask = (1 << bits) &- 1
        var slot = Self.slot(key, bits)
        while true {
            let found = keys[slot]
            if found == key {
                counts[slot] &+= n
                return
            }
            if found == Self.empty { break }
            slot = (slot &+ 1) & mask
        }
        keys[slot] = key
        counts[slot] = n
        filled += 1
        if filled * 2 > 1 << bits { grow() }
    }

    /// The counts by colour as 0xRRGGBB (``GIFPalette/Mapper/rgb(key:)``), and the table
    /// emptied for the next frame.
    func take() -> [UInt32: Int] {
        var out: [UInt32: Int] = [:]
        out.reserveCapacity(filled)
        for i in 0..<(1 << bits) where keys[i] != Self.empty {
            out[GIFPalette.Mapper.rgb(key: keys[i])] = counts[i]
            keys[i] = Self.empty
        }
        filled = 0
        return out
    }

    private func grow() {
        let (oldKeys, oldCounts, oldCount) = (keys, counts, 1 << bits)
        defer {
            oldKeys.deallocate()
            oldCounts.deallocate()
        }
        bits += 1
        (keys, counts) = Self.table(bits)
        let mask = (1 << bits) - 1
        for i in 0..<oldCount where oldKeys[i] != Self.empty {
            var slot = Self.slot(oldKeys[i], bits)
            while keys[slot] != Self.empty { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[i]
            counts[slot] = oldCounts[i]
        }
    }
}
