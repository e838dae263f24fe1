/// Everything one route did: each executed instruction, the chunks they came in, the tree
/// before each chunk and after the route, and why the route stopped short, if it did.
///
/// Portus's `Router` returns only the joined chunks, or only an error; navviz keeps every
/// executed instruction even when the destination is not reachable (docs/semantics.md, "Routing").
/// The tree after any instruction is ``tree(after:)``: it replays the instruction's chunk
/// from the tree kept before that chunk, so a chunk of a thousand leaves costs one copy of
/// the tree, not a thousand, until a step-by-step replay asks for each state.
public struct RoutingResult: Sendable {
    /// The tree the route started from.
    public var start: Tree
    /// Where it was going.
    public var destination: [PathElement]
    /// The templates entered nodes were built from (needed to replay a chunk).
    public var templates: Templates
    /// The executed instructions in order.
    public var steps: [RoutingStep] = []
    /// The chunks in order; the last one may have stopped part-way (see ``failure``).
    public var chunks: [RoutingChunk] = []
    /// The tree after the last executed instruction (the start tree when none ran).
    public var final: Tree
    /// Why the destination is not reachable; nil when it was reached.
    public var failure: RoutingFailure?

    /// A result that has run nothing yet.
    public init(start: Tree, destination: [PathElement], templates: Templates = [:]) {
        self.start = start
        self.destination = destination
        self.templates = templates
        self.final = start
    }

    /// Whether the active path now equals the destination.
    public var isReached: Bool { failure == nil }

    /// The executed instructions as operations (docs/format.md's route output), in order.
    public var operations: [TreeOperation] { steps.map(\.operation) }

    /// The tree right after step `index` (0-based), replayed from its chunk's tree.
    public func tree(after index: Int) -> Tree {
        let chunk = chunks[steps[index].chunk]
        if index == chunk.steps.upperBound - 1 {
            let next = steps[index].chunk + 1
            return next < chunks.count ? chunks[next].tree : final
        }
        var tree = chunk.tree
        for step in steps[chunk.steps.lowerBound...index] {
            // These instructions ran on exactly these trees before, so they succeed again.
            _ = try? RoutingExecution.execute(step.instruction, on: &tree, templates: templates)
        }
        return tree
    }

    /// The tree right before step `index` (0-based).
    public func tree(before index: Int) -> Tree {
        let chunk = chunks[steps[index].chunk]
        return index == chunk.steps.lowerBound ? chunk.tree : tree(after: index - 1)
    }

    /// The start tree, then the tree after each step: every state of a step-by-step replay.
    /// Costs one copy of the tree per step.
    public var states: [Tree] {
        var out = [start]
        out.reserveCapacity(steps.count + 1)
        for chunk in chunks {
            var tree = chunk.tree
            for step in steps[chunk.steps] {
                _ = try? RoutingExecution.execute(step.instruction, on: &tree, templates: templates)
                out.append(tree)
            }
        }
        return out
    }
}

/// One executed instruction: what was computed and what it did.
public struct RoutingStep: Sendable, Equatable {
    /// The instruction as `RoutingAlgorithm` computed it.
    public var instruction: RoutingInstruction
    /// The instruction as executed: an enter knows the active leaf it went under.
    public var operation: TreeOperation
    /// The index of its chunk in ``RoutingResult/chunks``.
    public var chunk: Int

    /// An executed `instruction` of chunk `chunk`.
    public init(instruction: RoutingInstruction, operation: TreeOperation, chunk: Int) {
        self.instruction = instruction
        self.operation = operation
        self.chunk = chunk
    }
}

/// One chunk as `RoutingAlgorithm` computed it (all the leaves, one switch or one enter),
/// with the tree it was computed on.
public struct RoutingChunk: Sendable, Equatable {
    /// The instructions computed for the chunk.
    public var instructions: [RoutingInstruction]
    /// The indices of its executed steps in ``RoutingResult/steps``; shorter than
    /// `instructions` only when one of them failed.
    public var steps: Range<Int>
    /// The tree the chunk was computed on and started from.
    public var tree: Tree

    /// A chunk of `instructions`, executed as `steps`, on `tree`.
    public init(instructions: [RoutingInstruction], steps: Range<Int>, tree: Tree) {
        self.instructions = instructions
        self.steps = steps
        self.tree = tree
    }
}
