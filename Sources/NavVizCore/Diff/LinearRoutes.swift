/// The two active paths the linear dialects (`reswift`, `tempura`) compare, with the index
/// of their last common element and the pop and push each router emits for one element.
struct LinearRoutes {
    let old: Tree
    let new: Tree
    /// The active paths of the old and the new tree.
    let from: [Tree.Slot]
    let to: [Tree.Slot]
    /// The index of the last element both routes share by id (-1 when the roots differ).
    let common: Int

    init(old: Tree, new: Tree) {
        self.old = old
        self.new = new
        from = old.activePath
        to = new.activePath
        var c = -1
        while c + 1 < from.count, c + 1 < to.count, old.id(from[c + 1]) == new.id(to[c + 1]) { c += 1 }
        common = c
    }

    /// Whether both routes are the same.
    var equal: Bool { common == from.count - 1 && common == to.count - 1 }

    /// `pop(old[i])`, its parent the element before it (none at the root).
    func pop(_ i: Int) -> TreeOperation {
        .pop(id: old.id(from[i]), parent: i > 0 ? old.id(from[i - 1]) : nil, context: old.node(from[i]).context,
             path: old.operationPath(from[i]))
    }

    /// `push(new[i])`, its parent the element before it (none at the root).
    func push(_ i: Int) -> TreeOperation {
        .push(id: new.id(to[i]), parent: i > 0 ? new.id(to[i - 1]) : nil, context: new.node(to[i]).context,
              path: new.operationPath(to[i]))
    }
}
