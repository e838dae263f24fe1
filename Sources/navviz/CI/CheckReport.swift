import Foundation
import NavVizCore

/// `check --report json`: every document and every transition with its status, the
/// expected and actual operations and the line in the document. The schema is in
/// docs/ci.md; operations are FORMAT.md's operation objects.
enum CheckReport {
    /// `matched` when every document matched, `error` when one could not be checked, else
    /// `drifted`.
    static func status(_ outcomes: [CheckOutcome]) -> CheckOutcome.Status {
        if outcomes.contains(where: { $0.status == .error }) { return .error }
        return outcomes.contains { $0.status == .drifted } ? .drifted : .matched
    }

    static func json(_ outcomes: [CheckOutcome]) -> String {
        let q = DocumentEncoder.quote
        func count(_ s: TransitionCheck.Status) -> Int { outcomes.reduce(0) { $0 + $1.count(s) } }
        func ops(_ list: [NavVizCore.Operation]?) -> String {
            guard let list else { return "null" }
            if list.isEmpty { return "[]" }
            return "[" + list.map { "\n           " + OperationFormat.json($0) }.joined(separator: ",") + "\n         ]"
        }
        var out = "{\n  \"navviz\": 1,\n  \"report\": \"check\",\n  \"status\": \(q(status(outcomes).rawValue)),\n"
        out += "  \"totals\": {\"documents\": \(outcomes.count), \"transitions\": \(outcomes.reduce(0) { $0 + $1.transitions.count }), "
        out += "\"matched\": \(count(.matched)), \"drifted\": \(count(.drifted)), \"missing\": \(count(.missing)), \"extra\": \(count(.extra)), "
        out += "\"errors\": \(outcomes.count { $0.status == .error })},\n  \"documents\": ["
        out += outcomes.map { o in
            var d = "\n    {\n      \"file\": \(q(o.name)),\n      \"expect\": \(q(o.expect)),\n      \"status\": \(q(o.status.rawValue)),\n"
            d += "      \"source\": \(o.source.map(q) ?? "null"),\n"
            d += "      \"error\": \(o.error.map { q($0.lines.map(PlainText.visible).joined(separator: "\n")) } ?? "null"),\n"
            let transitions = o.transitions.map { t -> String in
                let line = o.lines.transitions[t.index].map(String.init) ?? "null"
                var item = "\n        {\"step\": \(t.step), \"label\": \(t.label.map(q) ?? "null"), \"status\": \(q(t.status.rawValue)), \"line\": \(line),\n"
                item += "         \"expected\": \(ops(t.expected)),\n         \"actual\": \(ops(t.actual))}"
                return item
            }
            d += "      \"transitions\": [" + transitions.joined(separator: ",") + (transitions.isEmpty ? "],\n" : "\n      ],\n")
            let failureStatus = o.status == .error ? "null" : q(o.failureMatches ? "matched" : "drifted")
            d += "      \"failure\": {\"status\": \(failureStatus), \"line\": \(o.lines.failure.map(String.init) ?? "null"), "
            d += "\"expected\": \(o.expectedFailure.map(q) ?? "null"), \"actual\": \(o.actualFailure.map(q) ?? "null")}\n    }"
            return d
        }.joined(separator: ",")
        out += (outcomes.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return out
    }
}
