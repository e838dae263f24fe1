/// A JSON value navviz writes: every JSON output (operations, diffs, timelines, snapshots,
/// check reports, expectations, manifests, the player's data) is built from these and written
/// by ``text`` or ``write(chunk:to:)``, so it is valid JSON by construction: strings escaped
/// in one place (``quote(_:)``), numbers written in one place, commas, colons and brackets
/// placed by one writer.
///
/// Each array and object says how it is laid out (``Layout``), so an output keeps the shape
/// its readers see: docs/format.md's one operation per line, trees indented as
/// ``DocumentEncoder`` writes them, the player's data without spaces.
package indirect enum JSONOutput: Sendable {
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
        var out = ""
        write(into: &out)
        return out
    }

    /// Appends the JSON text to `out`.
    package func write(into out: inout String) {
        write(into: &out) { (_: inout String) throws(Never) in }
    }

    /// Writes the JSON text to `sink` in pieces of about `chunk` UTF-8 bytes (each ends
    /// between two members), so a large output is never held whole.
    package func write<E: Error>(chunk: Int = 1 << 16, to sink: (String) throws(E) -> Void) throws(E) {
        var out = ""
        try write(into: &out) { (out: inout String) throws(E) in
            guard out.utf8.count >= chunk else { return }
            try sink(out)
            out = ""
        }
        if !out.isEmpty { try sink(out) }
    }

    /// Appends the JSON text to `out`, calling `flush` after each array item and object
    /// member (it may take what `out` holds).
    private func write<E: Error>(into out: inout String, flush: (inout String) throws(E) -> Void) throws(E) {
        switch self {
        case .string(let s): out += JSONOutput.quote(s)
        case .int(let i): out += String(i)
        case .number(let v): out += JSONOutput.number(v)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .written(let w): out += w.text
        case .tree(let tree, let indent): DocumentEncoder.writeTree(tree, indent: indent, into: &out)
        case .array(let items, let layout):
            try Self.members(items.count, layout, open: "[", close: "]", into: &out, flush: flush) { i, out throws(E) in
                try items[i].write(into: &out, flush: flush)
            }
        case .items(let count, let layout, let item):
            try Self.members(count, layout, open: "[", close: "]", into: &out, flush: flush) { i, out throws(E) in
                try item(i).write(into: &out, flush: flush)
            }
        case .object(let members, let layout):
            let colon = layout.isCompact ? ":" : ": "
            try Self.members(members.count, layout, open: "{", close: "}", into: &out, flush: flush) { i, out throws(E) in
                out += JSONOutput.quote(members[i].0) + colon
                try members[i].1.write(into: &out, flush: flush)
            }
        }
    }

    private static func members<E: Error>(_ count: Int, _ layout: Layout, open: String, close: String, into out: inout String,
                                          flush: (inout String) throws(E) -> Void,
                                          _ write: (Int, inout String) throws(E) -> Void) throws(E) {
        out += open
        guard count > 0 else { return out += close }
        let separator: String, last: String
        switch layout {
        case .inline: (separator, last) = (", ", "")
        case .compact: (separator, last) = (",", "")
        case .compactLines: (separator, last) = (",\n", "")
        case .lines(let level):
            separator = ",\n" + String(repeating: "  ", count: level + 1)
            last = "\n" + String(repeating: "  ", count: level)
            out += separator.dropFirst()
        }
        for i in 0..<count {
            if i > 0 { out += separator }
            try write(i, &out)
            try flush(&out)
        }
        out += last + close
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
        // Most strings need no escape: a scan of their bytes, then one copy. (0xE2 leads
        // U+2028 and U+2029 in UTF-8, and a few other characters that take the slow path.)
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
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
        func escaped(_ c: Unicode.Scalar) {
            out.append(UInt8(ascii: "\\"))
            out.append(UInt8(ascii: c))
        }
        for u in s.unicodeScalars {
            switch u {
            case "\"", "\\": escaped(u)
            case "\n": escaped("n")
            case "\r": escaped("r")
            case "\t": escaped("t")
            case _ where u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029:
                let h = String(u.value, radix: 16)
                out += ("\\u" + String(repeating: "0", count: 4 - h.count) + h).utf8
            default: out += u.utf8
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }
}

extension JSONOutput.Layout {
    var isCompact: Bool {
        switch self {
        case .compact, .compactLines: true
        case .inline, .lines: false
        }
    }
}
