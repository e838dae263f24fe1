import NavVizCore

/// Which nodes a diff picture draws, in what order and under which scene ids: every node of
/// the new tree, and every node of the old tree that no new node stands for, each under its
/// parent, removed children placed after the old sibling they followed. Linear in the two
/// trees' sizes.
///
/// A new node stands for an old one (draws it) when the dialect keeps it (the first old node
/// it keeps, where a dialect keeps several for one); else, where the id
/// is at one place in each tree, the new node with that id (moved, re-contexted or re-created:
/// drawn once, at its new place); else (repeated ids) a new child with the same id under the
/// node that stands for the old parent, not standing for another old node already (a
/// context change at one place). An old node nothing stands for is drawn as removed.
struct DiffLayout {
    /// A drawn node: a slot of the new tree, or of the old tree for a removed node.
    enum Item: Equatable, Hashable {
        case new(Tree.Slot)
        case old(Tree.Slot)
    }

    /// A node whose parent differs between the trees: an edge from its old parent's drawing.
    struct Move: Equatable {
        var from: String
        var to: String
    }

    let old: Tree
    let new: Tree
    /// For each old slot, the new node that stands for it, or -1 (drawn as removed).
    private(set) var standsFor: [Int]
    /// For each new slot, the old node it stands for, or -1.
    private(set) var standsIn: [Int]
    /// Scene ids by drawn item, where they are not the ids.
    private(set) var keys: [Item: String] = [:]
    /// The drawn items in pre-order of the merged tree.
    private(set) var order: [Item] = []

    init(old: Tree, new: Tree, matching: DiffMatching) {
        self.old = old
        self.new = new
        standsFor = Array(repeating: -1, count: old.nodes.count)
        standsIn = Array(repeating: -1, count: new.nodes.count)
        var claimed = Set<Tree.Slot>()
        for a in old.preorder() {
            // One old node per new one: KatanaRouter matches every old `product` with the
            // first new one; the others find their own below.
            if let b = matching.newSlot(ofOld: a), !claimed.contains(b) {
                standsFor[a] = b
                claimed.insert(b)
            }
        }
        for a in old.preorder() where standsFor[a] < 0 {
            let id = old.id(a)
            var b: Tree.Slot?
            if old.occurrences(of: id) == 1, new.occurrences(of: id) == 1, let s = new.slot(of: id), !claimed.contains(s) {
                b = s
            } else if let pa = old.parent(a), standsFor[pa] >= 0 {
                b = new.children(standsFor[pa]).first { new.id($0) == id && !claimed.contains($0) }
            }
            if let b {
                standsFor[a] = b
                claimed.insert(b)
            }
        }
        for a in old.preorder() where standsFor[a] >= 0 { standsIn[standsFor[a]] = a }
        order = makeOrder()
        // Where neither tree repeats an id, every drawn id is drawn once (a removed node's id
        // is not in the new tree): the key is the id.
        guard old.hasRepeatedIDs || new.hasRepeatedIDs else { return }
        var sceneKeys = SceneKeys()
        for item in order {
            switch item {
            case .new(let b): keys[item] = sceneKeys.next(id: new.id(b), path: OperationWriter.pathText(new.path(to: b)))
            case .old(let a): keys[item] = sceneKeys.next(id: old.id(a), path: OperationWriter.pathText(old.path(to: a)))
            }
        }
    }

    /// The scene id of a drawn item.
    func key(_ item: Item) -> String {
        if let k = keys[item] { return k }
        switch item {
        case .new(let b): return new.id(b)
        case .old(let a): return old.id(a)
        }
    }

    /// The scene id of the drawing of an old node: itself when removed, else the new node
    /// that stands for it.
    func key(old a: Tree.Slot) -> String { standsFor[a] >= 0 ? key(.new(standsFor[a])) : key(.old(a)) }

    /// The drawn nodes in pre-order of the merged tree: the old root first when the root
    /// was replaced, so "before" reads left of "after".
    private func makeOrder() -> [Item] {
        var roots: [Item] = []
        if let r = old.root, standsFor[r] < 0 { roots.append(.old(r)) }
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
            return old.children(a).filter { standsFor[$0] < 0 }.map(Item.old)
        case .new(let b):
            let kept = new.children(b).map(Item.new)
            let a = standsIn[b]
            guard a >= 0, old.children(a).contains(where: { standsFor[$0] < 0 }) else { return kept }
            // Removed children go right after the old sibling they followed, if it is drawn here.
            var after: [Tree.Slot: [Item]] = [:]
            var leading: [Item] = []
            var anchor: Tree.Slot?
            for c in old.children(a) {
                if standsFor[c] >= 0 {
                    if new.parent(standsFor[c]) == b { anchor = standsFor[c] }
                    continue
                }
                if let anchor { after[anchor, default: []].append(.old(c)) } else { leading.append(.old(c)) }
            }
            var merged = leading
            for item in kept {
                merged.append(item)
                if case .new(let s) = item, let removed = after[s] { merged += removed }
            }
            return merged
        }
    }

    /// Nodes whose parent id changed (not the roots), in new pre-order: an edge from the old
    /// parent's drawing, unless it would repeat the new one.
    func moves() -> [Move] {
        new.preorder().compactMap { b in
            let a = standsIn[b]
            guard a >= 0, let oldParent = old.parent(a), let newParent = new.parent(b),
                  old.id(oldParent) != new.id(newParent) else { return nil }
            return Move(from: key(old: oldParent), to: key(.new(b)))
        }
    }

    /// The old node a new one stands for, if any.
    func oldNode(standingFor b: Tree.Slot) -> Tree.Slot? { standsIn[b] < 0 ? nil : standsIn[b] }
}
