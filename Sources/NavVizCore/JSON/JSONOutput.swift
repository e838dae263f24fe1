/// A JSON value navviz writes: every JSON output (operations, diffs, timelines, snapshots,
/// check reports, expectations, manifests) is built from these and written by ``text``, so
/// it is valid JSON by construction: strings escaped in one place (``quote(_:)``), commas,
/// colons and brackets placed by one writer.
///
/// Each array and object says how it is laid out (``Layout``), so an output keeps the shape
/// its readers see: FORMAT.md's one operation per line, trees indented as
/// ``DocumentEncoder`` writes them.
public indirect enum JSONOutput: Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONOutput], Layout = .inline)
    /// Members in the order given (FORMAT.md's order, not sorted).
    case object([(String, JSONOutput)], Layout = .inline)
    /// A tree (or `null`) as ``DocumentEncoder/writeTree(_:indent:into:)`` writes it, which
    /// walks it iteratively (a 100,000-deep chain does not exhaust the stack).
    case tree(Tree, indent: Int)

    /// How an array's or object's members are placed.
    public enum Layout: Sendable {
        /// On one line: `{"a": 1, "b": [2, 3]}`.
        case inline
        /// One member a line, indented two spaces a level below `level`, the closing
        /// bracket on a line of its own at `level`; empty, `[]` or `{}`.
        case lines(level: Int)
    }

    /// A string, or `null` for nil.
    public static func nullable(_ s: String?) -> JSONOutput { s.map { .string($0) } ?? .null }

    /// An object with sorted keys on one line: a context, `{"a": "1", "b": "x"}`.
    public static func context(_ c: [String: String]) -> JSONOutput {
        .object(c.keys.sorted().map { ($0, .string(c[$0]!)) })
    }

    /// The JSON text, without a trailing newline.
    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    /// Appends the JSON text to `out`.
    public func write(into out: inout String) {
        switch self {
        case .string(let s): out += JSONOutput.quote(s)
        case .int(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .tree(let tree, let indent): DocumentEncoder.writeTree(tree, indent: indent, into: &out)
        case .array(let items, let layout):
            Self.members(items, layout, open: "[", close: "]", into: &out) { item, out in item.write(into: &out) }
        case .object(let members, let layout):
            Self.members(members, layout, open: "{", close: "}", into: &out) { member, out in
                out += JSONOutput.quote(member.0) + ": "
                member.1.write(into: &out)
            }
        }
    }

    private static func members<T>(_ items: [T], _ layout: Layout, open: String, close: String, into out: inout String,
                                   _ write: (T, inout String) -> Void) {
        out += open
        guard !items.isEmpty else { return out += close }
        switch layout {
        case .inline:
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                write(item, &out)
            }
            out += close
        case .lines(let level):
            let pad = "\n" + String(repeating: "  ", count: level + 1)
            for (i, item) in items.enumerated() {
                out += i > 0 ? "," + pad : pad
                write(item, &out)
            }
            out += "\n" + String(repeating: "  ", count: level) + close
        }
    }

    /// A JSON string literal, escaped per RFC 8259 (and U+2028, U+2029 as escapes, so the
    /// text is also a valid JavaScript string).
    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029:
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
