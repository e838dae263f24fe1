import Foundation
import Testing
import _NavVizTestSupport

/// Random and mutated documents through the built binary, one process per run, so libgvc
/// starts fresh each time: every run exits 0, 1 (a script or route that fails, or a
/// failed check) or 65 with `FILE: error: …` lines, within a time limit. The budget is
/// ``FuzzBudget``'s `NAVVIZ_FUZZ_BINARY_RUNS` (cases; each runs three commands; `make
/// fuzz-binary` runs 200).
///
/// The libraries are fuzzed by libFuzzer (Fuzz/, `make fuzz`); what this adds is the command
/// line's side, which no fuzz target reaches: argument handling, exit statuses, what reaches
/// stderr, and a render's `dot` layout in a Graphviz worker process started by the binary.
struct FuzzCommandTests {
    static let timeout: TimeInterval = 60

    @Test func everyRunEndsInOutputOrACleanError() throws {
        let budget = FuzzBudget.current
        var fuzzer = DocumentFuzzer(seed: budget.seed &+ 0x5EED)
        var statuses: [Int32: Int] = [:]
        for i in 0..<budget.binaryRuns {
            let bytes = fuzzer.next()
            budget.save(bytes, case: i)
            for command in [["validate", "-"], ["render", "-", "--format", "svg"], ["timeline", "-", "--dialect", "katana"]] {
                let r = try NavVizBinary.run(command, input: bytes, timeout: Sanitizer.seconds(Self.timeout))
                let where_ = "fuzz seed \(budget.seed) binary case \(i), navviz \(command.joined(separator: " "))"
                #expect(!r.timedOut, "\(where_): no answer within \(Int(Self.timeout)) s")
                #expect([0, 1, 65].contains(r.status), "\(where_): exit \(r.status)\n\(r.stderr.prefix(400))")
                statuses[r.status, default: 0] += 1
                if r.status != 0 {
                    let lines = r.stderr.split(separator: "\n")
                    #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("error: ") }, "\(where_): \(r.stderr.prefix(400))")
                }
                if r.status == 0 && command[0] == "render" {
                    #expect(r.stdout.hasPrefix("<?xml") && r.stdout.contains("</svg>"), "\(where_)")
                }
            }
        }
        print("fuzz (binary): seed \(budget.seed), \(budget.binaryRuns) cases, exit statuses \(statuses.sorted { $0.key < $1.key })")
    }
}
