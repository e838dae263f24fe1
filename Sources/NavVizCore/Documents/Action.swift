/// One action of an action script, in the vocabulary of the router it comes from.
public enum Action: Sendable {
    // KatanaRouter
    /// `{"push": Node, "into": "parentId"}`: push a node (with its subtree); default parent
    /// is the active leaf. The pushed node becomes active.
    case push(Tree, into: String?)
    /// `{"pop": "id"}`: remove the node and its subtree; the parent keeps no active child.
    case pop(String)
    /// `{"change": {"parent": …, "pop": […], "push": […]}}`.
    case change(parent: String, pop: [String], push: [Tree])
    /// `{"activate": "id"}`: make it its parent's active child.
    case activate(String)

    // Portus
    /// `{"route": [PathElement, …]}`: Portus's routing algorithm to a destination.
    case route([PathElement])
    /// `{"enter": Node|"id", "into": "parentId"}`.
    case enter(Tree, into: String?)
    /// `{"leave": "id"}`.
    case leave(String)
    /// `{"switch": {"in": "id", "to": "id"}}`.
    case switchTo(in: String, to: String)

    // Tempura
    /// `{"show": ["id", …]}`: append to the active path.
    case show([String])
    /// `{"hide": "id", "atomic": bool}`: cut the active path at the last occurrence.
    case hide(String, atomic: Bool)

    // Nivelir
    /// `{"stack": "id", <modifier>}`: a stack modifier on the stack under a node.
    case stack(String, StackModifier)

    /// The router whose vocabulary the action belongs to.
    public var vocabulary: String {
        switch self {
        case .push, .pop, .change, .activate: "katana"
        case .route, .enter, .leave, .switchTo: "portus"
        case .show, .hide: "tempura"
        case .stack: "nivelir"
        }
    }

    /// The action's verb as a document writes it.
    public var verb: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .change: "change"
        case .activate: "activate"
        case .route: "route"
        case .enter: "enter"
        case .leave: "leave"
        case .switchTo: "switch"
        case .show: "show"
        case .hide: "hide"
        case .stack(_, let m): "stack \(m.verb)"
        }
    }
}

/// A Nivelir stack modifier.
public enum StackModifier: Sendable {
    /// `push`: append a screen.
    case push(Tree)
    /// `pop: "previous"`: drop the top screen.
    case popPrevious
    /// `pop: "root"`: keep only the first screen.
    case popRoot
    /// `pop: {"to": "id"}`: keep everything through the last match.
    case popTo(String)
    /// `replace`: drop the top and append.
    case replace(Tree)
    /// `clear: true`: empty the stack.
    case clear
    /// `set: [Node, …]`: the whole stack.
    case set([Tree])

    /// The modifier's verb as a document writes it (`push`, `pop`, `replace`, …).
    public var verb: String {
        switch self {
        case .push: "push"
        case .popPrevious, .popRoot, .popTo: "pop"
        case .replace: "replace"
        case .clear: "clear"
        case .set: "set"
        }
    }
}
