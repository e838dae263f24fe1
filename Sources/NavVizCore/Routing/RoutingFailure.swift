/// Why a route stopped short, and where: the reason, the chunk and (when an instruction's
/// execution failed) the instruction, and the instructions that did run before it.
public struct RoutingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason.
    public var error: RoutingError
    /// The 1-based number of the chunk that failed: the one being computed, or the one
    /// whose instruction failed.
    public var chunk: Int
    /// The instruction that failed and the 1-based number it would have had among all
    /// instructions; nil when the chunk itself could not be computed.
    public var instruction: (number: Int, instruction: RoutingInstruction)?
    /// The operations that did run, in order.
    public var executed: [Operation]

    public init(error: RoutingError, chunk: Int, instruction: (number: Int, instruction: RoutingInstruction)? = nil, executed: [Operation]) {
        self.error = error
        self.chunk = chunk
        self.instruction = instruction
        self.executed = executed
    }

    /// The reason, as the first line of the report says it.
    public var description: String { error.description }

    /// Where the route failed: `chunk 3, instruction 4 (enter settings)` or `chunk 2 (computing it)`.
    public var step: String {
        if let (number, instruction) = instruction {
            return "chunk \(chunk), instruction \(number) (\(instruction))"
        }
        return "chunk \(chunk) (computing it)"
    }

    /// The report the CLI prints after `error: `:
    ///
    /// ```
    /// destination not reachable: 'node8' refuses to be left (canLeave is false), …
    ///   failed at: chunk 1 (computing it)
    ///   instructions that ran: none
    /// ```
    public var lines: [String] {
        var out = ["destination not reachable: \(error)", "  failed at: \(step)"]
        if executed.isEmpty {
            out.append("  instructions that ran: none")
        } else {
            out.append("  instructions that ran:")
            for (i, op) in executed.enumerated() { out.append("    \(i + 1). \(OperationFormat.phrase(op))") }
        }
        return out
    }

    public static func == (a: RoutingFailure, b: RoutingFailure) -> Bool {
        a.error == b.error && a.chunk == b.chunk && a.executed == b.executed
            && a.instruction?.number == b.instruction?.number && a.instruction?.instruction == b.instruction?.instruction
    }
}
