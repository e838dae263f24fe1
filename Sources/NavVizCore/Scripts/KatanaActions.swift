/// KatanaRouter's actions on the tree (docs/format.md): push, pop, change, activate.
enum KatanaActions {
    /// `push`: the node (with its subtree) becomes the active child of `into`, by default of
    /// the active leaf; an empty tree gets it as its root.
    static func push(_ node: Tree, into: String?, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        let parent = try into.map { id throws(ActionError) in try tree.require(id) } ?? tree.activeLeaf
        let s = try tree.attach(node, under: parent, makeActive: true)
        return [.push(id: tree.id(s), parent: parent.map(tree.id), context: tree.node(s).context, path: tree.operationPath(s))]
    }

    /// `pop`: removes the node and its subtree; its parent is left with no active child.
    static func pop(_ id: String, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        let s = try tree.require(id)
        let parent = tree.parent(s).map(tree.id)
        let context = tree.node(s).context
        let path = tree.operationPath(s)
        tree.removeSubtree(s)
        return [.pop(id: id, parent: parent, context: context, path: path)]
    }

    /// `change`: pops children of `parent` and appends new ones in one transition. When the
    /// active child was popped (or there was none), the last pushed node becomes active.
    static func change(parent: String, pop: [String], push: [Tree], on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        let p = try tree.require(parent)
        var gone: [Tree.Slot] = []
        for id in pop {
            // Each popped id names a child of the parent not named before (the first left).
            guard let s = tree.children(p).first(where: { tree.id($0) == id && !gone.contains($0) }) else {
                guard tree.contains(id: id) else { throw .noSuchNode(id) }
                throw .notAChild(id, parent: parent)
            }
            gone.append(s)
        }
        let popped = gone.map(tree.identity)
        for s in gone { tree.removeSubtree(s) }
        let activate = tree.activeChild(p) == nil
        var pushed: [Node.Identity] = []
        for (i, node) in push.enumerated() {
            let s = try tree.attach(node, under: p, makeActive: activate && i == push.count - 1)
            pushed.append(tree.identity(s))
        }
        return [.change(parent: parent, popped: popped, pushed: pushed, path: tree.operationPath(p))]
    }

    /// `activate`: makes the node its parent's active child.
    static func activate(_ id: String, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        let s = try tree.require(id)
        guard let p = tree.parent(s) else { throw .rootHasNoParent(id) }
        tree.setActive(s, in: p)
        return [.activate(id: id, parent: tree.id(p), context: tree.node(s).context, path: tree.operationPath(s))]
    }
}
