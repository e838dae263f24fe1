/// The field names docs/format.md allows, and "did you mean" suggestions for the others.
package enum FieldNames {
    static let node = NodeField.allCases.map(\.rawValue)

    /// A node's fields (``node``, in that order), each with a distinct bit (``bit``) to spot
    /// a repeated one without hashing.
    package enum NodeField: String, CaseIterable {
        case id, type, label, kind, switchFlag = "switch", managed, leavable, canLeave, enterable, context, info, active, children

        /// The field named `key` (nil for any name not in ``FieldNames/node``), compared only
        /// with the names of its length (at most three). Every node of every document asks
        /// this once per field: hashing the key for a dictionary cost 130 instructions a
        /// lookup, `init(rawValue:)` (the runtime comparing the names one after another) more.
        package init?(_ key: String) {
            let table = Self.byLength
            let count = key.utf8.count
            guard count < table.count else { return nil }
            for candidate in table[count] where candidate.name == key {
                self = candidate.field
                return
            }
            return nil
        }

        var bit: Int { 1 << Self.order.firstIndex(of: self)! }
        private static let order = allCases
        /// The fields by the UTF-8 length of their names (their raw values).
        private static let byLength: [[(name: String, field: NodeField)]] = {
            var table = Array(repeating: [(name: String, field: NodeField)](), count: (allCases.map(\.rawValue.utf8.count).max() ?? 0) + 1)
            for field in allCases { table[field.rawValue.utf8.count].append((field.rawValue, field)) }
            return table
        }()
    }

    static let snapshot = ["navviz", "tree"]
    static let sequence = ["navviz", "title", "frames"]
    static let frame = ["label", "time", "tree"]
    static let script = ["navviz", "title", "initial", "templates", "steps"]
    static let step = ["label", "actions"]
    static let route = ["navviz", "tree", "templates", "to"]
    static let pathElement = ["id", "context", "type"]

    /// The closest allowed name within edit distance 2 (or a case-insensitive match).
    package static func suggestion(for name: String, among allowed: [String]) -> String? {
        var best: (String, Int)?
        for candidate in allowed {
            if candidate.lowercased() == name.lowercased() { return candidate }
            let d = distance(name, candidate)
            if d <= 2, d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Damerau-Levenshtein distance (optimal string alignment), small strings only.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        if abs(x.count - y.count) > 3 { return 3 }
        var d = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }

    static func unknownMessage(_ name: String, allowed: [String]) -> String {
        if let s = suggestion(for: name, among: allowed) {
            return "unknown field '\(name)' (did you mean '\(s)'?)"
        }
        return "unknown field '\(name)'"
    }
}
