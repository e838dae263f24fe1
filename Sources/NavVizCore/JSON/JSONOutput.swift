/// A JSON value navviz writes: every JSON output (operations, diffs, timelines, snapshots,
/// check reports, expectations, manifests, the player's data) is built from these and written
/// by ``text`` or ``write(chunk:to:)``, so it is valid JSON by construction: strings escaped
/// in one place (``quote(_:)``), numbers written in one place, commas, colons and brackets
/// placed by one writer.
///
/// Each array and object says how it is laid out (``Layout``), so an output keeps the shape
/// its readers see: docs/format.md's one operation per line, trees indented as
/// ``DocumentEncoder`` writes them, the player's data without spaces.
package enum JSONOutput: Sendable {
    case string(String)
    case int(Int)
    /// A number: an integral one without a fraction (`12`), else its shortest form that
    /// reads back the same (`12.5`); not finite (JSON has no NaN nor infinity), `null`.
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONOutput], Layout = .inline)
    /// An array of `count` items, each made only when it is written (`item(i)`), so a long
    /// output (a manifest of 10,000 frames) is never held whole.
    case items(count: Int, Layout = .inline, item: @Sendable (Int) -> JSONOutput)
    /// Members in the order given (docs/format.md's order, not sorted).
    case object([(String, JSONOutput)], Layout = .inline)
    /// A tree (or `null`) as ``DocumentEncoder/writeTree(_:indent:into:)`` writes it, which
    /// walks it iteratively (a 100,000-deep chain does not exhaust the stack).
    case tree(Tree, indent: Int)
    /// A value written before (``Written``): kept as text where the same value is written
    /// many times or looked up by its text (the player's tables).
    case written(Written)

    /// How an array's or object's members are placed.
    package enum Layout: Sendable {
        /// On one line: `{"a": 1, "b": [2, 3]}`.
        case inline
        /// One member a line, indented two spaces a level below `level`, the closing
        /// bracket on a line of its own at `level`; empty, `[]` or `{}`.
        case lines(level: Int)
        /// On one line without spaces: `{"a":1,"b":[2,3]}`.
        case compact
        /// Without spaces, one member a line, not indented: `[{"a":1},\n{"a":2}]`.
        case compactLines
    }

    /// The text of a value, kept to be written again (`JSONOutput/written(_:)`); made only
    /// by writing a `JSONOutput`, or read back from where such text was kept
    /// (``init(writtenBefore:)``), so it is valid JSON.
    package struct Written: Hashable, Sendable {
        package let text: String
        package init(_ value: JSONOutput) { text = value.text }
        /// The text of a value written before and kept elsewhere (a bundle's rows kept on
        /// disk while a long animation is drawn), read back as it was written.
        package init(writtenBefore text: String) { self.text = text }
    }

    /// A string, or `null` for nil.
    package static func nullable(_ s: String?) -> JSONOutput { s.map { .string($0) } ?? .null }

    /// An object with sorted keys on one line: a context, `{"a": "1", "b": "x"}`.
    package static func context(_ c: [String: String]) -> JSONOutput {
        .object(c.keys.sorted().map { ($0, .string(c[$0]!)) })
    }

    /// The JSON text, without a trailing newline.
    package var text: String {
        var out: [UInt8] = []
        write(into: &out) { (_: inout [UInt8]) throws(Never) in }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the JSON text to `out`.
    package func write(into out: inout String) {
        out += text
    }

    /// Writes the JSON text to `sink` in pieces of about `chunk` UTF-8 bytes (each ends
    /// between two members), so a large output is never held whole.
    package func write<E: Error>(chunk: Int = 1 << 16, to sink: (String) throws(E) -> Void) throws(E) {
        var out: [UInt8] = []
        out.reserveCapacity(chunk + chunk / 4)
        try write(into: &out) { (out: inout [UInt8]) throws(E) in
            guard out.count >= chunk else { return }
            try sink(String(decoding: out, as: UTF8.self))
            out.removeAll(keepingCapacity: true)
        }
        if !out.isEmpty { try sink(String(decoding: out, as: UTF8.self)) }
    }

    /// Appends the JSON text's UTF-8 bytes to `out` (a string's appends cost a hundred
    /// instructions and more each; a byte array's, a copy), calling `flush` after each array
    /// item and object member (it may take what `out` holds).
    private func write<E: Error>(into out: inout [UInt8], flush: (inout [UInt8]) throws(E) -> Void) throws(E) {
        switch self {
        case .string(let s): JSONOutput.quote(s, into: &out)
        case .int(let i): out.appendDecimal(i)
        case .number(let v): out += JSONOutput.number(v).utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .null: out += "null".utf8
        case .written(let w): out += w.text.utf8
        case .tree(let tree, let indent):
            var text = ""
            DocumentEncoder.writeTree(tree, indent: indent, into: &text)
            out += text.utf8
        case .array(let items, let layout):
            try Self.members(items.count, layout, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &out, flush: flush) { i, out throws(E) in
                try items[i].write(into: &out, flush: flush)
            }
        case .items(let count, let layout, let item):
            try Self.members(count, layout, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &out, flush: flush) { i, out throws(E) in
                try item(i).write(into: &out, flush: flush)
            }
        case .object(let members, let layout):
            let compact = layout.isCompact
            try Self.members(members.count, layout, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), into: &out, flush: flush) { i, out throws(E) in
                JSONOutput.quote(members[i].0, into: &out)
                out.append(UInt8(ascii: ":"))
                if !compact { out.append(UInt8(ascii: " ")) }
                try members[i].1.write(into: &out, flush: flush)
            }
        }
    }

    private static func members<E: Error>(_ count: Int, _ layout: Layout, open: UInt8, close: UInt8, into out: inout [UInt8],
                                          flush: (inout [UInt8]) throws(E) -> Void,
                                          _ write: (Int, inout [UInt8]) throws(E) -> Void) throws(E) {
        out.append(open)
        guard count > 0 else { return out.append(close) }
        // Separators appended byte by byte (an array made for each container's separator
        // was most of the cost of writing a short row).
        func indent(_ spaces: Int) {
            for _ in 0..<spaces { out.append(UInt8(ascii: " ")) }
        }
        switch layout {
        case .inline, .compact, .compactLines:
            for i in 0..<count {
                if i > 0 {
                    out.append(UInt8(ascii: ","))
                    if case .inline = layout { out.append(UInt8(ascii: " ")) }
                    if case .compactLines = layout { out.append(0x0A) }
                }
                try write(i, &out)
                try flush(&out)
            }
        case .lines(let level):
            out.append(0x0A)
            indent(2 * (level + 1))
            for i in 0..<count {
                if i > 0 {
                    out.append(UInt8(ascii: ","))
                    out.append(0x0A)
                    indent(2 * (level + 1))
                }
                try write(i, &out)
                try flush(&out)
            }
            out.append(0x0A)
            indent(2 * level)
        }
        out.append(close)
    }

    /// A number as ``number(_:)`` describes it.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }

    /// A JSON string literal, escaped per RFC 8259 (and U+2028, U+2029 as escapes, so the
    /// text is also a valid JavaScript string).
    package static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        quote(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``quote(_:)``'s UTF-8 bytes, appended to `out`: read in place, the runs between
    /// escapes copied whole (a tooltip's lines are split by `\n`s).
    static func quote(_ s: String, into out: inout [UInt8]) {
        var s = s
        out.append(UInt8(ascii: "\""))
        s.withUTF8 { bytes in
            var run = 0, i = 0
            while i < bytes.count {
                let b = bytes[i]
                let length: Int
                switch b {
                case 0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x00..<0x20: length = 1
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9): escaped, so the text is also a
                // valid JavaScript string.
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    length = 3
                default:
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                switch b {
                case 0x22, 0x5C:
                    out.append(UInt8(ascii: "\\"))
                    out.append(b)
                case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
                default:
                    let scalar = length == 3 ? (bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029) : Int(b)
                    out += "\\u".utf8
                    for shift in stride(from: 12, through: 0, by: -4) {
                        out.append(Self.hexDigits[(scalar >> shift) & 0xF])
                    }
                }
                i += length
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `0`-`9`, `a`-`f`: a `\u` escape's digits, lowercase.
    private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension JSONOutput.Layout {
    var isCompact: Bool {
        switch self {
        case .compact, .compactLines: true
        case .inline, .lines: false
        }
    }
}
