/// Portus's `RoutingAlgorithm.computeNextRoutingInstructions`: the next chunk of
/// instructions from a tree's active path towards a destination, exactly as docs/semantics.md
/// P.3 describes it, with the one repair of Part 1 that applies to a single chunk: where
/// Portus traps with "index out of range" (P.7.1), this answers ``RoutingFailure/Reason/prefixCrash(container:index:)``.
///
/// A chunk is always one of three things: all the leaves, one switch, or one enter. An
/// empty chunk means the destination is reached.
package enum RoutingAlgorithm {
    /// The next chunk for `tree` towards `destination`: `[]` when the active path already
    /// equals the destination (id and context, element by element), else the chunk, or the
    /// reason it is not reachable. Linear in the depth of the active path (plus the
    /// children of one switch point).
    package static func nextChunk(in tree: Tree, to destination: [PathElement]) -> Result<[RoutingInstruction], RoutingFailure.Reason> {
        let path = tree.activePath
        // Step 1: done when origin == destination.
        if path.count == destination.count,
           zip(path, destination).allSatisfy({ tree.node($0.0).identity == $0.1.identity }) {
            return .success([])
        }
        // Step 2: the first index where either side is missing or they differ.
        var index = 0
        while index < path.count, index < destination.count,
              tree.node(path[index]).identity == destination[index].identity {
            index += 1
        }
        // Step 3: leave every unmanaged Leavable node from the deepest up to `index`.
        var leaves: [RoutingInstruction] = []
        for slot in path[index...].reversed() {
            let node = tree.node(slot)
            guard node.isLeavable, !tree.isManaged(slot) else { continue }
            guard node.canLeave else { return .failure(.refusedLeave(node.identity)) }
            leaves.append(.leave(node.identity))
        }
        if !leaves.isEmpty { return .success(leaves) }
        // Step 4: switch at path[index - 1] when it has more than one child, whatever it is.
        if index >= 1 {
            let container = path[index - 1]
            let children = tree.children(container)
            if children.count > 1 {
                guard index < destination.count else {
                    return .failure(.prefixCrash(container: tree.id(container), index: index))
                }
                let target = destination[index]
                guard children.contains(where: { tree.id($0) == target.id }) else {
                    return .failure(.noSuchChild(container: tree.id(container), target: target, children: children.map(tree.id)))
                }
                return .success([.switchTo(target, in: tree.node(container).identity)])
            }
        }
        // Step 5: enter the next destination element, if there is one.
        if index < destination.count {
            return .success([.enter(destination[index])])
        }
        return .failure(.emptyChunk(index: index, parent: index >= 1 ? tree.id(path[index - 1]) : nil))
    }
}
