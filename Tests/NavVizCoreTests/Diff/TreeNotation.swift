import Testing
import NavVizCore

/// Trees written on one line for test tables: `tabs(one*(list*) two{tab=2}(inbox))`.
///
/// A node is an id, an optional context `{key=value,…}`, `*` when it is its parent's active
/// child, and its children in parentheses separated by spaces. `-` is the empty tree.
enum TreeNotation {
    static func tree(_ text: String) -> Tree {
        var parser = Parser(chars: Array(text.unicodeScalars))
        return parser.tree()
    }

    private struct Parser {
        let chars: [Unicode.Scalar]
        var i = 0

        mutating func tree() -> Tree {
            skipSpaces()
            if i < chars.count && chars[i] == "-" { return Tree() }
            let (node, _) = element()
            var tree = Tree(root: node)
            // Stack of (parent slot); children follow '(' and end at ')'.
            var parents: [Tree.Slot] = []
            var last = tree.root!
            while i < chars.count {
                skipSpaces()
                guard i < chars.count else { break }
                switch chars[i] {
                case "(":
                    i += 1
                    parents.append(last)
                case ")":
                    i += 1
                    parents.removeLast()
                default:
                    let (node, active) = element()
                    last = tree.addChild(node, to: parents.last!, makeActive: active)
                }
            }
            return tree
        }

        mutating func element() -> (Node, Bool) {
            skipSpaces()
            var id = ""
            while i < chars.count, !"(){}* ".unicodeScalars.contains(chars[i]) {
                id.unicodeScalars.append(chars[i])
                i += 1
            }
            var context: [String: String] = [:]
            if i < chars.count && chars[i] == "{" {
                i += 1
                var pair = ""
                while chars[i] != "}" {
                    pair.unicodeScalars.append(chars[i])
                    i += 1
                }
                i += 1
                for item in pair.split(separator: ",") {
                    let kv = item.split(separator: "=", maxSplits: 1).map(String.init)
                    context[kv[0]] = kv.count > 1 ? kv[1] : ""
                }
            }
            var active = false
            if i < chars.count && chars[i] == "*" {
                active = true
                i += 1
            }
            return (Node(id: id, context: context), active)
        }

        mutating func skipSpaces() {
            while i < chars.count && chars[i] == " " { i += 1 }
        }
    }
}

/// Operations as test tables write them: docs/format.md's text phrases, one per line, with the
/// `navviz` dialect's `children` and `active` extras in brackets after a `change`.
enum OpLines {
    static func of(_ ops: [TreeOperation]) -> [String] {
        ops.map { op in
            let phrase = OperationWriter.phrase(op)
            guard case .change(_, _, _, let children?, let active, _, _) = op else { return phrase }
            return phrase + " [children \(children.map(\.description).joined(separator: ", ")); active \(active?.description ?? "none")]"
        }
    }

    static func diff(_ before: String, _ after: String, _ dialect: DiffDialect) -> [String] {
        of(TreeDiff.operations(from: TreeNotation.tree(before), to: TreeNotation.tree(after), dialect: dialect))
    }
}

/// One row of a diff table.
struct DiffCase: CustomTestStringConvertible, Sendable {
    var name: String
    var before: String
    var after: String
    var expected: [String]
    var testDescription: String { name }
}
