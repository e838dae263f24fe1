/// Which nodes of two trees a dialect takes for the same node, found in linear time.
///
/// - `navviz` (rules 1 and 2): a node is kept when its parent is kept and the kept
///   counterpart of that parent has a child with the same id and context (both roots: the
///   same id and context). The parent must itself be kept, not merely have the same
///   identity: a `pop` takes its subtree with it, so a node under a re-created parent is
///   re-created too. Among one node's children an id and context occur once (docs/format.md), so
///   a node has at most one counterpart, wherever else its id repeats.
/// - `katana`, `reswift`, `tempura`: the first node in pre-order with the same id anywhere in
///   the other tree (KatanaRouter's `containsNode` and `find(value:)` search the whole tree by
///   id; route elements are ids). With repeated ids this is not one-to-one: two `product`
///   nodes of one tree both have the first `product` of the other as counterpart.
package struct DiffMatching: Sendable {
    /// For each slot of the old tree, the kept node's slot in the new tree, or -1.
    private var newOfOld: [Int]
    /// For each slot of the new tree, the kept node's slot in the old tree, or -1.
    private var oldOfNew: [Int]

    /// Matches the nodes of `old` and `new` as `dialect` does.
    package init(old: Tree, new: Tree, dialect: DiffDialect) {
        newOfOld = Array(repeating: -1, count: old.nodes.count)
        oldOfNew = Array(repeating: -1, count: new.nodes.count)
        if dialect == .navviz {
            guard let ra = old.root, let rb = new.root, old.identity(ra) == new.identity(rb) else { return }
            var stack = [(ra, rb)]
            while let (a, b) = stack.popLast() {
                newOfOld[a] = b
                oldOfNew[b] = a
                let children = ChildIndex(new, b)
                for c in old.children(a) {
                    if let d = children.child(old.identity(c)) { stack.append((c, d)) }
                }
            }
            return
        }
        let firstNew = FirstByID(new), firstOld = FirstByID(old)
        for a in old.preorder() { newOfOld[a] = firstNew[old.id(a)] ?? -1 }
        for b in new.preorder() { oldOfNew[b] = firstOld[new.id(b)] ?? -1 }
    }

    /// The new tree's slot of an old node that is kept, or nil when it is removed.
    package func newSlot(ofOld slot: Tree.Slot) -> Tree.Slot? {
        newOfOld[slot] < 0 ? nil : newOfOld[slot]
    }

    /// The old tree's slot of a new node that is kept, or nil when it is new.
    package func oldSlot(ofNew slot: Tree.Slot) -> Tree.Slot? {
        oldOfNew[slot] < 0 ? nil : oldOfNew[slot]
    }
}

/// The first node in pre-order with each id (KatanaRouter's `find`), in one walk; a tree
/// without repeated ids answers from its own index.
struct FirstByID {
    private let tree: Tree
    private var first: [String: Tree.Slot]?

    init(_ tree: Tree) {
        self.tree = tree
        guard tree.hasRepeatedIDs else { return }
        var map: [String: Tree.Slot] = [:]
        for s in tree.preorder() where map[tree.id(s)] == nil { map[tree.id(s)] = s }
        first = map
    }

    subscript(id: String) -> Tree.Slot? { first.map { $0[id] } ?? tree.slot(of: id) }
}

/// The children of one node by id and context: a scan for a few children, a table for many.
struct ChildIndex {
    private let tree: Tree
    private let parent: Tree.Slot
    private var table: [Node.Identity: Tree.Slot]?

    init(_ tree: Tree, _ parent: Tree.Slot) {
        self.tree = tree
        self.parent = parent
        let kids = tree.children(parent)
        if kids.count > 8 {
            var t: [Node.Identity: Tree.Slot] = [:]
            t.reserveCapacity(kids.count)
            for c in kids { t[tree.identity(c)] = c }
            table = t
        }
    }

    func child(_ identity: Node.Identity) -> Tree.Slot? {
        if let table { return table[identity] }
        return tree.children(parent).first { tree.node($0).id == identity.id && tree.node($0).context == identity.context }
    }
}
