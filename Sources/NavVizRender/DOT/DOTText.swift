/// Escaping for the two kinds of DOT strings navviz writes. Text from a document is always
/// data: it never ends a string, never forms a Graphviz escape (`\N`, `\G`, `\L`…), never
/// becomes markup in an HTML-like label and never sets an attribute.
enum DOTText {
    /// A double-quoted DOT string. Backslashes are doubled so Graphviz's escString
    /// expansion gives them back literally; control characters become spaces.
    static func quoted(_ s: String) -> String {
        // Most text is plain ASCII with nothing to escape.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where isControl(u): out += " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// Text inside an HTML-like label: entities for markup characters, controls as spaces.
    static func html(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !Self.markup.contains($0) }) { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "]": out += "&#93;"
            case _ where isControl(u): out += " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// The ASCII characters ``html(_:)`` replaces.
    static let markup: Set<UInt8> = Set("&<>\"']".utf8)

    /// C0 and C1 controls, and the bidirectional overrides that could reorder other text.
    static func isControl(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (0x7F...0x9F).contains(u.value) || (0x202A...0x202E).contains(u.value)
            || (0x2066...0x2069).contains(u.value)
    }

    /// A number without trailing zeros: `2.5`, `1`.
    static func number(_ d: Double) -> String {
        if d == d.rounded() && abs(d) < 1e15 { return String(Int(d)) }
        // Exactly two or fewer decimals (what Graphviz writes): no formatting needed; `%.2f`
        // of such a value gives the same digits.
        let cents = d * 100
        if cents == cents.rounded(), abs(cents) < 1e15 {
            let k = Int(cents), whole = abs(k) / 100, fraction = abs(k) % 100
            let sign = k < 0 ? "-" : ""
            return fraction % 10 == 0 ? "\(sign)\(whole).\(fraction / 10)" : "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        }
        var s = String(format: "%.2f", d)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
