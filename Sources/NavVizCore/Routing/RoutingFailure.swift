/// Why a route stopped short, and where: the reason, the chunk and (when an instruction's
/// execution failed) the instruction, and the instructions that did run before it.
public struct RoutingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason.
    public var reason: Reason
    /// The 1-based number of the chunk that failed: the one being computed, or the one
    /// whose instruction failed.
    public var chunk: Int
    /// The instruction whose execution failed; nil when the chunk itself could not be
    /// computed.
    public var instruction: RoutingInstruction?
    /// The 1-based number ``instruction`` would have had among all instructions.
    public var instructionNumber: Int?
    /// The operations that did run, in order.
    public var executed: [TreeOperation]

    /// A failure for `reason` in chunk `chunk`.
    public init(reason: Reason, chunk: Int, instruction: RoutingInstruction? = nil, instructionNumber: Int? = nil, executed: [TreeOperation]) {
        self.reason = reason
        self.chunk = chunk
        self.instruction = instruction
        self.instructionNumber = instructionNumber
        self.executed = executed
    }

    /// The reason, as the first line of the report says it.
    public var description: String { reason.description }

    /// Where the route failed: `chunk 3, instruction 4 (enter settings)` or `chunk 2 (computing it)`.
    public var step: String {
        if let instruction, let number = instructionNumber {
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
        var out = ["destination not reachable: \(reason)", "  failed at: \(step)"]
        if executed.isEmpty {
            out.append("  instructions that ran: none")
        } else {
            out.append("  instructions that ran:")
            for (i, op) in executed.enumerated() { out.append("    \(i + 1). \(OperationWriter.phrase(op))") }
        }
        return out
    }
}
