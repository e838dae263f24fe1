import PropertyBased
import Testing
import NavVizCore

/// The markup escaper: the rules in its doc comment, and its short cut for a line without
/// an unsafe scalar (escaped byte by byte, or returned as it is) agreeing with them.
struct MarkupTextTests {
    /// The rules, scalar by scalar: each line made visible (`PlainText.visible`), `&`, `<`
    /// and `>` as entities, and in attributes also both quotes; lines joined by a line break,
    /// in attributes `&#10;`. Written from the rules, as the test's oracle.
    static func reference(_ s: String, attribute: Bool) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            PlainText.visible(String(line)).unicodeScalars.map { u -> String in
                switch u {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\"" where attribute: "&quot;"
                case "'" where attribute: "&apos;"
                default: String(u)
                }
            }.joined()
        }.joined(separator: attribute ? "&#10;" : "\n")
    }

    @Test(arguments: [
        ("frame 3 of 200: push(chat)", "frame 3 of 200: push(chat)", "frame 3 of 200: push(chat)"),
        ("a < b & c > d", "a &lt; b &amp; c &gt; d", "a &lt; b &amp; c &gt; d"),
        (#"say "hi" it's"#, #"say "hi" it's"#, "say &quot;hi&quot; it&apos;s"),
        ("two\nlines", "two\nlines", "two&#10;lines"),
        ("tab\there", "tab\\there", "tab\\there"),
        ("caf\u{E9} \u{202E}rtl", "caf\u{E9} \\u{202E}rtl", "caf\u{E9} \\u{202E}rtl"),
        ("", "", ""),
    ])
    func examples(text: String, content: String, attribute: String) {
        #expect(MarkupText.content(text) == content)
        #expect(MarkupText.attribute(text) == attribute)
    }

    /// Random text over an alphabet of plain letters, every special, controls, line breaks,
    /// DEL, C1 controls and the scalars beside them, the separators, overrides and isolates
    /// and those beside them (`·`, `×`, `→`), U+FFFD to U+FFFF and a four-byte letter.
    @Test func agreesWithTheRules() async {
        let alphabet: [String] = ["a", "Z", " ", "0", "&", "<", ">", "\"", "'", "\n", "\r", "\t", "\u{7F}", "\u{80}", "\u{85}",
                                  "\u{9F}", "\u{A0}", "\u{B7}", "\u{D7}", "\u{E9}", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202E}",
                                  "\u{202F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{2192}", "\u{FFFD}", "\u{FFFE}",
                                  "\u{FFFF}", "\u{1D49C}", "~", ";"]
        await propertyCheck(count: 3000, input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...16)) { picks in
            let text = picks.map { alphabet[$0] }.joined()
            #expect(MarkupText.content(text) == Self.reference(text, attribute: false), "\(text.debugDescription)")
            #expect(MarkupText.attribute(text) == Self.reference(text, attribute: true), "\(text.debugDescription)")
        }
    }
}
