/// Text from a document made safe inside XML or HTML (a JUnit report, the HTML player, an
/// SVG): the one escaper for markup, as `PlainText` is for terminals, ``MarkdownText`` for
/// Markdown and JSONOutput's `quote` for JSON. Controls, line breaks within a line and
/// bidirectional overrides are shown as visible escapes (`PlainText/visible(_:)`): XML 1.0
/// cannot hold most controls, and in HTML they would reorder or hide text. Line breaks
/// between lines are kept.
///
/// (Graphviz's HTML-like labels are DOT, not markup a browser reads: their text goes through
/// DOTText, which also keeps Graphviz from expanding backslashes.)
package enum MarkupText {
    /// Text for element content: `&`, `<` and `>` as entities.
    package static func content(_ s: String) -> String {
        escape(s, attribute: false)
    }

    /// Text for a double- or single-quoted attribute value: XML's five specials as entities,
    /// and line breaks as `&#10;` (a parser folds a raw one into a space).
    package static func attribute(_ s: String) -> String {
        escape(s, attribute: true)
    }

    private static func escape(_ s: String, attribute: Bool) -> String {
        // Printable ASCII with nothing to escape, as most labels and every frame's caption
        // are, is its own escape (a scan of its bytes instead of a walk by lines and scalars).
        if s.utf8.allSatisfy({ byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && (!attribute || (byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")))
        }) {
            return s
        }
        var out = ""
        for (i, line) in s.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { out += attribute ? "&#10;" : "\n" }
            for u in PlainText.visible(String(line)).unicodeScalars {
                switch u {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"" where attribute: out += "&quot;"
                case "'" where attribute: out += "&apos;"
                default: out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}
