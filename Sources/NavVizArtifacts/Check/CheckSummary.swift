import NavVizCore
import NavVizRender

/// `check --step-summary`: the check as Markdown for a GitHub step summary: a table of the
/// documents and, for each that drifted, its differences as a `diff` block.
public enum CheckSummary {
    /// The summary of `outcomes` for `$GITHUB_STEP_SUMMARY`, at most `limit` bytes.
    public static func markdown(_ outcomes: [CheckOutcome], limit: Int = GitHubStepSummary.limit) -> String {
        let e = MarkdownText.inline
        let drifted = outcomes.count { $0.status == .drifted }, errors = outcomes.count { $0.status == .error }
        var head = "## navviz check: "
        if drifted == 0, errors == 0 {
            head += outcomes.count == 1 ? "no drift\n\n" : "no drift in \(outcomes.count) documents\n\n"
        } else {
            head += [drifted > 0 ? (outcomes.count == 1 ? "drifted" : "\(drifted) of \(outcomes.count) documents drifted") : nil,
                     errors > 0 ? (outcomes.count == 1 ? "could not be checked" : "\(errors) could not be checked") : nil].compactMap { $0 }.joined(separator: ", ") + "\n\n"
        }
        let rows = outcomes.map { o -> String in
            let result: String
            switch o.status {
            case .matched:
                result = o.transitions.count == 1 ? "✅ 1 transition matches" : "✅ \(o.transitions.count) transitions match"
            case .drifted:
                let steps = o.transitions.filter { $0.status != .matched }.map { String($0.step) }
                result = "❌ drifted" + (steps.isEmpty ? "" : ": step\(steps.count == 1 ? "" : "s") " + steps.joined(separator: ", "))
                    + (o.failureMatches ? "" : (steps.isEmpty ? ": " : "; ") + "route result")
            case .error:
                result = "⚠️ " + e(o.error?.diagnostics.first.map { "error: " + $0.pathAndMessage } ?? "error")
            }
            return "| \(e(o.name)) | \(e(o.expect)) | \(result) |"
        }
        let table = "| document | expectation | result |\n|---|---|---|\n" + rows.joined(separator: "\n") + "\n"
        let sections = outcomes.filter { $0.status == .drifted }.map { o in
            "\n### \(e(o.name)) drifted from \(e(o.expect))\n\n" + fenced(o.drift.map(diffLine), language: "diff")
        }
        var kept = sections.count
        var text = head + table + sections.joined()
        while text.utf8.count > limit, kept > 0 {
            kept -= 1
            text = head + table + sections.prefix(kept).joined() + "\n*\(sections.count - kept) more drifted document\(sections.count - kept == 1 ? "" : "s") in the check's report.*\n"
        }
        if text.utf8.count > limit {
            text = head + "*The table is too large for a step summary; see the check's report.*\n"
        }
        return text
    }

    /// A drift line in `diff` terms: expected `-`, actual `+`, the rest as context.
    static func diffLine(_ line: String) -> String {
        let visible = PlainText.visible(line)
        if visible.hasPrefix("  - ") { return "- " + visible.dropFirst(4) }
        if visible.hasPrefix("  + ") { return "+ " + visible.dropFirst(4) }
        return "  " + visible
    }

    /// A fenced code block whose fence is longer than any run of backticks inside.
    static func fenced(_ lines: [String], language: String) -> String {
        var longest = 0, run = 0
        for c in lines.joined() {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + language + "\n" + lines.joined(separator: "\n") + "\n" + fence + "\n"
    }
}
