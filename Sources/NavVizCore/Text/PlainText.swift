/// Text from a document made safe to print on a terminal or in a CI log: one line, and
/// nothing a terminal acts on. A snapshot from a stranger's bug report may hold escape
/// sequences (`ESC ]0;…BEL` retitles a terminal, `ESC [2J` clears it), newlines that fake
/// extra lines of output, or bidirectional overrides that make text read differently from
/// what it is; each is shown as a visible escape instead.
///
/// ```
/// PlainText.visible("a\u{1B}[31mb\nc")   // a\u{1B}[31mb\nc  (as the characters \, u, {, …)
/// ```
///
/// Ordinary text, including right-to-left scripts and emoji, is unchanged.
package enum PlainText {
    /// `s` with controls, line breaks, bidirectional overrides and the non-characters
    /// U+FFFE/U+FFFF written as `\n`, `\t`, `\r` or `\u{XX}`.
    package static func visible(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isUnsafe) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where isUnsafe(u): out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// C0 and C1 controls (with DEL), line and paragraph separators, the bidirectional
    /// embeddings, overrides and isolates, and U+FFFE/U+FFFF.
    /// (Plain comparisons, printable ASCII first: every character of every label passes
    /// here, and ranges' `contains` is a generic call in a debug build.)
    package static func isUnsafe(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if v < 0x7F { return v < 0x20 }
        return v <= 0x9F || v == 0x2028 || v == 0x2029
            || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069) || v == 0xFFFE || v == 0xFFFF
    }
}

extension PlainText {
    /// A count as messages write it, in groups of three digits: `5,000`, `1,400,000`.
    package static func count(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var out = n < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// A size as messages write it: `1.2 MB`, `640 KB`, `12 bytes` (powers of 1,000).
    package static func bytes(_ n: Double) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = n, unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(Int(value)) bytes" }
        let tenths = (value * 10).rounded()
        return (value < 10 ? "\(Int(tenths) / 10).\(Int(tenths) % 10)" : "\(Int(value.rounded()))") + " " + units[unit]
    }

    package static func bytes(_ n: Int) -> String { bytes(Double(n)) }
}
