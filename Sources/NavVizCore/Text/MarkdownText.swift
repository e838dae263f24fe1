/// Text from a document made safe inside GitHub-flavoured Markdown (summary.md, `navviz
/// check`'s step summary): the one escaper for Markdown, as ``MarkupText`` is for XML and
/// HTML, `PlainText` for terminals and JSONOutput's `quote` for JSON. (Mermaid blocks
/// inside the Markdown are escaped by the Mermaid encoder, for Mermaid.)
package enum MarkdownText {
    /// Text safe in a Markdown table cell and heading: no raw HTML, no pipes, no links or
    /// emphasis, one line (CR LF, lone CRs, U+2028/U+2029 included), and no controls or
    /// bidirectional overrides (they become spaces). Works on scalars: `"\r\n"` is one
    /// Swift `Character` and would slip past a per-character match.
    package static func inline(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "*", "_", "`", "[", "]", "#", "\\", "!", "~": out += "\\" + String(u)
            case _ where PlainText.isUnsafe(u): out += " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
