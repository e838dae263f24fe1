/// Checked edits shared by the action vocabularies: they throw ``ActionError`` instead of
/// breaking the tree.
extension Tree {
    /// The first node in pre-order with this id (as KatanaRouter's `find(userIdentifier:)`
    /// and Portus's `findNode` search), or ``ActionError/noSuchNode(_:)``.
    func require(_ id: String) throws(ActionError) -> Slot {
        guard let s = slot(of: id) else { throw .noSuchNode(id) }
        return s
    }

    /// The deepest node of the active path.
    var activeLeaf: Slot? { activePath.last }

    /// The child of `parent` with this id: the first in document order. An id that is in
    /// the tree but not under `parent` is ``ActionError/notAChild(_:parent:)``.
    func requireChild(_ id: String, of parent: Slot) throws(ActionError) -> Slot {
        if let c = children(parent).first(where: { self.id($0) == id }) { return c }
        guard contains(id: id) else { throw .noSuchNode(id) }
        throw .notAChild(id, parent: self.id(parent))
    }

    /// Fails when `parent` already has a child with the id and context of `other`'s root.
    func checkNew(_ other: Tree, under parent: Slot) throws(ActionError) {
        guard let r = other.root else { return }
        if child(of: parent, other.node(r).identity) != nil {
            throw .duplicateChild(other.node(r).identity, parent: id(parent))
        }
    }

    /// Grafts `other` under `parent` after checking its ids; becomes the root of an empty tree.
    @discardableResult
    mutating func attach(_ other: Tree, under parent: Slot?, makeActive: Bool) throws(ActionError) -> Slot {
        guard let parent else {
            guard isEmpty else { throw .refused("the tree already has a root") }
            self = other.compacted()
            return root!
        }
        try checkNew(other, under: parent)
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
