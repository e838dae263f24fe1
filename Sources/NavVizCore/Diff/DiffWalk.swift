/// The orders in which the tree diffs visit a tree, iteratively (stacks 100,000 screens
/// deep are walked without recursion).
///
/// Both orders visit a node's active child last. They differ in the inactive children:
/// navviz visits them in document order (docs/semantics.md, "`navviz` (the default)"); KatanaRouter's
/// `children.sorted { !$0.isActiveRoute }` visits them in reverse document order (K.3).
enum DiffWalk {
    /// How the children of one node are ordered.
    enum ChildOrder {
        /// Inactive children in document order, then the active child.
        case navviz
        /// Inactive children in reverse document order, then the active child.
        case katana
    }

    /// Every node in pre-order, children in the given order.
    static func preorder(_ tree: Tree, _ order: ChildOrder) -> [Tree.Slot] {
        guard let root = tree.root else { return [] }
        var out: [Tree.Slot] = []
        out.reserveCapacity(tree.count)
        var stack = [root]
        while let s = stack.popLast() {
            out.append(s)
            // Pushed in reverse visiting order, so the stack pops them in visiting order.
            let active = tree.activeChild(s)
            if let active { stack.append(active) }
            let kids = tree.children(s)
            switch order {
            case .navviz: for c in kids.reversed() where c != active { stack.append(c) }
            case .katana: for c in kids where c != active { stack.append(c) }
            }
        }
        return out
    }

    /// Every node in post-order, children in the given order: the reverse of a pre-order
    /// that visits children in the opposite order.
    static func postorder(_ tree: Tree, _ order: ChildOrder) -> [Tree.Slot] {
        guard let root = tree.root else { return [] }
        var out: [Tree.Slot] = []
        out.reserveCapacity(tree.count)
        var stack = [root]
        while let s = stack.popLast() {
            out.append(s)
            let active = tree.activeChild(s)
            let kids = tree.children(s)
            switch order {
            case .navviz: for c in kids where c != active { stack.append(c) }
            case .katana: for c in kids.reversed() where c != active { stack.append(c) }
            }
            if let active { stack.append(active) }
        }
        out.reverse()
        return out
    }
}
