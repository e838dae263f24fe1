import NavVizCore

/// How one transition of a checked document compares with its expectation: what
/// `check`'s text, reports and annotations say about it.
public struct TransitionCheck {
    /// The outcome of one transition.
    public enum Status: String {
        /// The operations are the expected ones.
        case matched
        /// Both sides have the transition, with different operations.
        case drifted
        /// The expectation has the transition; the document no longer does.
        case missing
        /// The document has a transition the expectation does not.
        case extra
    }

    /// 0-based; messages say `step index + 1`.
    public var index: Int
    /// The document's label for it, else the expectation's.
    public var label: String?
    /// Matched, drifted, missing or extra.
    public var status: Status
    /// The recorded operations (nil for an extra transition).
    public var expected: [TreeOperation]?
    /// The document's operations (nil for a missing transition).
    public var actual: [TreeOperation]?

    /// The step number messages use (1-based: step N leads to state N).
    public var step: Int { index + 1 }

    /// `step 2` or `step 2 (open chat)`, controls in the label shown as escapes.
    public var name: String {
        "step \(step)" + (label.map { " (\(PlainText.visible($0)))" } ?? "")
    }

    /// What `check` prints for it: `step 2 (label):`, then the operations numbered, the
    /// expected ones marked `-` and the actual ones `+` where they differ.
    public var lines: [String] {
        var out = ["\(name):"]
        let e = expected ?? [], a = actual ?? []
        if e.isEmpty, a.isEmpty {
            out.append(status == .extra ? "  + (no operations)" : status == .missing ? "  - (no operations)" : "    (no operations)")
        }
        for j in 0..<max(e.count, a.count) {
            let x = j < e.count ? e[j] : nil, y = j < a.count ? a[j] : nil
            if let x, x == y {
                out.append("    \(j + 1). \(OperationWriter.phrase(x))")
            } else {
                if let x { out.append("  - \(j + 1). \(OperationWriter.phrase(x))") }
                if let y { out.append("  + \(j + 1). \(OperationWriter.phrase(y))") }
            }
        }
        return out
    }

    /// One line: `step 5 (Hide): expected 1 operation, found 2`.
    public var summary: String {
        func count(_ ops: [TreeOperation]?) -> String {
            let n = ops?.count ?? 0
            return "\(n) operation\(n == 1 ? "" : "s")"
        }
        switch status {
        case .matched: return "\(name): \(count(actual)) as expected"
        case .drifted:
            let first = zip(expected ?? [], actual ?? []).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expected?.count ?? 0, actual?.count ?? 0)
            return "\(name): the operations drifted from operation \(first + 1) (expected \(count(expected)), found \(count(actual)))"
        case .missing: return "\(name): missing from the document (expected \(count(expected)))"
        case .extra: return "\(name): not in the expectation (found \(count(actual)))"
        }
    }
}
