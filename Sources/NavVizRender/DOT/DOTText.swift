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
        written { quoted(s, into: &$0) }
    }

    /// A double-quoted DOT string for a `tooltip`, which Graphviz expands twice: each
    /// backslash is written four times; newlines are kept (as `\n`).
    static func tooltip(_ s: String) -> String {
        written { tooltip(s, into: &$0) }
    }

    /// ``quoted(_:)``'s UTF-8 bytes, appended to `out`.
    static func quoted(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        escaped(s, backslash: "\\\\", newline: " ", into: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// ``tooltip(_:)``'s UTF-8 bytes, appended to `out`.
    static func tooltip(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        escaped(s, backslash: "\\\\\\\\", newline: "\\n", into: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// The inside of a quoted string: `s` escaped as ``quoted(_:)`` escapes it (so a caller
    /// may write a plain prefix, `node-`, inside the same quotes).
    static func escaped(_ s: String, into out: inout [UInt8]) {
        escaped(s, backslash: "\\\\", newline: " ", into: &out)
    }

    private static func escaped(_ s: String, backslash: String, newline: String, into out: inout [UInt8]) {
        // Most text is plain ASCII with nothing to escape: one scan, one copy.
        if Self.every(s, Self.isPlainInQuotes) { return out += s.utf8 }
        escape(s, into: &out) { c, out in
            switch c {
            case 0x22:
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "\""))
            case 0x5C: out += backslash.utf8
            case 0x26: out += "&amp;".utf8
            case 0x0A: out += newline.utf8
            default: return false
            }
            return true
        }
    }

    /// `s`'s bytes, each ASCII byte given to `special` first (it writes what stands for the
    /// byte and says so, or leaves it), controls written as spaces, a character of several
    /// bytes copied whole unless it is a control (``isControl(_:at:)``): byte by byte, for
    /// text with something to escape (every node's tooltip has lines).
    private static func escape(_ s: String, into out: inout [UInt8], _ special: (UInt8, inout [UInt8]) -> Bool) {
        var s = s
        s.withUTF8 { b in
            var i = 0
            while i < b.count {
                let c = b[i]
                if c < 0x80 {
                    if !special(c, &out) { out.append(c < 0x20 || c == 0x7F ? UInt8(ascii: " ") : c) }
                    i += 1
                    continue
                }
                let n = scalarLength(c)
                if isControl(b, at: i) { out.append(UInt8(ascii: " ")) } else { out += b[i..<(i + n)] }
                i += n
            }
        }
    }

    /// How many bytes the UTF-8 sequence that starts with byte `lead` has.
    @inline(__always)
    private static func scalarLength(_ lead: UInt8) -> Int {
        lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }

    /// ``isControl(_:)`` of the scalar of several bytes at `i` of valid UTF-8: U+0080…U+009F
    /// (`C2 80`…`C2 9F`), U+202A…U+202E (`E2 80 AA`…`AE`), U+2066…U+2069 (`E2 81 A6`…`A9`),
    /// U+FFFE and U+FFFF (`EF BF BE`, `EF BF BF`).
    @inline(__always)
    private static func isControl(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        switch b[i] {
        case 0xC2: b[i + 1] <= 0x9F
        case 0xE2: (b[i + 1] == 0x80 && (0xAA...0xAE).contains(b[i + 2])) || (b[i + 1] == 0x81 && (0xA6...0xA9).contains(b[i + 2]))
        case 0xEF: b[i + 1] == 0xBF && b[i + 2] >= 0xBE
        default: false
        }
    }

    /// Text inside an HTML-like label: entities for markup characters, backslashes doubled
    /// (Graphviz expands `\N` in label text too), controls as spaces.
    static func html(_ s: String) -> String {
        if Self.every(s, Self.isPlainInHTML) { return s }
        return written { html(s, into: &$0) }
    }

    /// ``html(_:)``'s UTF-8 bytes, appended to `out`.
    static func html(_ s: String, into out: inout [UInt8]) {
        if Self.every(s, Self.isPlainInHTML) { return out += s.utf8 }
        escape(s, into: &out) { c, out in
            switch c {
            case 0x26: out += "&amp;".utf8
            case 0x3C: out += "&lt;".utf8
            case 0x3E: out += "&gt;".utf8
            case 0x22: out += "&quot;".utf8
            case 0x27: out += "&#39;".utf8
            case 0x5D: out += "&#93;".utf8
            case 0x5C: out += "\\\\".utf8
            default: return false
            }
            return true
        }
    }

    /// Whether every UTF-8 byte of `s` passes `test`, read in place (a string's `utf8` view
    /// goes through its iterator byte by byte).
    private static func every(_ s: String, _ test: (UInt8) -> Bool) -> Bool {
        s.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes where !test(b) { return false }
            return true
        } ?? s.utf8.allSatisfy(test)
    }

    /// The string of the bytes `write` appends (UTF-8 from valid strings, so valid).
    static func written(_ write: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        write(&out)
        return String(decoding: out, as: UTF8.self)
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
        written { number(d, into: &$0) }
    }

    /// A point as Graphviz's `pos` and `lp` give one, `x,y`, appended to `out`.
    static func point(_ p: Point, into out: inout [UInt8]) {
        number(p.x, into: &out)
        out.append(UInt8(ascii: ","))
        number(p.y, into: &out)
    }

    /// ``number(_:)``'s UTF-8 bytes, appended to `out`.
    static func number(_ d: Double, into out: inout [UInt8]) {
        if d == d.rounded() && abs(d) < 1e15 { return out.appendDecimal(Int(d)) }
        // Within a quarter of a cent of a whole number of cents (what Graphviz writes, give
        // or take the binary fraction: 2054.8 is 205480.00000000003 cents): `%.2f` rounds
        // the exact value to that number of cents (the product's error is below an eighth
        // of a cent up to 10^15), so its digits are written without formatting. A value
        // that rounds to `-0.00` (`-0`) is left to `%.2f`.
        let cents = d * 100, k = cents.rounded()
        if abs(cents - k) < 0.25, abs(k) < 1e15, k != 0 || d > 0 {
            let n = Int(k), fraction = abs(n) % 100
            if n < 0 { out.append(UInt8(ascii: "-")) }
            out.appendDecimal(abs(n) / 100)
            if fraction != 0 {
                out.append(UInt8(ascii: "."))
                out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
                if fraction % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
            }
            return
        }
        var s = String(format: "%.2f", d)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        out += s.utf8
    }
}
