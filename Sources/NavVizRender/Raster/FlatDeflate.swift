/// A deflate encoder for the rows of a flat diagram image, where most bytes, once a row is
/// filtered against its neighbour, are zeros in long runs and most of the rest repeat
/// something a little before them (the same glyph, the same edge): one block with deflate's
/// fixed Huffman codes, in which a run of a repeated byte is that byte and then copies of it
/// (matches at distance 1, up to 258 bytes each), four bytes or more seen earlier are a match
/// found with one probe of a hash table of the positions of 4-byte sequences, and any other
/// byte a literal. No search along chains, no code table to write: the input is read once,
/// eight bytes at a time along a run. (On navviz's frames this is as small as zlib's fastest
/// level, several times faster.)
///
/// The block is not final and is followed by an empty stored block (what zlib's
/// `Z_SYNC_FLUSH` writes), so the output ends on a byte boundary and such pieces can be laid
/// end to end in one stream (``PNGFrameEncoder``'s bands); the caller writes the stream's
/// final block. A piece's bytes depend only on its input.
enum FlatDeflate {
    /// The most bytes ``encode(_:count:into:table:)`` writes for `count` bytes: a literal is
    /// at most 9 bits, a match of 4 bytes or more at most 31.
    static func bound(_ count: Int) -> Int { count + count / 8 + 16 }

    /// Fixed Huffman code of each literal/length symbol (0...287), bit-reversed as deflate
    /// writes codes, and its length.
    static let symbols: [(code: UInt32, bits: Int)] = (0..<288).map { s in
        let (code, bits): (Int, Int)
        switch s {
        case 0..<144: (code, bits) = (0x30 + s, 8)
        case 144..<256: (code, bits) = (0x190 + s - 144, 9)
        case 256..<280: (code, bits) = (s - 256, 7)
        default: (code, bits) = (0xC0 + s - 280, 8)
        }
        return (reversed(UInt32(code), bits), bits)
    }

    /// Positions the hash table holds (of the 4-byte sequences seen), by their hash.
    static let hashBits = 13
    /// The farthest back a match may reach.
    static let window = 32_768

    /// A match at distance 1 of each length 3...258 (index = length): the length's symbol,
    /// its extra bits and distance code 0 (five zero bits), as one run of bits.
    static let matches: [(code: UInt32, bits: Int)] = lengths.map { ($0.code, $0.bits > 0 ? $0.bits + 5 : 0) }

    /// The length symbol's code and extra bits, as one run of bits, of each length 3...258.
    static let lengths: [(code: UInt32, bits: Int)] = (0...258).map { length in
        guard length >= 3 else { return (0, 0) }
        // RFC 1951, 3.2.5: length symbols 257... with their base lengths and extra bits.
        let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        let k = length == 258 ? 28 : bases.lastIndex { $0 <= length }!
        let symbol = symbols[257 + k]
        let extra = UInt32(length - bases[k])
        return (symbol.code | extra << UInt32(symbol.bits), symbol.bits + extras[k])
    }

    /// A distance's fixed code (5 bits, reversed) and extra bits, as one run of bits.
    @inline(__always)
    static func distance(_ d: Int) -> (code: UInt32, bits: Int) {
        let d1 = UInt32(d &- 1)
        guard d1 >= 4 else { return (distanceCodes[Int(d1)], 5) }
        let top = 31 &- d1.leadingZeroBitCount  // the highest bit set, 2 or more
        let extra = top &- 1
        let code = 2 &* top &+ Int((d1 >> UInt32(extra)) & 1)
        return (distanceCodes[code] | (d1 & ((1 << UInt32(extra)) &- 1)) << 5, 5 &+ extra)
    }

    /// The 30 distance codes, 5 bits each, reversed.
    static let distanceCodes: [UInt32] = (0..<32).map { reversed(UInt32($0), 5) }

    static func reversed(_ code: UInt32, _ bits: Int) -> UInt32 {
        var out: UInt32 = 0
        for i in 0..<bits where code & (1 << UInt32(i)) != 0 { out |= 1 << UInt32(bits - 1 - i) }
        return out
    }

    /// Encodes `count` bytes from `input` into `out` (room for ``bound(_:)`` bytes); returns
    /// how many bytes it wrote, and the Adler-32 of the input (zlib's checksum, the sum of a
    /// run of one byte taken at once). `table` (1 << ``hashBits`` entries) is the hash
    /// table's room, cleared here: its contents do not carry from one call to the next.
    static func encode(_ input: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>,
                       table: UnsafeMutablePointer<Int32>) -> (written: Int, adler: UInt32) {
        var writer = BitWriter(out)
        var sum = Adler()
        writer.put(2, 3)  // not final; fixed Huffman codes
        table.update(repeating: 0, count: 1 << hashBits)
        symbols.withUnsafeBufferPointer { symbols in
            matches.withUnsafeBufferPointer { matches in lengths.withUnsafeBufferPointer { lengths in
                var i = 0
                while i < count {
                    let byte = input[i]
                    let run = runLength(input, from: i &+ 1, count: count, of: byte)
                    if run < 3, i &+ 4 <= count {
                        // Four bytes seen before, not far back: a match, as long as it goes.
                        let v = UnsafeRawPointer(input + i).loadUnaligned(as: UInt32.self)
                        let h = Int((v &* 2_654_435_761) >> UInt32(32 &- hashBits))
                        let candidate = Int(table[h]) &- 1
                        table[h] = Int32(i &+ 1)
                        if candidate >= 0, i &- candidate <= window, UnsafeRawPointer(input + candidate).loadUnaligned(as: UInt32.self) == v {
                            var length = 4
                            let most = min(258, count &- i)
                            while length < most, input[candidate &+ length] == input[i &+ length] { length &+= 1 }
                            let code = lengths[length], far = distance(i &- candidate)
                            writer.put(code.code, code.bits)
                            writer.put(far.code, far.bits)
                            sum.add(input + i, count: length)
                            i &+= length
                            continue
                        }
                    }
                    let literal = symbols[Int(byte)]
                    writer.put(literal.code, literal.bits)
                    i &+= 1
                    guard run >= 3 else {
                        sum.add(byte)
                        continue
                    }
                    sum.add(byte, repeated: 1 &+ run)
                    var left = run
                    while left >= 3 {
                        let length = min(258, left)
                        let match = matches[length]
                        writer.put(match.code, match.bits)
                        left &-= length
                    }
                    // One or two bytes of the run are left: literals.
                    for _ in 0..<left { writer.put(literal.code, literal.bits) }
                    i &+= run
                }
            } }
        }
        writer.put(symbols[256].code, symbols[256].bits)  // end of block
        writer.put(0, 3)  // an empty stored block, not final: aligns the stream to a byte
        var written = writer.finish()
        for byte: UInt8 in [0x00, 0x00, 0xFF, 0xFF] {
            out[written] = byte
            written &+= 1
        }
        return (written, sum.value)
    }

    /// zlib's Adler-32 of bytes added in order, a run of one byte at once:
    /// a' = a + n·v and b' = b + n·a + v·n(n+1)/2 for n bytes v.
    struct Adler {
        static let modulus: UInt64 = 65_521
        var a: UInt64 = 1, b: UInt64 = 0
        /// Bytes added since the sums were last reduced.
        var pending = 0

        @inline(__always)
        mutating func add(_ byte: UInt8) {
            a &+= UInt64(byte)
            b &+= a
            pending &+= 1
            if pending >= 4_096 { reduce() }
        }

        mutating func add(_ bytes: UnsafePointer<UInt8>, count: Int) {
            for k in 0..<count { add(bytes[k]) }
        }

        @inline(__always)
        mutating func add(_ byte: UInt8, repeated n: Int) {
            reduce()
            let n = UInt64(n), v = UInt64(byte)
            b = (b &+ n % Self.modulus &* a &+ v &* (n &* (n &+ 1) / 2 % Self.modulus)) % Self.modulus
            a = (a &+ n % Self.modulus &* v) % Self.modulus
        }

        mutating func reduce() {
            a %= Self.modulus
            b %= Self.modulus
            pending = 0
        }

        var value: UInt32 {
            mutating get {
                reduce()
                return UInt32(b << 16 | a)
            }
        }
    }

    /// How many bytes from `start` (before `count`) equal `byte`, eight at a time.
    @inline(__always)
    static func runLength(_ input: UnsafePointer<UInt8>, from start: Int, count: Int, of byte: UInt8) -> Int {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var j = start
        while j &+ 8 <= count, UnsafeRawPointer(input + j).loadUnaligned(as: UInt64.self) == pattern { j &+= 8 }
        while j < count, input[j] == byte { j &+= 1 }
        return j &- start
    }

    /// Bits written least significant first, as deflate packs them.
    struct BitWriter {
        let out: UnsafeMutablePointer<UInt8>
        var position = 0
        var buffer: UInt64 = 0
        var filled = 0

        init(_ out: UnsafeMutablePointer<UInt8>) { self.out = out }

        @inline(__always)
        mutating func put(_ bits: UInt32, _ count: Int) {
            buffer |= UInt64(bits) << UInt64(filled)
            filled &+= count
            if filled >= 32 {
                UnsafeMutableRawPointer(out + position).storeBytes(of: UInt32(truncatingIfNeeded: buffer).littleEndian, as: UInt32.self)
                position &+= 4
                buffer >>= 32
                filled &-= 32
            }
        }

        /// Writes what is left, the last byte padded with zero bits; returns the bytes written.
        mutating func finish() -> Int {
            while filled > 0 {
                out[position] = UInt8(truncatingIfNeeded: buffer)
                position &+= 1
                buffer >>= 8
                filled = max(0, filled &- 8)
            }
            return position
        }
    }
}
