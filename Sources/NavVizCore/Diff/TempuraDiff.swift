/// The `tempura` dialect: Tempura's `Navigator.routingChanges` over the two active paths,
/// compared by id (routes are `[RouteElementIdentifier]`), docs/semantics.md, "`reswift` and `tempura`".
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

    func operations() -> [TreeOperation] {
        let routes = LinearRoutes(old: old, new: new)
        let from = routes.from, to = routes.to, c = routes.common
        if routes.equal { return [] }
        if c < 0 {
            return [.change(parent: nil, popped: from.prefix(1).map(old.identity), pushed: to.prefix(1).map(new.identity))]
        }
        if c == to.count - 1 { return (c + 1 ..< from.count).reversed().map(routes.pop) }
        if c == from.count - 1 { return (c + 1 ..< to.count).map(routes.push) }
        return [.change(parent: old.id(from[c]), popped: [old.identity(from[c + 1])], pushed: [new.identity(to[c + 1])],
                        path: old.operationPath(from[c]))]
    }
}
