/// Checked edits shared by the action vocabularies: they throw ``ActionError`` instead of
/// breaking the tree.
extension Tree {
    /// The slot of an id, or ``ActionError/noSuchNode(_:)``.
    func require(_ id: String) throws(ActionError) -> Slot {
        guard let s = slot(of: id) else { throw .noSuchNode(id) }
        return s
    }

    /// The deepest node of the active path.
    var activeLeaf: Slot? { activePath.last }

    /// Fails when any id of `other` is already in this tree (or repeats within `other`).
    func checkNew(_ other: Tree) throws(ActionError) {
        for s in other.preorder() where contains(id: other.id(s)) {
            throw .duplicateID(other.id(s))
        }
    }

    /// Grafts `other` under `parent` after checking its ids; becomes the root of an empty tree.
    @discardableResult
    mutating func attach(_ other: Tree, under parent: Slot?, makeActive: Bool) throws(ActionError) -> Slot {
        try checkNew(other)
        guard let parent else {
            guard isEmpty else { throw .refused("the tree already has a root") }
            self = other.compacted()
            return root!
        }
        return graft(other, to: parent, makeActive: makeActive)!
    }

    /// The chain from `slot`'s active child down the active links (Nivelir's stack under a
    /// container, a Tempura route tail).
    func activeChain(below slot: Slot) -> [Slot] {
        var chain: [Slot] = []
        var s = slot
        while let c = activeChild(s) {
            chain.append(c)
            s = c
        }
        return chain
    }
}
