import NavVizCore

/// Which nodes a diff picture draws and in what order: every node of the new tree, and
/// every node of the old tree whose id the new tree lacks, each under its parent, removed
/// children placed after the old sibling they followed. Linear in the two trees' sizes.
struct DiffLayout {
    /// A drawn node: a slot of the new tree, or of the old tree for a removed node.
    enum Item: Equatable {
        case new(Tree.Slot)
        case old(Tree.Slot)
    }

    /// A node whose parent differs between the trees.
    struct Move: Equatable {
        var id: String
        var oldParent: String
    }

    let old: Tree
    let new: Tree

    /// The drawn nodes in pre-order of the merged tree: the old root first when the root
    /// was replaced, so "before" reads left of "after".
    func order() -> [Item] {
        var roots: [Item] = []
        if let r = old.root, !new.contains(id: old.id(r)) { roots.append(.old(r)) }
        if let r = new.root { roots.append(.new(r)) }
        var out: [Item] = []
        var stack = Array(roots.reversed())
        while let item = stack.popLast() {
            out.append(item)
            stack.append(contentsOf: children(of: item).reversed())
        }
        return out
    }

    /// The drawn children of a drawn node.
    func children(of item: Item) -> [Item] {
        switch item {
        case .old(let a):
            return old.children(a).filter { !new.contains(id: old.id($0)) }.map(Item.old)
        case .new(let b):
            let kept = new.children(b).map(Item.new)
            guard let a = old.slot(of: new.id(b)),
                  old.children(a).contains(where: { !new.contains(id: old.id($0)) }) else { return kept }
            // Removed children go right after the old sibling they followed, if it is drawn here.
            var after: [String: [Item]] = [:]
            var leading: [Item] = []
            var anchor: String?
            let here = Set(new.children(b).map(new.id))
            for c in old.children(a) {
                let id = old.id(c)
                if new.contains(id: id) {
                    if here.contains(id) { anchor = id }
                    continue
                }
                if let anchor { after[anchor, default: []].append(.old(c)) } else { leading.append(.old(c)) }
            }
            if after.isEmpty && leading.isEmpty { return kept }
            var merged = leading
            for item in kept {
                merged.append(item)
                if case .new(let s) = item, let removed = after[new.id(s)] { merged += removed }
            }
            return merged
        }
    }

    /// Nodes of both trees whose parent id changed (not the roots), in new pre-order. Their
    /// old edge is drawn too unless it would repeat the new one.
    func moves() -> [Move] {
        new.preorder().compactMap { b in
            guard let a = old.slot(of: new.id(b)), let oldParent = old.parent(a), let newParent = new.parent(b),
                  old.id(oldParent) != new.id(newParent) else { return nil }
            return Move(id: new.id(b), oldParent: old.id(oldParent))
        }
    }
}
