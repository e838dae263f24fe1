import Foundation

/// Writes one record as a line of the navviz log (NDJSON): `{"navviz": 1, "label": …,
/// "time": …, "tree": …}` and a newline, with secret context keys already removed or
/// hidden. Without recursion: the walk keeps its own stack.
enum NavigationLine {
    static func encode(_ tree: NavigationNode?, label: String?, time: Date, redaction: NavigationRecorder.Redaction,
                       secret: Set<String>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        out.append(contentsOf: #"{"navviz": 1"#.utf8)
        if let label {
            out.append(contentsOf: #", "label": "#.utf8)
            string(label, into: &out)
        }
        out.append(contentsOf: #", "time": ""#.utf8)
        out.append(contentsOf: timestamp(time).utf8)
        out.append(contentsOf: #"", "tree": "#.utf8)
        if let tree {
            node(tree, redaction: redaction, secret: secret, into: &out)
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    private enum Item {
        case open(NavigationNode)
        /// `]}` after a node's children.
        case close
        /// `, ` between children.
        case comma
    }

    private static func node(_ root: NavigationNode, redaction: NavigationRecorder.Redaction, secret: Set<String>, into out: inout [UInt8]) {
        var stack: [Item] = [.open(root)]
        while let item = stack.popLast() {
            switch item {
            case .close:
                out.append(UInt8(ascii: "]"))
                out.append(UInt8(ascii: "}"))
            case .comma:
                out.append(UInt8(ascii: ","))
                out.append(UInt8(ascii: " "))
            case .open(let n):
                out.append(contentsOf: #"{"id": "#.utf8)
                string(n.id, into: &out)
                if let v = n.type { field("type", v, into: &out) }
                if let v = n.label { field("label", v, into: &out) }
                if let v = n.kind { field("kind", v, into: &out) }
                if let v = n.isSwitch { out.append(contentsOf: ", \"switch\": \(v)".utf8) }
                let context = redacted(n.context, redaction: redaction, secret: secret)
                if !context.isEmpty {
                    out.append(contentsOf: #", "context": "#.utf8)
                    object(context, into: &out)
                }
                if let a = n.activeIndex {
                    let child = n.children[a]
                    out.append(contentsOf: #", "active": "#.utf8)
                    if n.children.indices.contains(where: { $0 != a && n.children[$0].id == child.id }) {
                        // Two children share the id: name the active one with its context.
                        out.append(contentsOf: #"{"id": "#.utf8)
                        string(child.id, into: &out)
                        out.append(contentsOf: #", "context": "#.utf8)
                        object(redacted(child.context, redaction: redaction, secret: secret), into: &out)
                        out.append(UInt8(ascii: "}"))
                    } else {
                        string(child.id, into: &out)
                    }
                }
                if n.children.isEmpty {
                    out.append(UInt8(ascii: "}"))
                } else {
                    out.append(contentsOf: #", "children": ["#.utf8)
                    stack.append(.close)
                    for (i, c) in n.children.enumerated().reversed() {
                        stack.append(.open(c))
                        if i > 0 { stack.append(.comma) }
                    }
                }
            }
        }
    }

    static func redacted(_ context: [String: String], redaction: NavigationRecorder.Redaction, secret: Set<String>) -> [String: String] {
        guard !secret.isEmpty, !context.isEmpty, context.keys.contains(where: { isSecret($0, secret) }) else { return context }
        var out: [String: String] = [:]
        for (key, value) in context {
            if isSecret(key, secret) {
                if case .hide(let mask) = redaction { out[key] = mask }
            } else {
                out[key] = value
            }
        }
        return out
    }

    /// Whether `key` is secret: the whole key, or one of its dot-separated parts (a value's
    /// nested field, `user.email`), compared without case.
    static func isSecret(_ key: String, _ secret: Set<String>) -> Bool {
        let lower = key.lowercased()
        if secret.contains(lower) { return true }
        guard lower.utf8.contains(UInt8(ascii: ".")) else { return false }
        return lower.split(separator: ".").contains { secret.contains(String($0)) }
    }

    private static func field(_ key: String, _ value: String, into out: inout [UInt8]) {
        out.append(contentsOf: ", \"\(key)\": ".utf8)
        string(value, into: &out)
    }

    private static func object(_ context: [String: String], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        if context.count == 1, let (key, value) = context.first {
            string(key, into: &out)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            string(value, into: &out)
            out.append(UInt8(ascii: "}"))
            return
        }
        for (i, key) in context.keys.sorted().enumerated() {
            if i > 0 { out += [UInt8(ascii: ","), UInt8(ascii: " ")] }
            string(key, into: &out)
            out += [UInt8(ascii: ":"), UInt8(ascii: " ")]
            string(context[key]!, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A JSON string literal (RFC 8259), U+2028 and U+2029 escaped too. Bytes are copied as
    /// they are but for those that need an escape.
    static func string(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Most ids, types and labels need no escape: copy them whole.
            if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
                out.append(contentsOf: bytes)
                return
            }
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "\""): out.append(0x5C); out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C); out.append(0x5C)
                case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
                case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex(b >> 4))
                    out.append(hex(b & 0xF))
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    out.append(contentsOf: (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i += 2
                default:
                    out.append(b)
                }
                i += 1
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func hex(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x61 + v - 10 }

    /// `2026-11-25T09:41:07.123Z`: UTC, milliseconds, without a formatter (civil date from
    /// days since 1970, as in Howard Hinnant's `civil_from_days`).
    static func timestamp(_ date: Date) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var days = ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000
        let msOfDay = ms - days * 86_400_000
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let doe = days - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ v: Int64, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(msOfDay / 3_600_000, 2)):\(pad(msOfDay / 60_000 % 60, 2)):\(pad(msOfDay / 1000 % 60, 2)).\(pad(msOfDay % 1000, 3))Z"
    }
}
