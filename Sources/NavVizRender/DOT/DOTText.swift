/// Escaping for the two kinds of DOT strings navviz writes. Text from a document is always
/// data: it never ends a string, never forms a Graphviz escape (`\N`, `\G`, `\L`…), never
/// becomes markup in an HTML-like label, never sets an attribute, and never makes Graphviz
/// write something that is not well-formed XML into an SVG.
///
/// What Graphviz 2.42/2.43 does with each kind of string, measured (see the injection tests):
/// - an `id` or `class` is expanded once (`\\` gives `\`, `\N` the node's name) and written
///   to the SVG with entity-like runs (`&#0;`, `&foo;`) kept raw, so `&` must arrive as `&amp;`;
/// - a `tooltip` is expanded twice (`\\\\` gives `\`) and its entities decoded, then
///   escaped in full;
/// - an HTML-like label's text has its entities decoded, then is expanded once like an `id`.
enum DOTText {
    /// A double-quoted DOT string for an `id`, `class` or colour. Backslashes are doubled so
    /// Graphviz's escString expansion gives them back literally, `&` is written `&amp;` so no
    /// entity reaches the SVG, and controls (and characters XML forbids) become spaces.
    static func quoted(_ s: String) -> String {
        quoted(s, backslash: "\\\\", newline: " ")
    }

    /// A double-quoted DOT string for a `tooltip`, which Graphviz expands twice: each
    /// backslash is written four times; newlines are kept (as `\n`).
    static func tooltip(_ s: String) -> String {
        quoted(s, backslash: "\\\\\\\\", newline: "\\n")
    }

    private static func quoted(_ s: String, backslash: String, newline: String) -> String {
        // Most text is plain ASCII with nothing to escape.
        if s.utf8.allSatisfy(Self.isPlainInQuotes) {
            var out = "\""
            out.reserveCapacity(s.utf8.count + 2)
            out += s
            out += "\""
            return out
        }
        // Scalar by scalar into UTF-8 bytes, made a string once (a string's appends cost
        // hundreds of instructions each, and every node's tooltip has lines to escape).
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(s.utf8.count + 16)
        for u in s.unicodeScalars {
            switch u {
            case "\"":
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "\""))
            case "\\": out += backslash.utf8
            case "&": out += "&amp;".utf8
            case "\n": out += newline.utf8
            case _ where isControl(u): out.append(UInt8(ascii: " "))
            default: out += u.utf8
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// Text inside an HTML-like label: entities for markup characters, backslashes doubled
    /// (Graphviz expands `\N` in label text too), controls as spaces.
    static func html(_ s: String) -> String {
        if s.utf8.allSatisfy(Self.isPlainInHTML) { return s }
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
            case _ where isControl(u): out += " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Whether ``html(_:)`` copies the UTF-8 byte `b` as it is: printable ASCII but the
    /// characters it replaces (markup `&<>"']`, and backslashes, which Graphviz would
    /// expand). Compared byte by byte, not looked up in a set: this runs for every byte of
    /// every label of every frame.
    @inline(__always)
    static func isPlainInHTML(_ b: UInt8) -> Bool {
        switch b {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x5D, 0x5C: false  // & < > " ' ] \
        default: b >= 0x20 && b < 0x7F
        }
    }

    /// Whether a quoted string (``quoted(_:)``, ``tooltip(_:)``) copies the UTF-8 byte `b`
    /// as it is: printable ASCII but `"`, `\` and `&`.
    @inline(__always)
    static func isPlainInQuotes(_ b: UInt8) -> Bool {
        switch b {
        case 0x22, 0x5C, 0x26: false  // " \ &
        default: b >= 0x20 && b < 0x7F
        }
    }

    /// C0 and C1 controls, the bidirectional overrides that could reorder other text, and
    /// U+FFFE and U+FFFF, which XML forbids (an SVG holding them is not well-formed).
    static func isControl(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (0x7F...0x9F).contains(u.value) || (0x202A...0x202E).contains(u.value)
            || (0x2066...0x2069).contains(u.value) || u.value == 0xFFFE || u.value == 0xFFFF
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
