/// One step between two navigation states, in execution order: a diff operation
/// (KatanaRouter's pop, push, change, activate) or a routing instruction (Portus's leave,
/// switch, enter). Diffs, routes and action scripts all produce these, and every output
/// (text, JSON, diagrams, animations) reads them.
public enum Operation: Hashable, Sendable {
    /// Remove `id` (and its subtree) from `parent` (nil for the root).
    case pop(id: String, parent: String?, context: [String: String] = [:])
    /// Add `id` under `parent` (nil for a new root).
    case push(id: String, parent: String?, context: [String: String] = [:])
    /// Replace children of `parent` in one transition. `children` and `active` are the
    /// `navviz` dialect's extras (the parent's whole child list and active child after).
    case change(parent: String?, popped: [String], pushed: [String], children: [String]? = nil, active: String? = nil)
    /// Make `id` the active child of `parent`.
    case activate(id: String, parent: String?, context: [String: String] = [:])
    /// Portus: leave `id`.
    case leave(id: String, context: [String: String] = [:])
    /// Portus: switch container `in` switches to its child `to`.
    case switchTo(in: String, to: String, context: [String: String] = [:])
    /// Portus: enter `id` under the active leaf `parent`.
    case enter(id: String, parent: String?, context: [String: String] = [:])

    /// The `op` name of FORMAT.md.
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
        case .pop(let id, _, _), .push(let id, _, _), .activate(let id, _, _), .leave(let id, _), .enter(let id, _, _): id
        case .switchTo(_, let to, _): to
        case .change(let parent, _, _, _, _): parent
        }
    }
}
