import NavVizScreenValues

/// A JSON value as `JSONEncoder` wrote it, numbers kept as their text: what a Codable path
/// element or sheet item is read back into before it becomes an id and a context. The same
/// rules as NavVizCore's importer of saved SwiftUI paths, which reads the same text
/// (docs/format.md, "SwiftUI paths").
indirect enum SavedJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number as written (`42`, `1.5`, `-0`).
    case number(String)
    case string(String)
    case array([SavedJSON])
    /// Members in the order written (duplicates kept: the first one counts).
    case object([(key: String, value: SavedJSON)])

    static func == (a: SavedJSON, b: SavedJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)), (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// Nesting past this is not read (a value the app encodes is rarely 5 deep; its context
    /// keeps 4 levels).
    static let maxDepth = 64

    /// Parses `bytes` (UTF-8 JSON text, one value with whitespace around it); nil when it is
    /// not JSON or nests deeper than ``maxDepth``.
    static func parse(_ bytes: some Collection<UInt8>) -> SavedJSON? {
        var parser = Parser(bytes: Array(bytes))
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.at == parser.bytes.count ? value : nil
    }

    /// Canonical JSON text: object keys sorted, no spaces, strings escaped only where JSON
    /// must be (`"`, `\`, control characters). An array's context value is this text.
    var canonical: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): ScreenValueRules.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object:
            out += "{"
            for (i, (key, value)) in sortedMembers.enumerated() {
                if i > 0 { out += "," }
                ScreenValueRules.quote(key, into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// An object's members with one per key (the first), sorted by key.
    var sortedMembers: [(key: String, value: SavedJSON)] {
        guard case .object(let members) = self else { return [] }
        var seen = Set<String>()
        return members.filter { seen.insert($0.key).inserted }.sorted { $0.key < $1.key }
    }

    /// A string, number or bool as context text; nil for the others.
    var scalarText: String? {
        switch self {
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n
        case .string(let s): s
        default: nil
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
        }

        mutating func value(depth: Int) -> SavedJSON? {
            skipSpace()
            guard at < bytes.count, depth <= SavedJSON.maxDepth else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "{"):
                at += 1
                var members: [(key: String, value: SavedJSON)] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = string() else { return nil }
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
                    at += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    members.append((key, v))
                    skipSpace()
                    guard at < bytes.count else { return nil }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    guard bytes[at] == UInt8(ascii: "}") else { return nil }
                    at += 1
                    return .object(members)
                }
            case UInt8(ascii: "["):
                at += 1
                var items: [SavedJSON] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                while true {
                    guard let v = value(depth: depth + 1) else { return nil }
                    items.append(v)
                    skipSpace()
                    guard at < bytes.count else { return nil }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    guard bytes[at] == UInt8(ascii: "]") else { return nil }
                    at += 1
                    return .array(items)
                }
            case UInt8(ascii: "\""):
                return string().map(SavedJSON.string)
            case UInt8(ascii: "t"): return word("true", .bool(true))
            case UInt8(ascii: "f"): return word("false", .bool(false))
            case UInt8(ascii: "n"): return word("null", .null)
            default: return number()
            }
        }

        mutating func word(_ w: StaticString, _ v: SavedJSON) -> SavedJSON? {
            let n = w.utf8CodeUnitCount
            guard at + n <= bytes.count else { return nil }
            for i in 0..<n where bytes[at + i] != w.utf8Start[i] { return nil }
            at += n
            return v
        }

        mutating func number() -> SavedJSON? {
            let start = at
            func digits() -> Int {
                let s = at
                while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39 { at += 1 }
                return at - s
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard at < bytes.count else { return nil }
            if bytes[at] == 0x30 { at += 1 } else if digits() == 0 { return nil }
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard digits() > 0 else { return nil }
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { return nil }
            }
            return .number(String(decoding: bytes[start..<at], as: UTF8.self))
        }

        /// A string at `at` (its opening quote), unescaped; nil when it is not one.
        mutating func string() -> String? {
            at += 1
            var scalars = String.UnicodeScalarView()
            var run = at
            func flush(_ end: Int) {
                if run < end { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            }
            while at < bytes.count {
                let b = bytes[at]
                if b == UInt8(ascii: "\"") {
                    flush(at)
                    at += 1
                    return String(scalars)
                }
                if b < 0x20 { return nil }
                guard b == UInt8(ascii: "\\") else { at += 1; continue }
                flush(at)
                at += 1
                guard at < bytes.count else { return nil }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code), at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                        let save = at
                        at += 2
                        if let low = hex4(), (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            at = save
                        }
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: return nil
                }
                run = at
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            var v: UInt32 = 0
            for i in 0..<4 {
                let c = bytes[at + i]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: return nil
                }
                v = v << 4 | d
            }
            at += 4
            return v
        }
    }
}
