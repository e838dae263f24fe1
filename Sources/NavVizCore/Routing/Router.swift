/// Portus's `Router.routeTo(staticDestination:)` loop: compute a chunk, execute it on the
/// tree, repeat until a chunk is empty (docs/semantics.md P.6), with the repairs of Part 1:
///
/// - a loop guard: a chunk computed on a tree on which the same chunk was computed before
///   (the Router would go round for ever), or more than 4 x (nodes + path length) chunks,
///   stops the route with ``RoutingFailure/Reason/loop(_:)``;
/// - every executed instruction is kept, so a failure names what did run and where it
///   stopped (``RoutingFailure``).
///
/// Iterative; each chunk costs time linear in the tree and its instructions (computing it,
/// fingerprinting the tree for the loop guard, and keeping one copy of the tree it started
/// from, ``RoutingChunk/tree``).
public enum Router {
    /// Routes `start` to `destination`, entering nodes as `templates` say.
    /// `chunkLimit` replaces the default guard of 4 x (nodes + path length) chunks.
    public static func route(from start: Tree, to destination: [PathElement], templates: Templates = [:], chunkLimit: Int? = nil) -> RoutingResult {
        var result = RoutingResult(start: start, destination: destination, templates: templates)
        var tree = start
        let limit = chunkLimit ?? 4 * (start.count + destination.count)
        // Loop guard: chunk indices by a hash of (tree, chunk); a hit is confirmed exactly.
        var seen: [Int: [Int]] = [:]

        while true {
            let chunk: [RoutingInstruction]
            switch RoutingAlgorithm.nextChunk(in: tree, to: destination) {
            case .failure(let error):
                result.failure = RoutingFailure(reason: error, chunk: result.chunks.count + 1, executed: result.operations)
                return result
            case .success(let instructions):
                chunk = instructions
            }
            if chunk.isEmpty { return result }

            let number = result.chunks.count + 1
            let key = fingerprint(tree, chunk)
            if let earlier = seen[key]?.first(where: { j in
                result.chunks[j].instructions == chunk && result.chunks[j].tree == tree
            }) {
                result.failure = RoutingFailure(reason: .loop(.repeated(chunk: number, repeats: earlier + 1, instructions: chunk)),
                                                chunk: number, executed: result.operations)
                return result
            }
            if result.chunks.count >= limit {
                result.failure = RoutingFailure(reason: .loop(.tooManyChunks(limit: limit)), chunk: number, executed: result.operations)
                return result
            }
            seen[key, default: []].append(result.chunks.count)

            let first = result.steps.count
            let before = tree
            for instruction in chunk {
                do {
                    let operation = try RoutingExecution.execute(instruction, on: &tree, templates: templates)
                    result.steps.append(RoutingStep(instruction: instruction, operation: operation, chunk: number - 1))
                } catch {
                    result.chunks.append(RoutingChunk(instructions: chunk, steps: first..<result.steps.count, tree: before))
                    result.final = tree
                    result.failure = RoutingFailure(reason: error, chunk: number, instruction: instruction, instructionNumber: result.steps.count + 1,
                                                    executed: result.operations)
                    return result
                }
            }
            result.chunks.append(RoutingChunk(instructions: chunk, steps: first..<result.steps.count, tree: before))
            result.final = tree
        }
    }

    /// Routes a docs/format.md route request.
    public static func route(_ request: RouteRequest) -> RoutingResult {
        route(from: request.tree, to: request.to, templates: request.templates)
    }

    /// A hash of the tree's shape, nodes and active children, and of the chunk.
    static func fingerprint(_ tree: Tree, _ chunk: [RoutingInstruction]) -> Int {
        var hasher = Hasher()
        hasher.combine(chunk)
        for slot in tree.preorder() {
            hasher.combine(tree.node(slot))
            hasher.combine(tree.children(slot).count)
            hasher.combine(tree.activeChild(slot).map(tree.id))
        }
        return hasher.finalize()
    }
}
