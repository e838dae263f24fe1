/// The `katana` dialect: KatanaRouter's `NavigationTreeDiff.getNavigationDiffActions` as its
/// code runs (docs/semantics.md K.4), mapped to operations as K.5 says, in linear time.
///
/// Reproduced quirks (K.7): identity is the id alone, so a moved node or a changed context is
/// invisible; inactive siblings are visited in reverse document order; `change.pushed` is
/// every child of the parent in the new tree; a replaced root gives `pushed: []`; only pops
/// whose old parent has the push parent's id join a change, deeper pops stay separate and
/// come first; pop-only changes come among the pops; `activate` fires for every node of the
/// new tree whose active child differs by id from that of the same-id node of the old tree
/// (so for every new node with an active child), never when the active child just went away.
///
/// Where ids repeat (docs/semantics.md, "Repeated screens"), the code's comparisons by id
/// show through: a node whose id is anywhere in the other tree is neither popped nor pushed
/// (a second `product` pushed under the first is invisible); nodes are grouped by their
/// parent's id, so pushes under two different `product` nodes form one group whose `change`
/// lists the children of the first of them; and a node's old active child is looked up on
/// the first node in pre-order with its id.
struct KatanaDiff {
    let old: Tree
    let new: Tree

    func operations() -> [TreeOperation] {
        // 1. Pops: old nodes, traverse post-order, whose id is nowhere in the new tree.
        let pops = DiffWalk.postorder(old, .katana).filter { !new.contains(id: old.id($0)) }
        // 2. Pushes: new nodes, traverse pre-order, whose id is nowhere in the old tree.
        let pushes = DiffWalk.preorder(new, .katana).filter { !old.contains(id: new.id($0)) }

        // Groups by the parent's id (`$0.parentNode == parent` compares values, that is ids);
        // nil is the root's parent.
        var popsByParent = OrderedGroups<String?, Tree.Slot>()
        for a in pops { popsByParent.append(a, to: old.parent(a).map(old.id)) }
        var pushesByParent = OrderedGroups<String?, Tree.Slot>()
        for b in pushes { pushesByParent.append(b, to: new.parent(b).map(new.id)) }

        // 3. Insert actions, per push parent id in order of first appearance.
        var served = Set<String?>()
        var inserts: [TreeOperation] = []
        for (parentID, group) in pushesByParent.groups {
            let popped = popsByParent[parentID]
            if group.count == 1 && popped.isEmpty {
                let b = group[0]
                inserts.append(.push(id: new.id(b), parent: parentID, context: new.node(b).context, path: new.operationPath(b)))
                continue
            }
            // `uniquePushParent?.children ?? []`: every child of the first group member's
            // parent, and nothing for the root.
            let parent = new.parent(group[0])
            let pushed = parent.map { new.children($0).map(new.identity) } ?? []
            let path = parent.flatMap(new.operationPath)
            inserts.append(.change(parent: parentID, popped: popped.map(old.identity), pushed: pushed,
                                   path: path, poppedPaths: poppedPaths(popped, parentID: parentID, path: path)))
            served.insert(parentID)
        }

        // 4. Pop actions: what is left, grouped by old parent id.
        var popActions: [TreeOperation] = []
        for (parentID, group) in popsByParent.groups where !served.contains(parentID) {
            if group.count == 1 {
                let a = group[0]
                popActions.append(.pop(id: old.id(a), parent: parentID, context: old.node(a).context, path: old.operationPath(a)))
            } else {
                let path = old.parent(group[0]).flatMap(old.operationPath)
                popActions.append(.change(parent: parentID, popped: group.map(old.identity), pushed: [],
                                          path: path, poppedPaths: poppedPaths(group, parentID: parentID, path: path)))
            }
        }

        // 5. changedActiveChild: traverse post-order over the new tree; the old node is the
        //    first in pre-order with the same id (`find(value:)`).
        let firstOld = FirstByID(old)
        var activates: [TreeOperation] = []
        for b in DiffWalk.postorder(new, .katana) {
            guard let c = new.activeChild(b) else { continue }
            let before = firstOld[new.id(b)].flatMap(old.activeChild).map(old.id)
            if before != new.id(c) {
                activates.append(.activate(id: new.id(c), parent: new.id(b), context: new.node(c).context, path: new.operationPath(c)))
            }
        }
        // 6. Pop actions, then insert actions, then activates.
        return popActions + inserts + activates
    }

    /// The old paths of a change's popped nodes where the change's parent (its `path` in
    /// the old tree, else the one node with its id) is not the parent of them all: pops
    /// grouped by a parent id that two old nodes share.
    func poppedPaths(_ popped: [Tree.Slot], parentID: String?, path: [PathElement]?) -> [[PathElement]]? {
        guard !popped.isEmpty, old.hasRepeatedIDs else { return nil }
        let named: Tree.Slot? = path.map { old.slot(at: $0) } ?? parentID.flatMap { old.occurrences(of: $0) == 1 ? old.slot(of: $0) : nil }
        if parentID == nil || popped.allSatisfy({ old.parent($0) == named && named != nil }) { return nil }
        return popped.map(old.path(to:))
    }
}
