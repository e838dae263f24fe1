import NavVizScreenValues

/// A value's canonical JSON text, as a context value shows an array or a deep object:
/// object keys sorted (the first of a repeated key), no spaces, strings escaped only where
/// JSON must be (`"`, `\`, control characters). Written without recursion, and only as far
/// as a context value can show (``budget`` bytes), so a value nested 100,000 deep costs its
/// first few thousand bytes.
enum CanonicalJSON {
    /// Bytes written at most: far more than a context value keeps (200 characters).
    static let budget = 16 << 10

    private enum Item {
        case value(Int)
        case text(String)
    }

    static func text(_ tree: JSONValueTree, _ root: Int) -> String {
        var out = ""
        var stack: [Item] = [.value(root)]
        while let item = stack.popLast(), out.utf8.count <= budget {
            switch item {
            case .text(let t):
                out += t
            case .value(let v):
                switch tree.kind(v) {
                case .null: out += "null"
                case .bool, .number: out += tree.text(v)
                case .string: ScreenValueRules.quote(tree.text(v), into: &out)
                case .array:
                    out += "["
                    stack.append(.text("]"))
                    for (i, child) in tree.members(v).enumerated().reversed() {
                        stack.append(.value(child))
                        if i > 0 { stack.append(.text(",")) }
                    }
                case .object:
                    out += "{"
                    stack.append(.text("}"))
                    for (i, (key, child)) in sortedMembers(tree, v).enumerated().reversed() {
                        stack.append(.value(child))
                        var k = ""
                        ScreenValueRules.quote(key, into: &k)
                        stack.append(.text(k + ":"))
                        if i > 0 { stack.append(.text(",")) }
                    }
                }
            }
        }
        return out
    }

    /// An object's members, one per key (the first), sorted by key.
    static func sortedMembers(_ tree: JSONValueTree, _ v: Int) -> [(key: String, value: Int)] {
        var seen = Set<String>()
        return tree.fields(v).filter { seen.insert($0.key).inserted }.sorted { $0.key < $1.key }
    }
}
