/// One instruction of a Portus route, as `RoutingAlgorithm` computes it and before it runs.
///
/// Entries are compared as Portus compares `RoutingEntry`s without routables: by id and
/// context (``Node/Identity``). Once executed, an instruction becomes an ``TreeOperation``
/// (`.leave`, `.switchTo` or `.enter`), which also knows where an entered node went.
public enum RoutingInstruction: Hashable, Sendable, CustomStringConvertible {
    /// Portus `.leave(entry:)`: leave a node on the active path (its subtree goes with it).
    case leave(Node.Identity)
    /// Portus `.switchTo(entry:switchNodeEntry:)`: the container `in` makes `target` its
    /// active child.
    case switchTo(PathElement, in: Node.Identity)
    /// Portus `.enter(entry:)`: the active leaf enters a destination element.
    case enter(PathElement)

    /// `leave node8`, `switch switchNode1 to node2`, `enter colorDetail?hex=ff0000`.
    public var description: String {
        func name(_ id: String, _ context: [String: String]) -> String {
            context.isEmpty ? id : "\(id)?\(context.queryString)"
        }
        switch self {
        case .leave(let node): return "leave \(name(node.id, node.context))"
        case .switchTo(let target, let container): return "switch \(container.id) to \(target)"
        case .enter(let element): return "enter \(element)"
        }
    }
}
