/// An open-addressing table from colour keys (R | G << 8 | B << 16, below 2^24) to values:
/// linear probing, Fibonacci hashing (the top `bits` bits of the key times 2^32 / φ), grown
/// to twice its size when half full. What ``GIFColorCounts`` counts pixels in and
/// ``GIFPalette/Mapper`` keeps its palette entries in: a `Dictionary` hashed every lookup
/// with SipHash, which cost more than the rest of counting a frame's colours. Not
/// thread-safe; it frees its table in `deinit`.
final class GIFColorTable<Value> {
    /// A slot with no colour: no key has its top byte set.
    static var empty: UInt32 { 0xFFFF_FFFF }

    private(set) var keys: UnsafeMutablePointer<UInt32>
    private(set) var values: UnsafeMutablePointer<Value>
    /// log2 of the table's size.
    private(set) var bits: Int
    /// How many colours the table holds.
    private(set) var filled = 0
    /// The value of a slot no colour has.
    private let blank: Value

    init(bits: Int = 12, blank: Value) {
        self.bits = bits
        self.blank = blank
        (keys, values) = Self.table(bits, blank)
    }

    deinit {
        keys.deinitialize(count: 1 << bits).deallocate()
        values.deinitialize(count: 1 << bits).deallocate()
    }

    /// The table's size.
    var capacity: Int { 1 << bits }

    private static func table(_ bits: Int, _ blank: Value) -> (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Value>) {
        let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: 1 << bits)
        keys.initialize(repeating: empty, count: 1 << bits)
        let values = UnsafeMutablePointer<Value>.allocate(capacity: 1 << bits)
        values.initialize(repeating: blank, count: 1 << bits)
        return (keys, values)
    }

    /// The slot holding `key`, or the empty slot where it goes (`found` false).
    @inline(__always)
    func slot(_ key: UInt32) -> (slot: Int, found: Bool) {
        let mask = (1 << bits) &- 1
        var slot = Int((key &* 0x9E37_79B1) >> UInt32(32 - bits))
        while true {
            let at = keys[slot]
            if at == key { return (slot, true) }
            if at == Self.empty { return (slot, false) }
            slot = (slot &+ 1) & mask
        }
    }

    /// Puts `key` with `value` in the empty `slot` ``slot(_:)`` gave for it.
    @inline(__always)
    func insert(_ key: UInt32, _ value: Value, at slot: Int) {
        keys[slot] = key
        values[slot] = value
        filled += 1
        if filled * 2 > 1 << bits { grow() }
    }

    /// Empties the table, keeping its size.
    func removeAll() {
        for i in 0..<(1 << bits) where keys[i] != Self.empty {
            keys[i] = Self.empty
            values[i] = blank
        }
        filled = 0
    }

    private func grow() {
        let (oldKeys, oldValues, oldCount) = (keys, values, 1 << bits)
        defer {
            oldKeys.deinitialize(count: oldCount).deallocate()
            oldValues.deinitialize(count: oldCount).deallocate()
        }
        bits += 1
        (keys, values) = Self.table(bits, blank)
        filled = 0
        for i in 0..<oldCount where oldKeys[i] != Self.empty {
            let (slot, _) = slot(oldKeys[i])
            keys[slot] = oldKeys[i]
            values[slot] = oldValues[i]
            filled += 1
        }
    }
}
