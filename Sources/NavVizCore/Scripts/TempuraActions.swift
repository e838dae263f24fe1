/// Tempura's Show and Hide on the active path (its route), as its Navigator defines them.
enum TempuraActions {
    /// `Show(ids)`: appends each id to the route, each the active child of the one before.
    static func show(_ ids: [String], on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        var ops: [TreeOperation] = []
        for id in ids {
            let parent = tree.activeLeaf
            let s = try tree.attach(Tree(root: Node(id: id)), under: parent, makeActive: true)
            ops.append(.push(id: tree.id(s), parent: parent.map(tree.id), path: tree.operationPath(s)))
        }
        return ops
    }

    /// `Hide(id)`: cuts the route at the last occurrence of `id`, hiding deepest first; with
    /// `atomic` only `id` itself is hidden (what lies above it goes with it). An id in the
    /// tree but not on the route changes nothing, as in Tempura.
    static func hide(_ id: String, atomic: Bool, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        _ = try tree.require(id)
        let route = tree.activePath
        guard let index = route.lastIndex(where: { tree.id($0) == id }) else { return [] }
        let s = route[index]
        let hidden = Array(route[index...])
        var ops: [TreeOperation] = []
        if atomic {
            ops.append(.pop(id: id, parent: tree.parent(s).map(tree.id), context: tree.node(s).context, path: tree.operationPath(s)))
        } else {
            for h in hidden.reversed() {
                ops.append(.pop(id: tree.id(h), parent: tree.parent(h).map(tree.id), context: tree.node(h).context, path: tree.operationPath(h)))
            }
        }
        tree.removeSubtree(s)
        return ops
    }
}
