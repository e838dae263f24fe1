/// Writes trees and snapshots as docs/format.md JSON, deterministically: fields in docs/format.md's
/// order, context keys sorted, only what differs from the defaults. Iterative, so a
/// 100,000-deep chain is written in linear time: the first ``maxPrettyDepth`` levels are
/// indented, deeper nodes are written compactly.
public enum DocumentEncoder {
    /// Deeper than this, a tree is written on one line a node (deep chains stay readable).
    public static let maxPrettyDepth = 24

    /// `{"navviz": 1, "tree": …}` with a trailing newline.
    public static func snapshot(_ tree: Tree) -> String {
        JSONOutput.object([("navviz", .int(1)), ("tree", .tree(tree, indent: 1))], .lines(level: 0)).text + "\n"
    }

    /// `{"navviz": 1, "title": …, "frames": [{"label": …, "tree": …}, …]}` with a trailing
    /// newline: a sequence document (a log is written as one too).
    public static func sequence(_ sequence: SnapshotSequence) -> String {
        var members: [(String, JSONOutput)] = [("navviz", .int(1))]
        if let title = sequence.title { members.append(("title", .string(title))) }
        members.append(("frames", .array(sequence.snapshots.map { frame in
            var f: [(String, JSONOutput)] = []
            if let label = frame.label { f.append(("label", .string(label))) }
            if let time = frame.time { f.append(("time", .string(time))) }
            f.append(("tree", .tree(frame.tree, indent: 2)))
            return .object(f)
        }, .lines(level: 1))))
        return JSONOutput.object(members, .lines(level: 0)).text + "\n"
    }

    /// A JSON string literal, escaped per RFC 8259 (`JSONOutput/quote(_:)`).
    public static func quote(_ s: String) -> String { JSONOutput.quote(s) }

    /// A context object with sorted keys on one line: `{"a": "1", "b": "x"}`.
    public static func context(_ c: [String: String]) -> String { JSONOutput.context(c).text }

    /// The node's scalar fields as `"key": value` pairs, in docs/format.md's order. `active` is
    /// written as given (an id, or `{"id", "context"}` from ``activeValue(_:in:)``).
    public static func fields(_ n: Node, active: String?) -> [String] {
        fields(n, activeJSON: active.map(quote))
    }

    /// `active` as JSON: the child's id, or `{"id": …, "context": …}` where another child of
    /// the same parent has the same id (docs/format.md, "Repeated screens").
    public static func activeValue(_ parent: Tree.Slot, in tree: Tree) -> String? {
        guard let a = tree.activeChild(parent) else { return nil }
        let id = tree.id(a)
        guard tree.children(parent).contains(where: { $0 != a && tree.id($0) == id }) else { return quote(id) }
        let c = tree.node(a).context
        return "{\"id\": \(quote(id))" + (c.isEmpty ? "" : ", \"context\": \(context(c))") + "}"
    }

    static func fields(_ n: Node, activeJSON active: String?) -> [String] {
        var f = ["\"id\": \(quote(n.id))"]
        if let v = n.type { f.append("\"type\": \(quote(v))") }
        if let v = n.label { f.append("\"label\": \(quote(v))") }
        if let v = n.kind { f.append("\"kind\": \(quote(v))") }
        if let v = n.switchFlag { f.append("\"switch\": \(v)") }
        if let v = n.managedFlag { f.append("\"managed\": \(v)") }
        if let v = n.leavableFlag { f.append("\"leavable\": \(v)") }
        if let v = n.canLeaveFlag { f.append("\"canLeave\": \(v)") }
        if let v = n.enterableFlag { f.append("\"enterable\": \(v)") }
        if !n.context.isEmpty { f.append("\"context\": \(context(n.context))") }
        if !n.info.isEmpty { f.append("\"info\": \(context(n.info))") }
        if let active { f.append("\"active\": \(active)") }
        return f
    }

    /// Appends the tree (or `null`) as JSON at the given indent level.
    public static func writeTree(_ tree: Tree, indent: Int, into out: inout String) {
        guard let root = tree.root else {
            out += "null"
            return
        }
        enum Item { case open(Tree.Slot, depth: Int), close(depth: Int, hadChildren: Bool), comma(depth: Int) }
        var stack: [Item] = [.open(root, depth: indent)]
        func pad(_ d: Int) -> String { d <= maxPrettyDepth ? "\n" + String(repeating: "  ", count: d) : "" }
        while let item = stack.popLast() {
            switch item {
            case .open(let slot, let d):
                let f = fields(tree.node(slot), activeJSON: activeValue(slot, in: tree))
                let kids = tree.children(slot)
                let sep = d < maxPrettyDepth ? "," + pad(d + 1) : ", "
                out += "{" + (d < maxPrettyDepth ? pad(d + 1) : "") + f.joined(separator: sep)
                if kids.isEmpty {
                    out += (d < maxPrettyDepth ? pad(d) : "") + "}"
                } else {
                    out += sep + "\"children\": ["
                    stack.append(.close(depth: d, hadChildren: true))
                    for (i, c) in kids.enumerated().reversed() {
                        stack.append(.open(c, depth: d + 2))
                        if i > 0 { stack.append(.comma(depth: d + 2)) }
                    }
                    out += d + 2 <= maxPrettyDepth ? pad(d + 2) : ""
                }
            case .comma(let d):
                out += "," + (d <= maxPrettyDepth ? pad(d) : " ")
            case .close(let d, _):
                out += (d + 1 <= maxPrettyDepth ? pad(d + 1) : "") + "]" + (d < maxPrettyDepth ? pad(d) : "") + "}"
            }
        }
    }
}
