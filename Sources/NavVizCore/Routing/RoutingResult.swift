/// Everything one route did: each executed instruction with the tree after it, the chunks
/// they came in, the final tree, and why the route stopped short, if it did.
///
/// Portus's `Router` returns only the joined chunks, or only an error; navviz keeps every
/// executed instruction even when the destination is not reachable (SEMANTICS.md, Part 1),
/// and the tree after each one so a route can be replayed step by step.
public struct RoutingResult: Sendable {
    /// The tree the route started from.
    public var start: Tree
    /// Where it was going.
    public var destination: [PathElement]
    /// The executed instructions in order, each with the tree after it.
    public var steps: [RoutingStep]
    /// The chunks in order; the last one may have stopped part-way (see ``failure``).
    public var chunks: [RoutingChunk]
    /// Why the destination is not reachable; nil when it was reached.
    public var failure: RoutingFailure?

    public init(start: Tree, destination: [PathElement], steps: [RoutingStep] = [], chunks: [RoutingChunk] = [], failure: RoutingFailure? = nil) {
        self.start = start
        self.destination = destination
        self.steps = steps
        self.chunks = chunks
        self.failure = failure
    }

    /// Whether the active path now equals the destination.
    public var isReached: Bool { failure == nil }

    /// The executed instructions as operations (FORMAT.md's route output), in order.
    public var operations: [Operation] { steps.map(\.operation) }

    /// The tree after the last executed instruction (the start tree when none ran).
    public var final: Tree { steps.last?.tree ?? start }

    /// The tree before step `index` (0-based): the start tree, or the tree after the step
    /// before it.
    public func tree(before index: Int) -> Tree {
        index == 0 ? start : steps[index - 1].tree
    }

    /// The chunks' executed operations, one array per chunk.
    public var operationChunks: [[Operation]] {
        chunks.map { chunk in steps[chunk.steps].map(\.operation) }
    }
}

/// One executed instruction: what was computed, what it did, and the tree after it.
public struct RoutingStep: Sendable {
    /// The instruction as ``RoutingAlgorithm`` computed it.
    public var instruction: RoutingInstruction
    /// The instruction as executed: an enter knows the active leaf it went under.
    public var operation: Operation
    /// The index of its chunk in ``RoutingResult/chunks``.
    public var chunk: Int
    /// The tree right after it.
    public var tree: Tree

    public init(instruction: RoutingInstruction, operation: Operation, chunk: Int, tree: Tree) {
        self.instruction = instruction
        self.operation = operation
        self.chunk = chunk
        self.tree = tree
    }
}

/// One chunk as ``RoutingAlgorithm`` computed it: all the leaves, one switch or one enter.
public struct RoutingChunk: Sendable, Equatable {
    /// The instructions computed for the chunk.
    public var instructions: [RoutingInstruction]
    /// The indices of its executed steps in ``RoutingResult/steps``; shorter than
    /// `instructions` only when one of them failed.
    public var steps: Range<Int>

    public init(instructions: [RoutingInstruction], steps: Range<Int>) {
        self.instructions = instructions
        self.steps = steps
    }
}
