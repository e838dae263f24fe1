/// The `tempura` dialect: Tempura's `Navigator.routingChanges` over the two active paths,
/// compared by id (routes are `[RouteElementIdentifier]`), SEMANTICS.md O.
///
/// With `c` the index of the last common element: equal routes give nothing; no common root
/// gives one `rootChange`; a new route that is a prefix of the old hides the rest, deepest
/// first; an old route that is a prefix of the new shows the rest in order; otherwise one
/// `change(old[c+1] → new[c+1])` and the rest of both routes is ignored.
///
/// Mapping to operations: `rootChange(a, b)` is `change(parent: null, popped: [a], pushed:
/// [b])` (Tempura installs only the new root: the rest of the new route is not shown);
/// `hide(old[i])` is `pop(id, parent: old[i-1])`; `show(new[i])` is `push(id, parent:
/// new[i-1])`; `change` is `change(parent: old[c], popped: [old[c+1]], pushed: [new[c+1]])`.
/// Tempura crashes on an empty route (`old.first!`); navviz reports a root change with an
/// empty side instead: `popped: []` from nothing, `pushed: []` to nothing.
struct TempuraDiff {
    let old: Tree
    let new: Tree

    func operations() -> [Operation] {
        let from = old.activePath, to = new.activePath
        var c = -1
        while c + 1 < from.count, c + 1 < to.count, old.id(from[c + 1]) == new.id(to[c + 1]) { c += 1 }
        if c == from.count - 1 && c == to.count - 1 { return [] }
        if c < 0 {
            return [.change(parent: nil, popped: from.prefix(1).map(old.id), pushed: to.prefix(1).map(new.id))]
        }
        if c == to.count - 1 {
            return (c + 1 ..< from.count).reversed().map { i in
                .pop(id: old.id(from[i]), parent: old.id(from[i - 1]), context: old.node(from[i]).context)
            }
        }
        if c == from.count - 1 {
            return (c + 1 ..< to.count).map { i in
                .push(id: new.id(to[i]), parent: new.id(to[i - 1]), context: new.node(to[i]).context)
            }
        }
        return [.change(parent: old.id(from[c]), popped: [old.id(from[c + 1])], pushed: [new.id(to[c + 1])])]
    }
}
