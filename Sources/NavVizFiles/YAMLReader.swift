import NavVizCore
import Yams

/// Reads YAML into the same ``JSONValueTree`` the JSON reader produces, so YAML documents
/// are validated by the same decoder with the same messages.
///
/// libyaml limits nesting to 1,000 levels (a chain of about 490 nodes, since each node adds
/// a mapping and a `children` sequence); deeper documents get a clear error. Use JSON for
/// deeper trees. Aliases may add at most 100,000 values, or as many as the file writes out
/// if more, and may not nest the document past those 1,000 levels (``YAMLAliases``): an
/// alias bomb is refused before anything expands it.
package enum YAMLReader {
    package static func parse(_ text: String) throws(DocumentError) -> JSONValueTree {
        // An alias needs an anchor, and an anchor is written with '&'.
        if text.utf8.contains(UInt8(ascii: "&")) { try YAMLAliases.check(text) }
        let root: Yams.Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw describe(error, in: text)
        } catch {
            throw .syntax(line: 1, column: 1, message: "invalid YAML: \(error)")
        }
        var builder = JSONValueTreeBuilder()
        if let root {
            append(root, to: &builder)
        }
        return builder.finish()
    }

    /// Depth is bounded by libyaml's nesting limit, so recursion is safe here.
    private static func append(_ node: Yams.Node, to builder: inout JSONValueTreeBuilder) {
        let location = JSONValueTree.Location(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: builder.scalar(.null, "", at: location)
            case .bool: builder.scalar(.bool, (Bool.construct(from: scalar) ?? false) ? "true" : "false", at: location)
            case .int, .float: builder.scalar(.number, scalar.string, at: location)
            default: builder.scalar(.string, scalar.string, at: location)
            }
        case .mapping(let mapping):
            builder.open(.object, at: location)
            for (key, value) in mapping {
                builder.key(key.string ?? key.any.map { "\($0)" } ?? "")
                append(value, to: &builder)
            }
            builder.close()
        case .sequence(let sequence):
            builder.open(.array, at: location)
            for element in sequence { append(element, to: &builder) }
            builder.close()
        case .alias:
            builder.scalar(.null, "", at: location)
        }
    }

    private static func describe(_ error: YamlError, in text: String) -> DocumentError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            if problem.hasPrefix("Maximum nesting level") {
                return .syntax(line: mark.line, column: mark.column,
                               message: "invalid YAML: nested deeper than libyaml's 1,000 levels (about 490 nodes); write deep trees as JSON, which has no depth limit")
            }
            if !problem.contains("tab"), isTab(in: text, line: mark.line, column: mark.column) {
                return .syntax(line: mark.line, column: mark.column,
                               message: "invalid YAML: \(problem): a tab; YAML indents with spaces only (replace the tab with spaces)")
            }
            return .syntax(line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .syntax(line: context.mark.line, column: context.mark.column,
                           message: "invalid YAML: duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))")
        default:
            return .syntax(line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }
}

extension YAMLReader {
    /// Whether the character at `line` and `column` (1-based, as libyaml's marks) is a tab.
    static func isTab(in text: String, line: Int, column: Int) -> Bool {
        guard line >= 1, column >= 1 else { return false }
        var current = 1
        var start = text.utf8.startIndex
        if line > 1 {
            for i in text.utf8.indices where text.utf8[i] == UInt8(ascii: "\n") {
                current += 1
                if current == line {
                    start = text.utf8.index(after: i)
                    break
                }
            }
            guard current == line else { return false }
        }
        let characters = text[start...].prefix { $0 != "\n" }
        guard column <= characters.count else { return false }
        return characters[characters.index(characters.startIndex, offsetBy: column - 1)] == "\t"
    }
}

extension Yams.Node {
    fileprivate var any: Any? { scalar?.string }
}
