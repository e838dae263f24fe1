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
            for escape in [DOTText.quoted, DOTText.tooltip] {
                let slow = escape(text + "é")
                #expect(escape(text) == String(slow.dropLast(2)) + "\"", "\(Array(text.utf8))")
            }
        }
    }
}
