/// How many pixels of each colour a frame has, counted as ``GIFFrames/colors(_:scratch:)``
/// reads the frame: a ``GIFColorTable`` (the open-addressing table ``GIFPalette/Mapper``
/// keeps its entries in) of colour keys (R | G << 8 | B << 16) and their counts, emptied
/// for the next frame. It replaced a `[UInt32: Int]` whose hashing and lookups (SipHash,
/// once for every run of one colour along a row) were 231 M of the 486 M instructions
/// counting the colours of the instruction guard's session took. One per thread
/// (``GIFFrames/Scratch``).
final class GIFColorCounts {
    private let table: GIFColorTable<Int>

    /// How many colours the table holds.
    var filled: Int { table.filled }

    init(bits: Int = 12) {
        table = GIFColorTable(bits: bits, blank: 0)
    }

    /// Counts `n` more pixels of the colour whose key is `key` (below 2^24).
    @inline(__always)
    func add(_ key: UInt32, _ n: Int) {
        let (slot, found) = table.slot(key)
        if found { table.values[slot] &+= n } else { table.insert(key, n, at: slot) }
    }

    /// A colour's key and how many pixels it has.
    typealias Count = (key: UInt32, count: Int)

    /// The counts by key, in the table's order, and the table emptied: a band's counts
    /// (``GIFFrames/colors(_:after:reader:counts:total:)``), kept for the next frame's same band.
    func drain() -> [Count] {
        var out: [Count] = []
        out.reserveCapacity(table.filled)
        for i in 0..<table.capacity where table.keys[i] != GIFColorTable<Int>.empty {
            out.append((table.keys[i], table.values[i]))
        }
        table.removeAll()
        return out
    }

    /// Empties the table.
    func removeAll() { table.removeAll() }

    /// The counts by colour as 0xRRGGBB (``GIFPalette/Mapper/rgb(key:)``), and the table
    /// emptied for the next frame.
    func take() -> [UInt32: Int] {
        var out: [UInt32: Int] = [:]
        out.reserveCapacity(table.filled)
        for i in 0..<table.capacity where table.keys[i] != GIFColorTable<Int>.empty {
            out[GIFPalette.Mapper.rgb(key: table.keys[i])] = table.values[i]
        }
        table.removeAll()
        return out
    }
}
