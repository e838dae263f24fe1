/// The `katana` dialect: KatanaRouter's `NavigationTreeDiff.getNavigationDiffActions` as its
/// code runs (SEMANTICS.md K.4), mapped to operations as K.5 says, in linear time.
///
/// Reproduced quirks (K.7): identity is the id alone, so a moved node or a changed context is
/// invisible; inactive siblings are visited in reverse document order; `change.pushed` is
/// every child of the parent in the new tree; a replaced root gives `pushed: []`; only pops
/// whose old parent has the push parent's id join a change, deeper pops stay separate and
/// come first; pop-only changes come among the pops; `activate` fires for every node of the
/// new tree whose active child differs by id from that of the same-id node of the old tree
/// (so for every new node with an active child), never when the active child just went away.
struct KatanaDiff {
    let old: Tree
    let new: Tree

    func operations() -> [Operation] {
        // 1. Pops: old nodes, traverse post-order, whose id is nowhere in the new tree.
        let pops = DiffWalk.postorder(old, .katana).filter { !new.contains(id: old.id($0)) }
        // 2. Pushes: new nodes, traverse pre-order, whose id is nowhere in the old tree.
        let pushes = DiffWalk.preorder(new, .katana).filter { !old.contains(id: new.id($0)) }

        // Pops by old parent, keyed by the old parent's slot (-1: no parent).
        var popsByParent = OrderedGroups<Int, Tree.Slot>()
        for a in pops { popsByParent.append(a, to: old.parent(a) ?? -1) }
        var pushesByParent = OrderedGroups<Int, Tree.Slot>()
        for b in pushes { pushesByParent.append(b, to: new.parent(b) ?? -1) }

        // 3. Insert actions, per push parent in order of first appearance. Parents are
        //    compared across the trees by id: the old parent key is the old slot of that id.
        var served = Set<Int>()
        var inserts: [Operation] = []
        for (parent, group) in pushesByParent.groups {
            let oldKey = parent < 0 ? -1 : (old.slot(of: new.id(parent)) ?? -2)
            let popped = oldKey == -2 ? [] : popsByParent[oldKey]
            let parentID = parent < 0 ? nil : new.id(parent)
            if group.count == 1 && popped.isEmpty {
                inserts.append(.push(id: new.id(group[0]), parent: parentID, context: new.node(group[0]).context))
                continue
            }
            // `uniquePushParent?.children ?? []`: every child, and nothing for the root.
            let pushed = parent < 0 ? [] : new.children(parent).map(new.id)
            inserts.append(.change(parent: parentID, popped: popped.map(old.id), pushed: pushed))
            served.insert(oldKey)
        }

        // 4. Pop actions: what is left, grouped by old parent.
        var popActions: [Operation] = []
        for (parent, group) in popsByParent.groups where !served.contains(parent) {
            let parentID = parent < 0 ? nil : old.id(parent)
            if group.count == 1 {
                popActions.append(.pop(id: old.id(group[0]), parent: parentID, context: old.node(group[0]).context))
            } else {
                popActions.append(.change(parent: parentID, popped: group.map(old.id), pushed: []))
            }
        }

        // 5. changedActiveChild: traverse post-order over the new tree.
        var activates: [Operation] = []
        for b in DiffWalk.postorder(new, .katana) {
            guard let c = new.activeChild(b) else { continue }
            let before = old.slot(of: new.id(b)).flatMap(old.activeChild).map(old.id)
            if before != new.id(c) {
                activates.append(.activate(id: new.id(c), parent: new.id(b), context: new.node(c).context))
            }
        }
        // 6. Pop actions, then insert actions, then activates.
        return popActions + inserts + activates
    }
}
