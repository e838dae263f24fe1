/// The `navviz` dialect: docs/semantics.md, "`navviz` (the default)", in linear time.
///
/// 1. identity is id + context; 2. kept = same identity under the kept counterpart of the
/// parent (``DiffMatching``); 3. children inactive first in document order, then active;
/// 4. removed nodes in post-order of the old tree, new nodes in pre-order of the new tree;
/// 5. per parent of new nodes: `push`, or `change` with `children` and `active`; a replaced
/// root is `change(parent: nil, popped: [old root], pushed: [new root])` (without extras);
/// 6. the other removed nodes grouped by old parent: `pop`, or a pop-only `change` (without
/// extras: the parent's children are not re-listed when nothing is added); 7. `activate`
/// for a kept node that now shows a different child that was already there; 8. pops, then
/// pushes and changes, then activates.
struct NavVizDiff {
    let old: Tree
    let new: Tree

    func operations() -> [TreeOperation] {
        let matching = DiffMatching(old: old, new: new, dialect: .navviz)
        let removed = DiffWalk.postorder(old, .navviz).filter { matching.newSlot(ofOld: $0) == nil }
        let added = DiffWalk.preorder(new, .navviz).filter { matching.oldSlot(ofNew: $0) == nil }

        // Removed nodes by old parent (-1: the root), in pop order.
        var removedUnder = OrderedGroups<Int, Tree.Slot>()
        for a in removed { removedUnder.append(a, to: old.parent(a) ?? -1) }
        // New nodes by new parent (-1: the root), in push order.
        var addedUnder = OrderedGroups<Int, Tree.Slot>()
        for b in added { addedUnder.append(b, to: new.parent(b) ?? -1) }

        var taken = Array(repeating: false, count: old.nodes.count)
        var inserts: [TreeOperation] = []
        for (parent, pushes) in addedUnder.groups {
            if parent < 0 {
                let root = pushes[0]
                if let oldRoot = old.root {
                    taken[oldRoot] = true
                    inserts.append(.change(parent: nil, popped: [old.identity(oldRoot)], pushed: [new.identity(root)]))
                } else {
                    inserts.append(.push(id: new.id(root), parent: nil, context: new.node(root).context, path: new.operationPath(root)))
                }
                continue
            }
            // Only a kept parent has removed children; a new parent starts empty.
            let popped = matching.oldSlot(ofNew: parent).map { removedUnder[$0] } ?? []
            if pushes.count == 1 && popped.isEmpty {
                let b = pushes[0]
                inserts.append(.push(id: new.id(b), parent: new.id(parent), context: new.node(b).context, path: pushPath(b, matching)))
                continue
            }
            for a in popped { taken[a] = true }
            inserts.append(.change(
                parent: new.id(parent),
                popped: popped.map(old.identity),
                pushed: pushes.map(new.identity),
                children: new.children(parent).map(new.identity),
                active: new.activeChild(parent).map(new.identity),
                path: keptPath(parent, matching)
            ))
        }

        var pops: [TreeOperation] = []
        var left = OrderedGroups<Int, Tree.Slot>()
        for a in removed where !taken[a] { left.append(a, to: old.parent(a) ?? -1) }
        for (parent, group) in left.groups {
            let parentID = parent < 0 ? nil : old.id(parent)
            if group.count == 1 {
                pops.append(.pop(id: old.id(group[0]), parent: parentID, context: old.node(group[0]).context, path: old.operationPath(group[0])))
            } else {
                pops.append(.change(parent: parentID, popped: group.map(old.identity), pushed: [], path: parent < 0 ? nil : old.operationPath(parent)))
            }
        }

        var activates: [TreeOperation] = []
        for b in DiffWalk.postorder(new, .navviz) {
            guard let a = matching.oldSlot(ofNew: b), let c = new.activeChild(b),
                  let before = matching.oldSlot(ofNew: c), old.activeChild(a) != before else { continue }
            activates.append(.activate(id: new.id(c), parent: new.id(b), context: new.node(c).context, path: keptPath(c, matching)))
        }
        return pops + inserts + activates
    }

    /// The path naming node `b` of the new tree when it is also in the old one (a kept node):
    /// its operation is applied to the old tree, so where its id or its parent's repeats in
    /// either tree, the path names it (the same ids and contexts in both trees).
    private func keptPath(_ b: Tree.Slot, _ matching: DiffMatching) -> [PathElement]? {
        if let path = new.operationPath(b) { return path }
        guard let a = matching.oldSlot(ofNew: b), old.operationPath(a) != nil else { return nil }
        return new.path(to: b)
    }

    /// The path naming new node `b`: as the new tree names it, or by its path where its kept
    /// parent's id repeats in the old tree (which the push is applied to).
    private func pushPath(_ b: Tree.Slot, _ matching: DiffMatching) -> [PathElement]? {
        if let path = new.operationPath(b) { return path }
        guard let p = new.parent(b), let a = matching.oldSlot(ofNew: p), old.isRepeated(old.id(a)) else { return nil }
        return new.path(to: b)
    }
}
