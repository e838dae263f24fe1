import NavVizArtifacts

/// On GitHub Actions, text navviz prints that may carry a document's text is written so the
/// runner never reads a workflow command in it: a document whose id or label is
/// `::add-mask::…`, `::error::…` or `##[set-output …]` must not mask, annotate or set
/// anything.
///
/// The runner takes a line as a command when, after leading whitespace, it starts with `::`
/// (`::name props::data`), or when it holds `##[` anywhere (the older form). So, under
/// `GITHUB_ACTIONS=true` only, in everything navviz prints on standard output and standard
/// error but its own annotations (``WorkflowCommands``): the first `:` of a line that starts
/// with `::` and the second `#` of every `##[` are written escaped, in the escape of the
/// output's format, so text stays text and a JSON, XML or DOT output keeps its meaning:
///
/// | format | `:` | `#` |
/// |---|---|---|
/// | text, diagnostics | `\u{3A}` (as navviz shows controls) | `\u{23}` |
/// | JSON | `\u003a` | `\u0023` (the same string once parsed) |
/// | SVG, JUnit XML, DOT | `&#58;` | `&#35;` (an entity Graphviz and XML decode) |
/// | Mermaid | `#58;` | `#35;` (Mermaid's entity codes) |
///
/// Output without either sequence, every output of an ordinary document, is unchanged byte
/// for byte; binary output (PNG, PDF) is never changed. (`::stop-commands::TOKEN` around the
/// output was the other way: it would add lines to standard output, breaking a JSON piped
/// to another program, and the runner reads standard output and standard error on their
/// own, so navviz's annotations on standard error could arrive while commands are stopped.)
enum WorkflowGuard {
    /// How the output is written, for its escapes.
    enum Kind {
        case text, json, markup, mermaid, binary

        init(_ format: OutputFormat) {
            switch format {
            case .text: self = .text
            case .json: self = .json
            case .dot, .svg: self = .markup
            case .mermaid: self = .mermaid
            case .png, .pdf: self = .binary
            }
        }

        /// The escape of `:` and `#`.
        var escapes: (colon: String, hash: String)? {
            switch self {
            case .text: (#"\u{3A}"#, #"\u{23}"#)
            case .json: (#"\u003a"#, #"\u0023"#)
            case .markup: ("&#58;", "&#35;")
            case .mermaid: ("#58;", "#35;")
            case .binary: nil
            }
        }
    }

    /// `bytes` as written on a runner: as they are elsewhere (``WorkflowCommands/enabled``).
    static func guarded(_ bytes: [UInt8], _ kind: Kind) -> [UInt8] {
        WorkflowCommands.enabled ? neutralise(bytes, kind) : bytes
    }

    /// `bytes` with no line the runner reads as a command.
    static func neutralise(_ bytes: [UInt8], _ kind: Kind) -> [UInt8] {
        guard let escapes = kind.escapes, needsEscaping(bytes) else { return bytes }
        let colon = Array(escapes.colon.utf8), hash = Array(escapes.hash.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var lineStart = true
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if lineStart, b == UInt8(ascii: ":"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ":") {
                out += colon
                i += 1
                lineStart = false
                continue
            }
            if b == UInt8(ascii: "#"), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "#"), bytes[i + 2] == UInt8(ascii: "[") {
                out.append(b)
                out += hash
                i += 2
                lineStart = false
                continue
            }
            if b == UInt8(ascii: "\n") {
                lineStart = true
            } else if lineStart, let n = whitespace(bytes, at: i) {
                out += bytes[i..<(i + n)]
                i += n
                continue
            } else {
                lineStart = false
            }
            out.append(b)
            i += 1
        }
        return out
    }

    /// Whether a line starts with `::` after whitespace, or `##[` occurs.
    static func needsEscaping(_ bytes: [UInt8]) -> Bool {
        var lineStart = true
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "#"), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "#"), bytes[i + 2] == UInt8(ascii: "[") { return true }
            if lineStart, b == UInt8(ascii: ":"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ":") { return true }
            if b == UInt8(ascii: "\n") {
                lineStart = true
            } else if lineStart, let n = whitespace(bytes, at: i) {
                i += n
                continue
            } else {
                lineStart = false
            }
            i += 1
        }
        return false
    }

    /// The length of the whitespace character at `i` that .NET's `TrimStart()` (the runner's)
    /// removes: ASCII spaces and controls \t \v \f \r, and in UTF-8 U+0085, U+00A0, U+1680,
    /// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000; nil for any other.
    static func whitespace(_ bytes: [UInt8], at i: Int) -> Int? {
        let b = bytes[i]
        if b == 0x20 || (b >= 0x09 && b <= 0x0D) { return 1 }
        func at(_ k: Int) -> UInt8? { i + k < bytes.count ? bytes[i + k] : nil }
        switch b {
        case 0xC2 where at(1) == 0x85 || at(1) == 0xA0: return 2
        case 0xE1 where at(1) == 0x9A && at(2) == 0x80: return 3
        case 0xE2 where at(1) == 0x80: return at(2).map { (0x80...0x8A).contains($0) || $0 == 0xA8 || $0 == 0xA9 || $0 == 0xAF } == true ? 3 : nil
        case 0xE2 where at(1) == 0x81 && at(2) == 0x9F: return 3
        case 0xE3 where at(1) == 0x80 && at(2) == 0x80: return 3
        default: return nil
        }
    }
}
