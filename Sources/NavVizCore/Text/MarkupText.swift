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
        // Most text (labels, every frame's caption) has no unsafe scalar, and so no line
        // break either: only its specials change. (Split into lines and made visible scalar
        // by scalar, a caption took 44,000 instructions.)
        guard s.unicodeScalars.contains(where: PlainText.isUnsafe) else { return entities(s, attribute: attribute) }
        return s.split(separator: "\n", omittingEmptySubsequences: false)
            .map { entities(PlainText.visible(String($0)), attribute: attribute) }
            .joined(separator: attribute ? "&#10;" : "\n")
    }

    /// `s` with `&`, `<` and `>` as entities, and with `attribute` both quotes too; `s`
    /// itself when it has none.
    private static func entities(_ s: String, attribute: Bool) -> String {
        func entity(_ byte: UInt8) -> String? {
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): attribute ? "&quot;" : nil
            case UInt8(ascii: "'"): attribute ? "&apos;" : nil
            default: nil
            }
        }
        guard s.utf8.contains(where: { entity($0) != nil }) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        for byte in s.utf8 {
            if let entity = entity(byte) { out += entity.utf8 } else { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
