import Foundation
import NavVizCore

/// `check --report json`: every document and every transition with its status, the
/// expected and actual operations and the line in the document. The schema is in
/// docs/ci.md; operations are docs/format.md's operation objects.
public enum CheckReport {
    /// `matched` when every document matched, `error` when one could not be checked, else
    /// `drifted`.
    public static func status(_ outcomes: [CheckOutcome]) -> CheckOutcome.Status {
        if outcomes.contains(where: { $0.status == .error }) { return .error }
        return outcomes.contains { $0.status == .drifted } ? .drifted : .matched
    }

    /// The JSON report of `outcomes` (docs/ci.md has its schema).
    public static func json(_ outcomes: [CheckOutcome]) -> String {
        func count(_ s: TransitionCheck.Status) -> Int { outcomes.reduce(0) { $0 + $1.count(s) } }
        func ops(_ list: [TreeOperation]?) -> JSONOutput {
            list.map { .array($0.map(OperationWriter.value), .lines(level: 5)) } ?? .null
        }
        func line(_ n: Int?) -> JSONOutput { n.map { .int($0) } ?? .null }
        let totals: JSONOutput = .object([
            ("documents", .int(outcomes.count)), ("transitions", .int(outcomes.reduce(0) { $0 + $1.transitions.count })),
            ("matched", .int(count(.matched))), ("drifted", .int(count(.drifted))), ("missing", .int(count(.missing))),
            ("extra", .int(count(.extra))), ("errors", .int(outcomes.count { $0.status == .error })),
        ])
        let documents = outcomes.map { o -> JSONOutput in
            let transitions = o.transitions.map { t -> JSONOutput in
                .object([
                    ("step", .int(t.step)), ("label", .nullable(t.label)), ("status", .string(t.status.rawValue)),
                    ("line", line(o.lines.transitions[t.index])), ("expected", ops(t.expected)), ("actual", ops(t.actual)),
                ], .lines(level: 4))
            }
            let failure: JSONOutput = .object([
                ("status", o.status == .error ? .null : .string(o.failureMatches ? "matched" : "drifted")),
                ("line", line(o.lines.failure)), ("expected", .nullable(o.expectedFailure)), ("actual", .nullable(o.actualFailure)),
            ])
            return .object([
                ("file", .string(o.name)), ("expect", .string(o.expect)), ("status", .string(o.status.rawValue)),
                ("source", .nullable(o.source)),
                ("error", .nullable(o.error.map { $0.lines.map(PlainText.visible).joined(separator: "\n") })),
                ("transitions", .array(transitions, .lines(level: 3))), ("failure", failure),
            ], .lines(level: 2))
        }
        let report: JSONOutput = .object([
            ("navviz", .int(1)), ("report", .string("check")), ("status", .string(status(outcomes).rawValue)),
            ("totals", totals), ("documents", .array(documents, .lines(level: 1))),
        ], .lines(level: 0))
        return report.text + "\n"
    }
}
