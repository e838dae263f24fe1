extension String {
    /// `bytes` as a string when they are well-formed UTF-8, else nil: what
    /// `String(validating: bytes, as: UTF8.self)` gives, on every system navviz supports.
    /// That initializer is macOS 15 / iOS 18 and later; Package.swift declares macOS 13 and
    /// iOS 16 (`make availability` checks NavVizCore against them). Where it exists (and on
    /// Linux, which has no such limits) it is what runs; on older systems
    /// ``UTF8Validation/string(_:)`` does the same.
    package init?(validatingUTF8Bytes bytes: some Collection<UInt8>) {
        let contiguous = bytes.withContiguousStorageIfAvailable { String.validatingUTF8($0) }
        guard let s = contiguous ?? Array(bytes).withUnsafeBufferPointer({ String.validatingUTF8($0) }) else { return nil }
        self = s
    }

    private static func validatingUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> String? {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            return String(validating: buffer, as: UTF8.self)
        }
        return UTF8Validation.string(buffer)
    }
}

/// UTF-8 validation for the systems without `String(validating:as:)` (before macOS 15 and
/// iOS 18): ``String/init(validatingUTF8Bytes:)`` uses it there; the tests compare it with
/// the standard library's on every byte sequence of up to two bytes and many longer ones.
package enum UTF8Validation {
    /// The string of `buffer` when it is well-formed UTF-8, else nil: checked, then decoded
    /// (decoding changes nothing in well-formed UTF-8).
    package static func string(_ buffer: UnsafeBufferPointer<UInt8>) -> String? {
        isWellFormed(buffer) ? String(decoding: buffer, as: UTF8.self) : nil
    }

    /// Whether `buffer` is well-formed UTF-8 (The Unicode Standard, table 3-7): no overlong
    /// form, no surrogate (U+D800 to U+DFFF), nothing past U+10FFFF, no sequence cut short,
    /// no continuation byte without a lead. NUL is well-formed, as the standard library has it.
    package static func isWellFormed(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = buffer.count
        var i = 0
        while i < n {
            let lead = buffer[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // How many continuation bytes follow the lead, and the range of the first one
            // (narrower than 0x80...0xBF after E0, ED, F0 and F4).
            let more: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: more = 1
            case 0xE0: more = 2; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: more = 2
            case 0xED: more = 2; high = 0x9F
            case 0xF0: more = 3; low = 0x90
            case 0xF1...0xF3: more = 3
            case 0xF4: more = 3; high = 0x8F
            default: return false // 0x80...0xC1 (a continuation byte, an overlong lead), 0xF5...0xFF
            }
            guard n - i > more, buffer[i + 1] >= low, buffer[i + 1] <= high else { return false }
            var k = 2
            while k <= more {
                guard buffer[i + k] & 0xC0 == 0x80 else { return false }
                k += 1
            }
            i += more + 1
        }
        return true
    }
}
