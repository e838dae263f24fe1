/// Operations as docs/format.md's JSON and as numbered text lines.
public enum OperationWriter {
    /// One JSON object, keys in docs/format.md's order: `{"op": "push", "id": "chat", "parent": "chats"}`.
    ///
    /// Extensions of docs/format.md's objects (each only where it says something):
    /// - `context`: the node's context, when not empty (every op naming one node);
    /// - `path`: the ids with contexts from the root to the node (for a `change`, to its
    ///   parent), as route requests write a path, where the node's or its parent's id is not
    ///   unique in the tree (``Tree/operationPath(_:)``);
    /// - on a `change`: `poppedContexts`, `pushedContexts` and `childrenContexts`, the contexts
    ///   of `popped`, `pushed` and `children` in the same order, when one of them is not
    ///   empty; `active` as `{"id", "context"}` where another child has the same id;
    ///   `poppedPaths`, each popped node's path in the old tree, where they are not all
    ///   children of the node `path` names.
    public static func json(_ op: TreeOperation) -> String { value(op).text }

    /// One operation as a JSON value (``json(_:)``'s object).
    package static func value(_ op: TreeOperation) -> JSONOutput {
        func node(_ name: String, _ id: String, parent p: String??, _ c: [String: String], _ l: [PathElement]?,
                  in i: String? = nil) -> JSONOutput {
            var m: [(String, JSONOutput)] = [("op", .string(name))]
            if let i { m.append(("in", .string(i))) }
            m.append((i == nil ? "id" : "to", .string(id)))
            if let p { m.append(("parent", .nullable(p))) }
            if !c.isEmpty { m.append(("context", .context(c))) }
            if let l { m.append(("path", path(l))) }
            return .object(m)
        }
        switch op {
        case .pop(let id, let p, let c, let l): return node("pop", id, parent: .some(p), c, l)
        case .push(let id, let p, let c, let l): return node("push", id, parent: .some(p), c, l)
        case .activate(let id, let p, let c, let l): return node("activate", id, parent: .some(p), c, l)
        case .change(let p, let popped, let pushed, let children, let active, let l, let poppedPaths):
            var m: [(String, JSONOutput)] = [("op", .string("change")), ("parent", .nullable(p)), ("popped", ids(popped)), ("pushed", ids(pushed))]
            if let children { m.append(("children", ids(children))) }
            if let active {
                let shared = (children ?? []).filter { $0.id == active.id }.count > 1
                m.append(("active", shared ? identity(active) : .string(active.id)))
            }
            for (key, list) in [("poppedContexts", popped), ("pushedContexts", pushed), ("childrenContexts", children ?? [])]
            where list.contains(where: { !$0.context.isEmpty }) {
                m.append((key, .array(list.map { .context($0.context) })))
            }
            if let l { m.append(("path", path(l))) }
            if let poppedPaths { m.append(("poppedPaths", .array(poppedPaths.map(path)))) }
            return .object(m)
        case .leave(let id, let c, let l): return node("leave", id, parent: nil, c, l)
        case .switchTo(let i, let to, let c, let l): return node("switch", to, parent: nil, c, l, in: i)
        case .enter(let id, let p, let c, let l): return node("enter", id, parent: .some(p), c, l)
        }
    }

    static func ids(_ a: [Node.Identity]) -> JSONOutput { .array(a.map { .string($0.id) }) }

    /// `{"id": …}` or `{"id": …, "context": {…}}`.
    static func identity(_ n: Node.Identity) -> JSONOutput {
        .object([("id", .string(n.id))] + (n.context.isEmpty ? [] : [("context", .context(n.context))]))
    }

    /// A path as a route request's `to` writes it: `["app", {"id": "product", "context": {"id": "7"}}]`.
    package static func path(_ path: [PathElement]) -> JSONOutput {
        .array(path.map { $0.context.isEmpty ? .string($0.id) : identity($0.identity) })
    }

    /// A JSON array, one operation per line, with a trailing newline.
    public static func jsonArray(_ ops: [TreeOperation]) -> String {
        JSONOutput.array(ops.map(value), .lines(level: 0)).text + "\n"
    }

    /// A short phrase: `push chat?chatId=42 onto chats`, `switch tabs to settings`. One
    /// line, with controls in ids and context shown as escapes (`PlainText/visible(_:)`).
    /// Where the operation carries a path, the parent is named by its path:
    /// `push product?id=2 onto app/home/product?id=1`.
    public static func phrase(_ op: TreeOperation) -> String {
        PlainText.visible(rawPhrase(op))
    }

    /// `a/b?k=1/c`: a path as the command line writes it.
    public static func pathText(_ path: some Collection<PathElement>) -> String {
        path.map(\.description).joined(separator: "/")
    }

    static func rawPhrase(_ op: TreeOperation) -> String {
        func node(_ id: String, _ c: [String: String]) -> String { c.isEmpty ? id : "\(id)?\(c.queryString)" }
        func list(_ a: [Node.Identity]) -> String { a.isEmpty ? "nothing" : a.map(\.description).joined(separator: ", ") }
        // The parent as the path names it (all but the last element), else by its id.
        func parent(_ p: String?, _ path: [PathElement]?) -> String? {
            guard let p else { return nil }
            guard let path, path.count >= 2 else { return p }
            return pathText(path.dropLast())
        }
        switch op {
        case .pop(let id, let p, let c, let l): return "pop \(node(id, c))" + (parent(p, l).map { " from \($0)" } ?? " (root)")
        case .push(let id, let p, let c, let l): return "push \(node(id, c))" + (parent(p, l).map { " onto \($0)" } ?? " as the root")
        case .activate(let id, let p, let c, let l): return "activate \(node(id, c))" + (parent(p, l).map { " in \($0)" } ?? "")
        case .change(let p, let popped, let pushed, _, _, let l, _):
            let name = l.map { pathText($0) } ?? p ?? "the root"
            return "change \(p == nil ? "the root" : name): pop \(list(popped)); push \(list(pushed))"
        case .leave(let id, let c, let l): return "leave \(l.map { pathText($0) } ?? node(id, c))"
        case .switchTo(let i, let to, let c, let l): return "switch \(parent(i, l) ?? i) to \(node(to, c))"
        case .enter(let id, let p, let c, let l): return "enter \(node(id, c))" + (parent(p, l).map { " under \($0)" } ?? "")
        }
    }

    /// Numbered lines `1. pop settings from tabs`, one per operation; `(no changes)` if none.
    public static func text(_ ops: [TreeOperation]) -> String {
        if ops.isEmpty { return "(no changes)\n" }
        return ops.enumerated().map { "\($0.offset + 1). \(phrase($0.element))" }.joined(separator: "\n") + "\n"
    }
}
