import Testing
import NavVizCore

/// `String(validatingUTF8Bytes:)` and the validation it falls back on before macOS 15 and
/// iOS 18 (``UTF8Validation``), which runs nowhere else: compared with the standard library's
/// own validation on every byte sequence of up to two bytes and on longer ones built from the
/// bytes where UTF-8's rules change.
struct UTF8ValidationTests {
    /// The standard library's verdict: `String(validating:as:)` where this system has it,
    /// else `transcode` stopping at the first error (both reject the same sequences).
    static func reference(_ bytes: [UInt8]) -> String? {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            let validated = String(validating: bytes, as: UTF8.self)
            #expect((validated == nil) == transcodeFails(bytes), "\(bytes)")
            return validated
        }
        return transcodeFails(bytes) ? nil : String(decoding: bytes, as: UTF8.self)
    }

    static func transcodeFails(_ bytes: [UInt8]) -> Bool {
        transcode(bytes.makeIterator(), from: UTF8.self, to: UTF8.self, stoppingOnError: true, into: { _ in })
    }

    static func fallback(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { UTF8Validation.string($0) }
    }

    /// Where the rules change: ASCII's ends, continuation bytes' ends, the overlong leads,
    /// each lead's first and last, the surrogates' lead ED, F4 (up to U+10FFFF), what can
    /// never appear.
    static let edges: [UInt8] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
        0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]

    @Test func everySequenceOfUpToTwoBytes() {
        var mismatches: [[UInt8]] = []
        #expect(Self.fallback([]) == "")
        for a in 0...255 {
            let one = [UInt8(a)]
            if Self.fallback(one) != Self.reference(one) { mismatches.append(one) }
            for b in 0...255 {
                let two = [UInt8(a), UInt8(b)]
                if Self.fallback(two) != Self.reference(two) { mismatches.append(two) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func sequencesOfThreeAndFourEdgeBytes() {
        var mismatches: [[UInt8]] = []
        var accepted = 0
        for a in Self.edges {
            for b in Self.edges {
                for c in Self.edges {
                    let three = [a, b, c]
                    let expected = Self.reference(three)
                    if Self.fallback(three) != expected { mismatches.append(three) }
                    for d in Self.edges where a >= 0xE0 { // after a three- or four-byte lead, or what is none
                        let four = [a, b, c, d]
                        let expected = Self.reference(four)
                        if expected != nil { accepted += 1 }
                        if Self.fallback(four) != expected { mismatches.append(four) }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(accepted > 1000) // the edges make valid sequences too, not only errors
    }

    @Test func knownSequences() {
        let cases: [(bytes: [UInt8], valid: Bool)] = [
            (Array("navviz é 😀 \u{10FFFF}".utf8), true),
            ([0x00, 0x61], true), // NUL is well-formed
            ([0xED, 0x9F, 0xBF], true), // U+D7FF, the last before the surrogates
            ([0xED, 0xA0, 0x80], false), // U+D800, a surrogate
            ([0xEE, 0x80, 0x80], true), // U+E000, the first after them
            ([0xF4, 0x8F, 0xBF, 0xBF], true), // U+10FFFF
            ([0xF4, 0x90, 0x80, 0x80], false), // U+110000
            ([0xC0, 0xAF], false), // an overlong "/"
            ([0xE0, 0x80, 0xAF], false), // another
            ([0xF0, 0x80, 0x80, 0xAF], false), // and another
            ([0xE2, 0x82], false), // cut short
            ([0x61, 0xF0, 0x9F, 0x98], false), // cut short at the end
            ([0x80], false), // a continuation byte alone
        ]
        for c in cases {
            #expect((Self.fallback(c.bytes) != nil) == c.valid, "\(c.bytes)")
            #expect(Self.fallback(c.bytes) == Self.reference(c.bytes), "\(c.bytes)")
            #expect(String(validatingUTF8Bytes: c.bytes) == Self.reference(c.bytes), "\(c.bytes)")
        }
    }

    /// Slices, non-contiguous collections and long text go through the same validation.
    @Test func anyCollectionOfBytes() {
        let text = String(repeating: "tab ✓ 😀", count: 50)
        let bytes = Array(text.utf8)
        #expect(String(validatingUTF8Bytes: bytes) == text)
        #expect(String(validatingUTF8Bytes: bytes.dropFirst(4).dropLast(4)) == String(text.dropFirst(4).dropLast(1))) // "tab ", 😀
        #expect(String(validatingUTF8Bytes: text.utf8) == text) // a String.UTF8View
        #expect(String(validatingUTF8Bytes: bytes.lazy.map { $0 }) == text) // not contiguous: copied first
        #expect(String(validatingUTF8Bytes: bytes.dropLast(1)) == nil) // the last 😀 cut short
        #expect(String(validatingUTF8Bytes: bytes.dropLast(1).lazy.map { $0 }) == nil)
    }
}
