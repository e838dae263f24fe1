/// Which nodes of two trees a dialect takes for the same node, found in linear time.
///
/// - `navviz` (rules 1 and 2): a node is kept when the other tree has a node with the same id
///   and context whose parent is the kept counterpart of its own parent (both roots: no
///   parent). The parent must itself be kept, not merely have the same identity: a `pop`
///   takes its subtree with it, so a node under a re-created parent is re-created too.
/// - `katana`, `reswift`, `tempura`: the node with the same id anywhere in the other tree
///   (KatanaRouter's `containsNode` searches the whole tree; route elements are ids).
public struct DiffMatching: Sendable {
    /// For each slot of the old tree, the kept node's slot in the new tree, or -1.
    private var newOfOld: [Int]
    /// For each slot of the new tree, the kept node's slot in the old tree, or -1.
    private var oldOfNew: [Int]

    /// Matches the nodes of `old` and `new` as `dialect` does.
    public init(old: Tree, new: Tree, dialect: DiffDialect) {
        newOfOld = Array(repeating: -1, count: old.nodes.count)
        oldOfNew = Array(repeating: -1, count: new.nodes.count)
        // Pre-order: a parent is matched before its children.
        for a in old.preorder() {
            let node = old.node(a)
            guard let b = new.slot(of: node.id) else { continue }
            if dialect == .navviz {
                guard new.node(b).context == node.context else { continue }
                switch (old.parent(a), new.parent(b)) {
                case (nil, nil): break
                case let (pa?, pb?): guard newOfOld[pa] == pb else { continue }
                default: continue
                }
            }
            newOfOld[a] = b
            oldOfNew[b] = a
        }
    }

    /// The new tree's slot of an old node that is kept, or nil when it is removed.
    public func newSlot(ofOld slot: Tree.Slot) -> Tree.Slot? {
        newOfOld[slot] < 0 ? nil : newOfOld[slot]
    }

    /// The old tree's slot of a new node that is kept, or nil when it is new.
    public func oldSlot(ofNew slot: Tree.Slot) -> Tree.Slot? {
        oldOfNew[slot] < 0 ? nil : oldOfNew[slot]
    }
}
