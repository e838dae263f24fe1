import Foundation
import PropertyBased
import Testing
@testable import NavVizRender

/// DOTText's fast path: the bytes it copies as they are, compared one by one, are exactly
/// the printable ASCII it does not escape; and what it writes on either path.
struct DOTTextTests {
    /// Every byte: plain in quotes unless a control, non-ASCII, `"`, `\` or `&`; plain in an
    /// HTML-like label unless a control, non-ASCII, or one of `&<>"']\`.
    @Test func plainBytesAreThePrintableASCIINotEscaped() {
        let quotedEscapes = Array("\"\\&".utf8), htmlEscapes = Array("&<>\"']\\".utf8)
        for b in UInt8.min ... UInt8.max {
            let printable = b >= 0x20 && b < 0x7F
            #expect(DOTText.isPlainInQuotes(b) == (printable && !quotedEscapes.contains(b)), "byte \(b)")
            #expect(DOTText.isPlainInHTML(b) == (printable && !htmlEscapes.contains(b)), "byte \(b)")
        }
    }

    @Test(arguments: [
        ("home", #""home""#, "home"),
        ("", #""""#, ""),
        ("a&b", #""a&amp;b""#, "a&amp;b"),
        (#"say "hi""#, #""say \"hi\"""#, "say &quot;hi&quot;"),
        (#"a\b"#, #""a\\b""#, #"a\\b"#),
        ("x]'<y>", #""x]'<y>""#, "x&#93;&#39;&lt;y&gt;"),
        ("tab\there", #""tab here""#, "tab here"),
        ("Café", #""Café""#, "Café"),
    ])
    func writesTheSameOnEitherPath(text: String, quoted: String, html: String) {
        #expect(DOTText.quoted(text) == quoted)
        #expect(DOTText.html(text) == html)
    }

    /// Text with something to escape (a tooltip's newlines) is escaped character by
    /// character, whatever follows: the same text with a non-ASCII character after it writes
    /// the same bytes before that character.
    @Test func asciiTextIsEscapedAsTheScalarPathEscapesIt() async {
        let alphabet = Array("ab\n\r\t\u{0}\u{1F}\u{7F}\"\\&<> ]'".unicodeScalars)
        await propertyCheck(count: 1000, input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...24)) { picks in
            var text = ""
            for k in picks { text.unicodeScalars.append(alphabet[k]) }
            for escape in [{ DOTText.quoted($0) }, { DOTText.tooltip($0) }] as [@Sendable (String) -> String] {
                let slow = escape(text + "é")
                #expect(escape(text) == String(slow.dropLast(2)) + "\"", "\(Array(text.utf8))")
            }
        }
    }

    /// The escapes read UTF-8 bytes: on any text (controls, C1 controls, bidirectional
    /// overrides, U+FFFE, letters of two, three and four bytes) they write what a reading
    /// of the text scalar by scalar, the rules as written, gives.
    @Test func bytesAreEscapedAsTheScalarRulesSay() async {
        let alphabet = Array("ab\n\r\t\u{0}\u{1F}\u{7F}\u{80}\u{85}\u{9F}\u{A0}é\"\\&<> ]'⇄\u{2029}\u{202A}\u{202E}\u{202F}\u{2065}\u{2066}\u{2069}\u{206A}\u{FFFD}\u{FFFE}\u{FFFF}😀".unicodeScalars)
        await propertyCheck(count: 2000, input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...24)) { picks in
            var text = ""
            for k in picks { text.unicodeScalars.append(alphabet[k]) }
            #expect(DOTText.quoted(text) == "\"" + Self.reference(text, backslash: "\\\\", newline: " ") + "\"", "\(Array(text.utf8))")
            #expect(DOTText.tooltip(text) == "\"" + Self.reference(text, backslash: "\\\\\\\\", newline: "\\n") + "\"", "\(Array(text.utf8))")
            #expect(DOTText.html(text) == Self.referenceHTML(text), "\(Array(text.utf8))")
        }
    }

    /// Numbers: whole, with one or two decimals (both signs), and longer (rounded by `%.2f`).
    @Test func numbersAreWrittenAsGraphvizWritesThem() async {
        let cases: [(Double, String)] = [(0, "0"), (-0.0, "0"), (7, "7"), (-12, "-12"), (2.5, "2.5"), (-0.5, "-0.5"), (0.05, "0.05"),
                                         (-0.25, "-0.25"), (120.75, "120.75"), (3.10, "3.1"), (1.005, "1"), (2.345678, "2.35"), (1e15, "1000000000000000")]
        for (d, text) in cases { #expect(DOTText.number(d) == text, "\(d)") }
        await propertyCheck(count: 1000, input: Gen.int(in: -10_000_000...10_000_000)) { cents in
            let d = Double(cents) / 100
            var expected = String(format: "%.2f", d)
            while expected.hasSuffix("0") { expected.removeLast() }
            if expected.hasSuffix(".") { expected.removeLast() }
            if expected == "-0" { expected = "0" }
            #expect(DOTText.number(d) == expected, "\(d)")
        }
    }

    /// Any number, with any count of decimals (Graphviz's coordinates are binary fractions:
    /// 2054.8 is a hair over 205,480 cents), is written as `%.2f` writes it, trailing
    /// zeros and point dropped: near half a cent, and for values that round to `-0`, too.
    @Test func anyNumberIsWrittenAsPercentTwoFWritesIt() async {
        func expected(_ d: Double) -> String {
            var s = String(format: "%.2f", d)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return s
        }
        for d in [2054.8, -1615.2, 0.125, 0.375, -0.001, -0.004, -0.005, -0.006, 0.004, 0.005, 1.115, 2.675, 1e14 + 0.5, -1e14 - 0.25, 999.995] {
            #expect(DOTText.number(d) == expected(d), "\(d)")
        }
        await propertyCheck(count: 2000, input: Gen.int(in: -2_000_000_000...2_000_000_000).array(of: 2...2)) { pair in
            let d = Double(pair[0]) / Double([10, 100, 1000, 10_000, 100_000, 1_000_000][Int(pair[1].magnitude % 6)])
            #expect(DOTText.number(d) == expected(d), "\(d)")
        }
    }

    /// The rules, scalar by scalar: what the byte loops must write.
    static func reference(_ s: String, backslash: String, newline: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += backslash
            case "&": out += "&amp;"
            case "\n": out += newline
            case _ where DOTText.isControl(u): out += " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    static func referenceHTML(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "]": out += "&#93;"
            case "\\": out += "\\\\"
            case _ where DOTText.isControl(u): out += " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
