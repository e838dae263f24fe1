/// The `reswift` dialect: ReSwift-Router's `routingActionsForTransition` over the two
/// active paths, compared by id (route elements are identifiers), docs/semantics.md, "`reswift` and `tempura`".
///
/// With `c` the index of the last common element (-1 if none): pop the old route from its
/// end down to index `c+2`; then `change` at `c+1` when both routes go on, else `pop` of
/// `old[c+1]` when the old route is longer; then push the rest of the new route.
///
/// Mapping to operations: `pop(old[i])` is `pop(id, parent: old[i-1])`, `push(new[i])` is
/// `push(id, parent: new[i-1])`, the change at index `i` is `change(parent: path[i-1],
/// popped: [old[i]], pushed: [new[i]])`; the parent is null at index 0, so a changed root is
/// `change(parent: null, …)`. Empty trees are empty routes: pushes from, or pops down to,
/// nothing, exactly as the original loop runs.
struct ReSwiftDiff {
    let old: Tree
    let new: Tree

    func operations() -> [TreeOperation] {
        let routes = LinearRoutes(old: old, new: new)
        let from = routes.from, to = routes.to, c = routes.common
        if routes.equal { return [] }
        var ops: [TreeOperation] = []
        var index = from.count - 1
        while index > c + 1 {
            ops.append(routes.pop(index))
            index -= 1
        }
        if from.count > c + 1 && to.count > c + 1 {
            ops.append(.change(parent: c >= 0 ? new.id(to[c]) : nil, popped: [old.identity(from[c + 1])], pushed: [new.identity(to[c + 1])],
                               path: c >= 0 ? new.operationPath(to[c]) : nil))
        } else if from.count > to.count {
            ops.append(routes.pop(index))
            index -= 1
        }
        while index < to.count - 1 {
            ops.append(routes.push(index + 1))
            index += 1
        }
        return ops
    }
}
