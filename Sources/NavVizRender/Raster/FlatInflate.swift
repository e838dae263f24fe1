/// Inflates what ``FlatDeflate`` writes: raw deflate blocks with fixed Huffman codes and
/// stored blocks, a run copied at distance 1 as one fill, a copy that does not overlap as
/// one move. (zlib's inflate copies a run byte by byte: a diagram's frame, nearly all runs,
/// inflates several times faster here.) A block with dynamic codes, which navviz never
/// writes, is refused (nil): the caller inflates that stream with zlib.
package enum FlatInflate {
    /// Each 9-bit prefix of the input (least significant bit first) as the fixed literal/length
    /// symbol it starts with and that symbol's code length.
    static let literals: [(symbol: UInt16, bits: UInt8)] = {
        var table = [(symbol: UInt16, bits: UInt8)](repeating: (0, 0), count: 512)
        for (s, entry) in FlatDeflate.symbols.enumerated() {
            let step = 1 << entry.bits
            var k = Int(entry.code)
            while k < 512 {
                table[k] = (UInt16(s), UInt8(entry.bits))
                k += step
            }
        }
        return table
    }()

    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                      4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// A 5-bit distance code (as read, least significant bit first) and its distance symbol.
    static let distances: [UInt8] = (0..<32).map { UInt8(FlatDeflate.reversed(UInt32($0), 5)) }

    /// Inflates `input` (whole blocks, none of them final or the last one final) into
    /// `output`, which must then be full: exactly `output.count` bytes. Nil when the input is
    /// not such blocks, holds a dynamic block, or gives another number of bytes.
    package static func inflate(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        guard let out = output.baseAddress, let inp = input.baseAddress else { return output.isEmpty }
        var reader = BitReader(inp, count: input.count)
        var o = 0
        let capacity = output.count
        return literals.withUnsafeBufferPointer { literals in
            while true {
                guard reader.has(3) else { return o == capacity && reader.atEnd }
                let final = reader.take(1), type = reader.take(2)
                switch type {
                case 0:
                    reader.alignToByte()
                    guard reader.has(32) else { return false }
                    let length = Int(reader.take(16)), complement = Int(reader.take(16))
                    guard length ^ 0xFFFF == complement, o + length <= capacity, let start = reader.bytePosition,
                          start + length <= input.count else { return false }
                    (out + o).update(from: inp + start, count: length)
                    reader.skipBytes(length)
                    o += length
                case 1:
                    while true {
                        guard reader.has(9) || reader.has(7) else { return false }
                        let entry = literals[Int(reader.peek(9))]
                        guard entry.bits > 0, reader.has(Int(entry.bits)) else { return false }
                        reader.drop(Int(entry.bits))
                        let symbol = Int(entry.symbol)
                        if symbol < 256 {
                            guard o < capacity else { return false }
                            out[o] = UInt8(symbol)
                            o &+= 1
                            continue
                        }
                        if symbol == 256 { break }
                        let k = symbol - 257
                        guard k < 29, reader.has(lengthExtra[k] + 5) else { return false }
                        let length = lengthBase[k] + Int(reader.take(lengthExtra[k]))
                        let d = Int(distances[Int(reader.take(5))])
                        guard d < 30, reader.has(distanceExtra[d]) else { return false }
                        let distance = distanceBase[d] + Int(reader.take(distanceExtra[d]))
                        guard distance <= o, o + length <= capacity else { return false }
                        if distance == 1 {
                            (out + o).update(repeating: out[o - 1], count: length)
                        } else if distance >= length {
                            (out + o).update(from: out + o - distance, count: length)
                        } else {
                            for i in 0..<length { out[o + i] = out[o + i - distance] }
                        }
                        o &+= length
                    }
                default:
                    return false
                }
                if final == 1 { return o == capacity }
            }
        }
    }

    /// Bits read least significant first.
    struct BitReader {
        let input: UnsafePointer<UInt8>
        let count: Int
        var position = 0
        var buffer: UInt64 = 0
        var available = 0

        init(_ input: UnsafePointer<UInt8>, count: Int) {
            self.input = input
            self.count = count
        }

        /// Whether `n` more bits are there (reading them into the buffer).
        @inline(__always)
        mutating func has(_ n: Int) -> Bool {
            while available < n {
                guard position < count else { return false }
                buffer |= UInt64(input[position]) << UInt64(available)
                position &+= 1
                available &+= 8
            }
            return true
        }

        /// The next `n` bits without taking them; zeros past the end.
        @inline(__always)
        mutating func peek(_ n: Int) -> UInt32 {
            _ = has(n)
            return UInt32(truncatingIfNeeded: buffer) & ((1 << UInt32(n)) - 1)
        }

        @inline(__always)
        mutating func drop(_ n: Int) {
            buffer >>= UInt64(n)
            available &-= n
        }

        @inline(__always)
        mutating func take(_ n: Int) -> UInt32 {
            guard n > 0 else { return 0 }
            _ = has(n)
            let v = UInt32(truncatingIfNeeded: buffer) & ((1 << UInt32(n)) - 1)
            drop(n)
            return v
        }

        mutating func alignToByte() { drop(available % 8) }

        /// Where the next whole byte is, once aligned and the buffer holds only whole bytes.
        var bytePosition: Int? { available % 8 == 0 ? position - available / 8 : nil }

        mutating func skipBytes(_ n: Int) {
            position = position - available / 8 + n
            buffer = 0
            available = 0
        }

        var atEnd: Bool { position >= count && available < 8 }
    }
}
