/// Replays `navviz`-dialect operations on the tree they were computed from, so that
/// `apply(diff(A, B), to: A, after: B) == B` can be checked.
///
/// The operations name nodes by id, or by `path` where an id is not unique, and a
/// `change`'s children by id and context; the nodes they add (type, label, context,
/// position among their siblings, whether they are shown) are looked up in `after`. While the
/// operations run, a node can be in the tree twice for a moment (a moved node pushed under
/// its new parent's `change` before its old parent's `change` pops it), so the replay keeps
/// the nodes of `before` and the nodes it adds apart: a pop or a `popped` entry names a node
/// of `before`, a push names a node of `after`. A pop of a node that already went with its
/// removed parent (a pop-only `change` of the parent can come before the pop of a child) is
/// accepted and does nothing.
package enum DiffApplier {
    /// Why a list of operations does not apply.
    package enum ApplyError: Error, Equatable, CustomStringConvertible {
        /// TreeOperation `index` (1-based) cannot run; the message says why.
        case invalid(index: Int, message: String)
        /// After the last operation a node still has two children with this id and the same
        /// context.
        case duplicate(id: String)

        package var description: String {
            switch self {
            case .invalid(let index, let message): "operation \(index): \(message)"
            case .duplicate(let id): "after the last operation the tree holds '\(id)' twice"
            }
        }
    }

    /// The tree `operations` make of `before`; `after` supplies the nodes they add.
    package static func apply(_ operations: [TreeOperation], to before: Tree, after: Tree) throws(ApplyError) -> Tree {
        var replay = DiffReplay(before: before, after: after)
        for (i, op) in operations.enumerated() {
            do {
                try replay.run(op)
            } catch let message {
                throw .invalid(index: i + 1, message: message.text)
            }
        }
        return try replay.tree()
    }
}
