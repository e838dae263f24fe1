/// Reads a destination path as the command line writes it: `root/colorList/colorDetail?hex=ff0000`.
///
/// Elements are split on `/`; each is an id, optionally followed by `?` and its context as a
/// query string (`key=value` pairs joined by `&`). Ids, keys and values are percent-decoded
/// after splitting, so `%2F`, `%3F`, `%26`, `%3D` and `%25` write a literal `/`, `?`, `&`,
/// `=` and `%`. `+` is a plus sign, not a space (write a space as `%20`). A path element
/// written this way has no `type`.
public enum PathParser {
    /// Why a path could not be read; messages are lowercase and quote the offending text.
    public enum SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The path is empty.
        case empty
        /// An element has no id: `a//b`, a leading or trailing `/`, or `?hex=1`.
        case emptyID(element: Int)
        /// A context item has no `=`: `detail?hex`.
        case missingEquals(element: Int, item: String)
        /// A context item has an empty key: `detail?=1`.
        case emptyKey(element: Int)
        /// The same context key twice in one element.
        case duplicateKey(element: Int, key: String)
        /// A `%` not followed by two hex digits, or escapes that do not decode as UTF-8.
        case badEscape(element: Int, text: String)

        public var description: String {
            switch self {
            case .empty: "the path is empty; write it as 'root/child?key=value'"
            case .emptyID(let e): "element \(e + 1) has no id (check for '//', a leading or trailing '/', or a '?' with nothing before it)"
            case .missingEquals(let e, let item): "element \(e + 1): context item '\(item)' has no '=' (write 'key=value')"
            case .emptyKey(let e): "element \(e + 1): a context item has an empty key"
            case .duplicateKey(let e, let key): "element \(e + 1): context key '\(key)' appears twice"
            case .badEscape(let e, let text): "element \(e + 1): '\(text)' is not valid percent-encoding (use '%' and two hex digits of UTF-8)"
            }
        }
    }

    /// The elements of `text`, or the first problem found.
    public static func parse(_ text: String) throws(SyntaxError) -> [PathElement] {
        if text.isEmpty { throw .empty }
        var out: [PathElement] = []
        for (index, raw) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            let parts = raw.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let id = try decode(parts[0], element: index)
            if id.isEmpty { throw .emptyID(element: index) }
            var context: [String: String] = [:]
            if parts.count == 2, !parts[1].isEmpty {
                for item in parts[1].split(separator: "&", omittingEmptySubsequences: true) {
                    guard let eq = item.firstIndex(of: "=") else { throw .missingEquals(element: index, item: String(item)) }
                    let key = try decode(item[..<eq], element: index)
                    let value = try decode(item[item.index(after: eq)...], element: index)
                    if key.isEmpty { throw .emptyKey(element: index) }
                    if context[key] != nil { throw .duplicateKey(element: index, key: key) }
                    context[key] = value
                }
            }
            out.append(PathElement(id: id, context: context))
        }
        return out
    }

    /// The text with `%XX` escapes decoded as UTF-8.
    static func decode(_ text: Substring, element: Int) throws(SyntaxError) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let b = utf8.popFirst() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard utf8.count >= 2, let hi = hex(utf8.removeFirst()), let lo = hex(utf8.removeFirst()) else {
                throw .badEscape(element: element, text: String(text))
            }
            bytes.append(hi << 4 | lo)
        }
        guard let s = String(validatingUTF8Bytes: bytes) else { throw .badEscape(element: element, text: String(text)) }
        return s
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
