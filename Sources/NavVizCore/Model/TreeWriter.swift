/// A tree as indented text, one node per line, for terminals, CI logs and tests:
///
/// ```
/// tabs (tabs) ●
/// ├─ home (stack) ●
/// │  └─ feed ●
/// └─ chats (stack)
///    └─ chat?chatId=42 "Chat" ○
/// ```
///
/// `●` marks the active path from the root to the visible screen; `○` a node that is its
/// parent's active child but off the active path (the retained top of an inactive tab).
/// Past ``maxIndent`` levels the indentation stops growing and the line says its depth, so a
/// 100,000-deep stack prints in linear time.
public enum TreeWriter {
    /// Levels drawn with guides before lines switch to `┆ [depth N]`.
    public static let maxIndent = 32

    /// One line per node; an empty tree is `(empty)`.
    public static func render(_ tree: Tree) -> String {
        lines(tree).joined(separator: "\n") + "\n"
    }

    /// The text of one node: `id?context "label" Type (kind)` (the type only where it is not
    /// the id), on one line with controls shown as escapes (`PlainText/visible(_:)`).
    public static func describe(_ node: Node) -> String {
        var s = node.id
        if !node.context.isEmpty { s += "?\(node.context.queryString)" }
        if let label = node.label { s += " \"\(label)\"" }
        if let type = node.type, type != node.id { s += " \(type)" }
        if let kind = node.kind { s += " (\(kind))" }
        return PlainText.visible(s)
    }

    /// ``render(_:)``'s lines, without line ends.
    public static func lines(_ tree: Tree) -> [String] {
        guard let root = tree.root else { return ["(empty)"] }
        let active = tree.activeSet
        var out: [String] = []
        out.reserveCapacity(tree.count)
        // Each entry: slot, depth, whether it is the last child, guide prefix of its parent.
        var stack: [(slot: Tree.Slot, depth: Int, last: Bool, prefix: String)] = [(root, 0, true, "")]
        while let (slot, depth, last, prefix) = stack.popLast() {
            var line: String
            var childPrefix: String
            if depth == 0 {
                line = ""
                childPrefix = ""
            } else if depth <= maxIndent {
                line = prefix + (last ? "└─ " : "├─ ")
                childPrefix = prefix + (last ? "   " : "│  ")
            } else {
                line = "┆ [depth \(depth)] " + (last ? "└─ " : "├─ ")
                childPrefix = prefix
            }
            if depth == maxIndent { childPrefix = prefix }
            line += describe(tree.node(slot))
            if active.contains(slot) {
                line += " ●"
            } else if depth > 0, tree.isActiveChild(slot) {
                line += " ○"
            }
            out.append(line)
            let kids = tree.children(slot)
            for (i, c) in kids.enumerated().reversed() {
                stack.append((c, depth + 1, i == kids.count - 1, childPrefix))
            }
        }
        return out
    }
}
