/// GIF's LZW compression of one image's colour indices (GIF89a, appendix F): variable-length
/// codes from `minimumCodeSize + 1` up to 12 bits, packed least significant bit first, in
/// sub-blocks of at most 255 bytes.
///
/// The string table is a direct array (a code's child by the next index), so finding a
/// string is one load; the slots filled since the last clear are remembered so that a clear
/// empties only them. Runs of one index (a diagram's background, a frame's unchanged pixels)
/// are most of the pixels: the codes of the strings that repeat one index are kept by length
/// (those of one index are always lengths 1 to some longest), so a run is matched by
/// counting its pixels, eight at a time, rather than by following the table a pixel at a
/// time; the codes are the same. The table is cleared (a clear code sent) when code 4095
/// would be assigned, before it is: the code size never goes past 12 bits, and decoders
/// that treat a full table differently agree. One encoder per thread; it keeps its tables
/// (4 MB) between images, and frees them in `deinit`.
final class GIFLZW {
    /// The longest code.
    static let maxBits = 12

    /// `children[code << 8 | index]`: the code of code's string followed by index, 0 where
    /// there is none (no string ever has code 0: it is an index, and indices are roots).
    private let children: UnsafeMutablePointer<UInt16>
    /// Slots of `children` set since the last clear (at most 4096).
    private let filled: UnsafeMutablePointer<Int32>
    /// For each code whose string repeats one index: how many times (0 for any other code),
    /// and the index.
    private let runLength: UnsafeMutablePointer<UInt16>
    private let runIndex: UnsafeMutablePointer<UInt8>
    /// `runCode[index << 12 | n]`: the code of index repeated n times, for n up to
    /// `longestRun[index]`.
    private let runCode: UnsafeMutablePointer<UInt16>
    private let longestRun: UnsafeMutablePointer<Int>
    /// The sub-block being filled with packed codes.
    private let block: UnsafeMutablePointer<UInt8>

    init() {
        children = .allocate(capacity: 1 << (Self.maxBits + 8))
        children.initialize(repeating: 0, count: 1 << (Self.maxBits + 8))
        filled = .allocate(capacity: 1 << Self.maxBits)
        runLength = .allocate(capacity: 1 << Self.maxBits)
        runIndex = .allocate(capacity: 1 << Self.maxBits)
        runCode = .allocate(capacity: 1 << (Self.maxBits + 8))
        longestRun = .allocate(capacity: 256)
        block = .allocate(capacity: 255)
    }

    deinit {
        children.deallocate()
        filled.deallocate()
        runLength.deallocate()
        runIndex.deallocate()
        runCode.deallocate()
        longestRun.deallocate()
        block.deallocate()
    }

    /// Appends the image data of `pixels` (indices below 2^`minimumCodeSize`): the minimum
    /// code size, the codes in sub-blocks, and the empty block that ends them.
    func encode(_ pixels: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into out: inout [UInt8]) {
        precondition((2...8).contains(minimumCodeSize))
        let children = children, filled = filled, block = block
        let runLength = runLength, runIndex = runIndex, runCode = runCode, longestRun = longestRun
        let clear = 1 << minimumCodeSize, end = clear + 1
        var size = minimumCodeSize + 1, next = clear + 2, filledCount = 0
        var bits: UInt64 = 0, count = 0, written = 0
        out.append(UInt8(minimumCodeSize))
        @inline(__always) func emit(_ code: Int) {
            bits |= UInt64(code) << UInt64(count)
            count += size
            while count >= 8 {
                block[written] = UInt8(truncatingIfNeeded: bits)
                written += 1
                bits >>= 8
                count -= 8
                if written == 255 {
                    out.append(255)
                    out.append(contentsOf: UnsafeBufferPointer(start: block, count: 255))
                    written = 0
                }
            }
        }
        // Each index is a string of itself, once.
        for index in 0..<clear {
            runLength[index] = 1
            runIndex[index] = UInt8(index)
            runCode[index << 12 | 1] = UInt16(index)
            longestRun[index] = 1
        }
        runLength[clear] = 0
        runLength[end] = 0
        emit(clear)
        if let base = pixels.baseAddress, pixels.count > 0 {
            var prefix = Int(base[0])
            var i = 1
            while i < pixels.count {
                let index = Int(base[i])
                let slot = prefix << 8 | index
                let child = children[slot]
                if child != 0 {
                    let n = Int(runLength[prefix])
                    if n != 0, Int(runIndex[prefix]) == index {
                        // A run of `index` continues: as far as the input and the table go.
                        let longest = longestRun[index], limit = pixels.count
                        var k = i &+ 1, reach = n &+ 1
                        // Eight pixels at a time while they are all `index`, then one at a time.
                        let eight = UInt64(index) &* 0x0101_0101_0101_0101
                        while reach &+ 8 <= longest, k &+ 8 <= limit,
                              UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self) == eight {
                            k &+= 8
                            reach &+= 8
                        }
                        while reach < longest, k < limit, Int(base[k]) == index {
                            k &+= 1
                            reach &+= 1
                        }
                        prefix = Int(runCode[index << 12 | reach])
                        i = k
                    } else {
                        prefix = Int(child)
                        i += 1
                    }
                    continue
                }
                emit(prefix)
                // The decoder, one string behind, widens its codes when the next code it
                // would assign no longer fits: so does the encoder, before assigning it.
                if next >= 1 << size, size < Self.maxBits { size += 1 }
                if next == (1 << Self.maxBits) - 1 {
                    emit(clear)
                    for k in 0..<filledCount { children[Int(filled[k])] = 0 }
                    filledCount = 0
                    for index in 0..<clear { longestRun[index] = 1 }
                    size = minimumCodeSize + 1
                    next = clear + 2
                } else {
                    children[slot] = UInt16(next)
                    filled[filledCount] = Int32(slot)
                    filledCount += 1
                    let n = Int(runLength[prefix])
                    if n != 0, Int(runIndex[prefix]) == index {
                        runLength[next] = UInt16(n + 1)
                        runIndex[next] = UInt8(index)
                        runCode[index << 12 | (n + 1)] = UInt16(next)
                        longestRun[index] = n + 1
                    } else {
                        runLength[next] = 0
                    }
                    next += 1
                }
                prefix = index
                i += 1
            }
            emit(prefix)
            if next >= 1 << size, size < Self.maxBits { size += 1 }
        }
        emit(end)
        if count > 0 {
            block[written] = UInt8(truncatingIfNeeded: bits)
            written += 1
        }
        if written > 0 {
            out.append(UInt8(written))
            out.append(contentsOf: UnsafeBufferPointer(start: block, count: written))
        }
        // The table is left empty for the next image.
        for k in 0..<filledCount { children[Int(filled[k])] = 0 }
        out.append(0)
    }
}
