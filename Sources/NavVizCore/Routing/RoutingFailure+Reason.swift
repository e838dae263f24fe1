extension RoutingFailure {
    /// Why a destination cannot be reached: the reasons Portus answers
    /// `destinationNotReachable`, plus the repairs navviz adds where Portus crashes or loops
    /// (docs/semantics.md, "Repairs").
    ///
    /// Messages are lowercase and quote identifiers.
    public enum Reason: Error, Hashable, Sendable, CustomStringConvertible {
        /// No leave, switch or enter applies (P.3, step 5): the destination ends at `index`
        /// (below `parent`, nil at the root), the active path goes on, and nothing on it can be
        /// left because every node there is managed or not Leavable.
        case emptyChunk(index: Int, parent: String?)
        /// A Leavable, unmanaged node on the way answers `canLeave` false (P.7.4): the whole
        /// leave chunk is dropped.
        case refusedLeave(Node.Identity)
        /// The switch point has several children but none has the destination's id (P.3,
        /// step 4; contexts are not compared here).
        case noSuchChild(container: String, target: PathElement, children: [String])
        /// Portus traps with "index out of range" (P.7.1): the destination is a strict prefix of
        /// the active path ending at `container`, which has several children, and nothing below
        /// it can be left.
        case prefixCrash(container: String, index: Int)
        /// A switch was computed for a node with several children that is not a switch
        /// container (`Switchable`), so its execution fails (P.5).
        case notSwitchable(container: String, target: PathElement)
        /// The active leaf is not Enterable, so it cannot enter `target` (P.6).
        case notEnterable(leaf: String, target: PathElement)
        /// The tree is empty: there is no active leaf to enter `target` from.
        case emptyTree(target: PathElement)
        /// A leave of a chunk finds no node equal to its entry: an earlier leave of the same
        /// chunk took it away, because Portus's `findNode` found another node with the same id
        /// and context first in pre-order and removed that one with its subtree. Portus stops
        /// with `fatalError("Node … not found")`.
        case leftNodeGone(Node.Identity)
        /// The Router would cycle forever (P.7.2); navviz's loop guard stopped it.
        case loop(LoopKind)

        /// How the loop guard noticed a loop.
        public enum LoopKind: Hashable, Sendable {
            /// Chunk `chunk` (1-based) is the same as chunk `repeats`, computed on the same tree,
            /// so the route would go round for ever.
            case repeated(chunk: Int, repeats: Int, instructions: [RoutingInstruction])
            /// More than `limit` chunks: 4 x (nodes + path length).
            case tooManyChunks(limit: Int)
        }

        public var description: String {
            switch self {
            case .emptyChunk(_, let parent):
                if let parent {
                    return "the destination ends at '\(parent)' but the active path goes on below it, and nothing there can be left (every node is managed or not Leavable)"
                }
                return "the destination is empty and the active path cannot be left (every node is managed or not Leavable)"
            case .refusedLeave(let node):
                return "'\(Self.name(node))' refuses to be left (canLeave is false), so the whole leave chunk is dropped"
            case .noSuchChild(let container, let target, let children):
                let list = children.map { "'\($0)'" }.joined(separator: ", ")
                return "switch point '\(container)' has no child with id '\(target.id)' (its children: \(list))"
            case .prefixCrash(let container, _):
                return "the destination ends at '\(container)' but the active path goes on below it into several children and nothing there can be left; Portus crashes here with 'index out of range'"
            case .notSwitchable(let container, let target):
                return "'\(container)' is not a switch container, so it cannot switch to '\(target)'"
            case .notEnterable(let leaf, let target):
                return "the active leaf '\(leaf)' is not Enterable, so it cannot enter '\(target)'"
            case .emptyTree(let target):
                return "the tree is empty, so there is no active leaf to enter '\(target)'"
            case .leftNodeGone(let node):
                return "'\(Self.name(node))' is no longer in the tree when it is to be left: an earlier leave of the chunk found another node with the same id and context first and removed it with its subtree; Portus stops here with fatalError (node not found)"
            case .loop(.repeated(let chunk, let repeats, let instructions)):
                let list = instructions.map(\.description).joined(separator: ", ")
                return "routing loops: chunk \(chunk) (\(list)) repeats chunk \(repeats) on the same tree"
            case .loop(.tooManyChunks(let limit)):
                return "routing loops: more than \(limit) chunks (4 x (nodes + path length))"
            }
        }

        static func name(_ node: Node.Identity) -> String {
            node.context.isEmpty ? node.id : "\(node.id)?\(node.context.queryString)"
        }
    }
}
