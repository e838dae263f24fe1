/// Operations as FORMAT.md's JSON and as numbered text lines.
public enum OperationFormat {
    /// One JSON object, keys in FORMAT.md's order: `{"op": "push", "id": "chat", "parent": "chats"}`.
    public static func json(_ op: Operation) -> String {
        let q = DocumentEncoder.quote
        func parent(_ p: String?) -> String { p.map(q) ?? "null" }
        func ids(_ a: [String]) -> String { "[" + a.map(q).joined(separator: ", ") + "]" }
        func ctx(_ c: [String: String]) -> String { c.isEmpty ? "" : ", \"context\": \(DocumentEncoder.context(c))" }
        switch op {
        case .pop(let id, let p, let c): return "{\"op\": \"pop\", \"id\": \(q(id)), \"parent\": \(parent(p))\(ctx(c))}"
        case .push(let id, let p, let c): return "{\"op\": \"push\", \"id\": \(q(id)), \"parent\": \(parent(p))\(ctx(c))}"
        case .activate(let id, let p, let c): return "{\"op\": \"activate\", \"id\": \(q(id)), \"parent\": \(parent(p))\(ctx(c))}"
        case .change(let p, let popped, let pushed, let children, let active):
            var s = "{\"op\": \"change\", \"parent\": \(parent(p)), \"popped\": \(ids(popped)), \"pushed\": \(ids(pushed))"
            if let children { s += ", \"children\": \(ids(children))" }
            if let active { s += ", \"active\": \(q(active))" }
            return s + "}"
        case .leave(let id, let c): return "{\"op\": \"leave\", \"id\": \(q(id))\(ctx(c))}"
        case .switchTo(let i, let to, let c): return "{\"op\": \"switch\", \"in\": \(q(i)), \"to\": \(q(to))\(ctx(c))}"
        case .enter(let id, let p, let c): return "{\"op\": \"enter\", \"id\": \(q(id)), \"parent\": \(parent(p))\(ctx(c))}"
        }
    }

    /// A JSON array, one operation per line, with a trailing newline.
    public static func jsonArray(_ ops: [Operation]) -> String {
        ops.isEmpty ? "[]\n" : "[\n" + ops.map { "  " + json($0) }.joined(separator: ",\n") + "\n]\n"
    }

    /// A short phrase: `push chat?chatId=42 onto chats`, `switch tabs to settings`. One
    /// line, with controls in ids and context shown as escapes (``PlainText/visible(_:)``).
    public static func phrase(_ op: Operation) -> String {
        PlainText.visible(rawPhrase(op))
    }

    static func rawPhrase(_ op: Operation) -> String {
        func node(_ id: String, _ c: [String: String]) -> String { c.isEmpty ? id : "\(id)?\(c.queryString)" }
        func list(_ a: [String]) -> String { a.isEmpty ? "nothing" : a.joined(separator: ", ") }
        switch op {
        case .pop(let id, let p, let c): return "pop \(node(id, c))" + (p.map { " from \($0)" } ?? " (root)")
        case .push(let id, let p, let c): return "push \(node(id, c))" + (p.map { " onto \($0)" } ?? " as the root")
        case .activate(let id, let p, let c): return "activate \(node(id, c))" + (p.map { " in \($0)" } ?? "")
        case .change(let p, let popped, let pushed, _, _):
            return "change \(p ?? "the root"): pop \(list(popped)); push \(list(pushed))"
        case .leave(let id, let c): return "leave \(node(id, c))"
        case .switchTo(let i, let to, let c): return "switch \(i) to \(node(to, c))"
        case .enter(let id, let p, let c): return "enter \(node(id, c))" + (p.map { " under \($0)" } ?? "")
        }
    }

    /// Numbered lines `1. pop settings from tabs`, one per operation; `(no changes)` if none.
    public static func text(_ ops: [Operation]) -> String {
        if ops.isEmpty { return "(no changes)\n" }
        return ops.enumerated().map { "\($0.offset + 1). \(phrase($0.element))" }.joined(separator: "\n") + "\n"
    }
}
