/// One step between two navigation states, in execution order: a diff operation
/// (KatanaRouter's pop, push, change, activate) or a routing instruction (Portus's leave,
/// switch, enter). Diffs, routes and action scripts all produce these, and every output
/// (text, JSON, diagrams, animations) reads them.
///
/// Where a node's id is not unique in its tree (docs/format.md, "Repeated screens"), `path` names
/// it: the ids with contexts from the root down to the node (for a `change`, down to its
/// parent). It is nil where the node's id and its parent's id each occur once, so the id
/// alone names the node.
public enum TreeOperation: Hashable, Sendable {
    /// Remove `id` (and its subtree) from `parent` (nil for the root).
    case pop(id: String, parent: String?, context: [String: String] = [:], path: [PathElement]? = nil)
    /// Add `id` under `parent` (nil for a new root).
    case push(id: String, parent: String?, context: [String: String] = [:], path: [PathElement]? = nil)
    /// Replace children of `parent` in one transition: the children `popped` go, `pushed`
    /// come, each named by id and context. `children` and `active` are the `navviz` dialect's
    /// extras (the parent's whole child list and active child after). `poppedPaths` names
    /// each popped node by its path in the old tree where they are not all children of the
    /// node `path` names (KatanaRouter groups pops under different parents with one id).
    case change(parent: String?, popped: [Node.Identity], pushed: [Node.Identity], children: [Node.Identity]? = nil,
                active: Node.Identity? = nil, path: [PathElement]? = nil, poppedPaths: [[PathElement]]? = nil)
    /// Make `id` the active child of `parent`.
    case activate(id: String, parent: String?, context: [String: String] = [:], path: [PathElement]? = nil)
    /// Portus: leave `id`.
    case leave(id: String, context: [String: String] = [:], path: [PathElement]? = nil)
    /// Portus: switch container `in` switches to its child `to`; `path` ends at that child.
    case switchTo(in: String, to: String, context: [String: String] = [:], path: [PathElement]? = nil)
    /// Portus: enter `id` under the active leaf `parent`.
    case enter(id: String, parent: String?, context: [String: String] = [:], path: [PathElement]? = nil)

    /// The `op` name of docs/format.md.
    public var name: String {
        switch self {
        case .pop: "pop"
        case .push: "push"
        case .change: "change"
        case .activate: "activate"
        case .leave: "leave"
        case .switchTo: "switch"
        case .enter: "enter"
        }
    }

    /// The node the operation is drawn on: the popped, pushed, activated, left, switched-to
    /// or entered node; a change is drawn on its parent.
    public var subject: String? {
        switch self {
        case .pop(let id, _, _, _), .push(let id, _, _, _), .activate(let id, _, _, _), .leave(let id, _, _), .enter(let id, _, _, _): id
        case .switchTo(_, let to, _, _): to
        case .change(let parent, _, _, _, _, _, _): parent
        }
    }

    /// The path that names the subject where its id is not unique (nil otherwise).
    public var path: [PathElement]? {
        switch self {
        case .pop(_, _, _, let p), .push(_, _, _, let p), .activate(_, _, _, let p), .leave(_, _, let p),
             .enter(_, _, _, let p), .switchTo(_, _, _, let p), .change(_, _, _, _, _, let p, _): p
        }
    }

    /// The same operation with `path` set (or cleared with nil).
    public func with(path: [PathElement]?) -> TreeOperation {
        switch self {
        case .pop(let id, let p, let c, _): .pop(id: id, parent: p, context: c, path: path)
        case .push(let id, let p, let c, _): .push(id: id, parent: p, context: c, path: path)
        case .activate(let id, let p, let c, _): .activate(id: id, parent: p, context: c, path: path)
        case .leave(let id, let c, _): .leave(id: id, context: c, path: path)
        case .enter(let id, let p, let c, _): .enter(id: id, parent: p, context: c, path: path)
        case .switchTo(let i, let to, let c, _): .switchTo(in: i, to: to, context: c, path: path)
        case .change(let p, let popped, let pushed, let children, let active, _, let poppedPaths):
            .change(parent: p, popped: popped, pushed: pushed, children: children, active: active, path: path, poppedPaths: poppedPaths)
        }
    }
}

extension Node.Identity: ExpressibleByStringLiteral, CustomStringConvertible {
    /// An identity with no context: `"chat"`.
    public init(stringLiteral id: String) {
        self.init(id: id)
    }

    /// `id`, or `id?key=value&…` with its context.
    public var description: String { context.isEmpty ? id : "\(id)?\(context.queryString)" }
}

extension Tree {
    /// The path that names `slot` in an operation: nil where the node's id and its parent's id
    /// each occur once in the tree, else the ids with contexts from the root
    /// (docs/format.md, "Repeated screens").
    public func operationPath(_ slot: Slot) -> [PathElement]? {
        guard hasRepeatedIDs else { return nil }
        if isRepeated(id(slot)) || parent(slot).map({ isRepeated(id($0)) }) == true { return path(to: slot) }
        return nil
    }

    /// The node's id and context.
    public func identity(_ slot: Slot) -> Node.Identity { nodes[slot].identity }
}
