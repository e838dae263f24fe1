/// Why one action of a script could not run. The tree is left as it was before the step.
public enum ActionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The action names an id that is not in the tree.
    case noSuchNode(String)
    /// A node to add has the id and context of a child already under the same parent
    /// (an id repeats among one node's children only with different contexts).
    case duplicateChild(Node.Identity, parent: String)
    /// `pop`/`change`: the node is not a child of the named parent.
    case notAChild(String, parent: String)
    /// `activate`: the root has no parent to activate it in.
    case rootHasNoParent(String)
    /// There is no tree to act on (the tree is empty).
    case emptyTree
    /// A Nivelir stack modifier found the stack empty.
    case emptyStack(String)
    /// `pop: {"to": id}`: the id is not in the stack.
    case notInStack(String, stack: String)
    /// A Portus route could not reach its destination.
    case unreachable(String)
    /// A Portus instruction could not run on this tree.
    case refused(String)

    public var description: String {
        switch self {
        case .noSuchNode(let id): "no node '\(id)' in the tree"
        case .duplicateChild(let node, let parent):
            "duplicate id '\(node.id)' with \(node.context.isEmpty ? "no context" : "equal context '\(node.context.queryString)'") among the children of '\(parent)'"
        case .notAChild(let id, let parent): "'\(id)' is not a child of '\(parent)'"
        case .rootHasNoParent(let id): "'\(id)' is the root; it has no parent to be active in"
        case .emptyTree: "the tree is empty"
        case .emptyStack(let stack): "the stack under '\(stack)' is empty"
        case .notInStack(let id, let stack): "'\(id)' is not in the stack under '\(stack)'"
        case .unreachable(let reason): "destination not reachable: \(reason)"
        case .refused(let reason): reason
        }
    }
}

/// A failed step: which step, which action, and why.
public struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The failing step's index in `steps`.
    public var step: Int
    /// The failing step's label, where it has one.
    public var stepLabel: String?
    /// The failing action's index in the step's `actions`.
    public var action: Int
    /// The failing action's name (``Action/verb``).
    public var verb: String
    /// Why it could not run.
    public var reason: ActionError

    /// `steps[2] ('open chat') actions[1] (stack pop): the stack under 'chats' is empty`.
    public var description: String {
        let label = stepLabel.map { " ('\($0)')" } ?? ""
        return "steps[\(step)]\(label) actions[\(action)] (\(verb)): \(reason); the step was not applied"
    }
}
