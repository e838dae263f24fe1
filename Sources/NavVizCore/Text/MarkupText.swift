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
        // A text of one line with no unsafe scalar, as labels and every frame's caption are,
        // is escaped byte by byte (and returned as it is when nothing needs escaping): the
        // walk below took 44,000 instructions a caption.
        let line = s.utf8.withContiguousStorageIfAvailable { escapeSafeLine($0, attribute: attribute) }
            ?? escapeSafeLine(Array(s.utf8), attribute: attribute)
        switch line {
        case .unchanged: return s
        case .escaped(let escaped): return escaped
        case .notSafe: break
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

    /// What ``escapeSafeLine(_:attribute:)`` made of a text.
    private enum SafeLine {
        /// Nothing in it needs escaping.
        case unchanged
        case escaped(String)
        /// It has a line break or an unsafe scalar: walk it by lines and scalars.
        case notSafe
    }

    /// The escape of `bytes` (UTF-8) when they are one line without an unsafe scalar
    /// (`PlainText.isUnsafe`).
    private static func escapeSafeLine(_ bytes: some RandomAccessCollection<UInt8>, attribute: Bool) -> SafeLine {
        var out: [UInt8]?
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let byte = bytes[i]
            let next = bytes.index(after: i)
            var entity: String?
            switch byte {
            case 0..<0x20, 0x7F: return .notSafe
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = attribute ? "&quot;" : nil
            case UInt8(ascii: "'"): entity = attribute ? "&apos;" : nil
            case 0xC2:
                // U+0080-U+009F: C1 controls.
                if next != bytes.endIndex, bytes[next] <= 0x9F { return .notSafe }
            case 0xE2, 0xEF:
                // U+2028-U+202E (line and paragraph separators, embeddings, overrides),
                // U+2066-U+2069 (isolates), U+FFFE and U+FFFF.
                guard next != bytes.endIndex else { break }
                let third = bytes.index(after: next)
                guard third != bytes.endIndex else { break }
                let (b1, b2) = (bytes[next], bytes[third])
                if byte == 0xE2, (b1 == 0x80 && (0xA8...0xAE).contains(b2)) || (b1 == 0x81 && (0xA6...0xA9).contains(b2)) { return .notSafe }
                if byte == 0xEF, b1 == 0xBF, b2 >= 0xBE { return .notSafe }
            default: break
            }
            if let entity {
                if out == nil { out = Array(bytes[bytes.startIndex..<i]) }
                out! += entity.utf8
            } else if out != nil {
                out!.append(byte)
            }
            i = next
        }
        return out.map { .escaped(String(decoding: $0, as: UTF8.self)) } ?? .unchanged
    }
}
