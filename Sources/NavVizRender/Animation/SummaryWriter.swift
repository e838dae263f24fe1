import Foundation
import NavVizCore

/// `summary.md`: a bug-report or `$GITHUB_STEP_SUMMARY` page: the title, Mermaid diagrams of
/// the first and last states (GitHub renders them inline), a table of steps with their
/// operations and links to the frames. Kept under GitHub's 1 MiB summary limit by dropping
/// table rows (with a note) and then the diagrams if needed. Without frame files it is the
/// step-summary variant: Mermaid and text only, nothing that points at a local file.
public enum SummaryWriter {
    /// GitHub's limit for one step summary.
    public static let limit = 1_048_576

    /// The summary of a timeline's outline and its frames (`files[i]` is frame `i`'s SVG;
    /// nil for a step summary, which links no file).
    public static func markdown(title: String, outline: TimelineOutline, frames: [AnimationFrame.Info], files: [String]?, theme: Theme, limit: Int = limit) -> String {
        let states = outline.stateCount, transitions = outline.transitions.count, operations = outline.operationCount
        var head = "# \(escape(title))\n\n"
        head += "\(states) state\(states == 1 ? "" : "s"), \(transitions) transition\(transitions == 1 ? "" : "s"), \(operations) operation\(operations == 1 ? "" : "s"); \(frames.count) frames. " + (files == nil ? "The frames and the player (`index.html`) are in the animation's folder.\n\n" : "Open `index.html` to step through them.\n\n")
        if let failure = outline.failure { head += "> **error:** \(escape(failure))\n\n" }
        var diagrams = ""
        if let first = outline.first {
            diagrams += "## First state: \(escape(first.label ?? "initial"))\n\n" + MermaidEncoder.fenced(TreeScene.make(first.tree, theme: theme)) + "\n"
        }
        if states > 1, let last = outline.last {
            diagrams += "## Last state: \(escape(last.label ?? "last"))\n\n" + MermaidEncoder.fenced(TreeScene.make(last.tree, theme: theme)) + "\n"
        }
        var framesOf = [[Int]](repeating: [], count: transitions)
        for (i, f) in frames.enumerated() {
            if let t = f.transition, t < transitions { framesOf[t].append(i) }
        }
        var rows: [String] = []
        for (i, t) in outline.transitions.enumerated() {
            let ops = t.operations.isEmpty ? "no changes" : t.operations.enumerated().map { "\($0.offset + 1). \(escape(OperationFormat.phrase($0.element)))" }.joined(separator: "<br>")
            if let files {
                let links = framesOf[i].map { "[\(String(format: "%04d", $0 + 1))](\(files[$0]))" }.joined(separator: " ")
                rows.append("| \(i + 1) | \(escape(t.label ?? "")) | \(ops) | \(links) |")
            } else {
                rows.append("| \(i + 1) | \(escape(t.label ?? "")) | \(ops) |")
            }
        }
        let tableHead = files == nil ? "## Steps\n\n| # | step | operations |\n|---|---|---|\n" : "## Steps\n\n| # | step | operations | frames |\n|---|---|---|---|\n"
        var text = head + diagrams + tableHead + rows.joined(separator: "\n") + "\n"
        var kept = rows.count
        while text.utf8.count > limit, kept > 0 {
            kept = max(0, kept - max(1, kept / 10))
            let note = "\n*\(rows.count - kept) more steps are in manifest.json (this summary stays under 1 MiB).*\n"
            text = head + diagrams + tableHead + rows.prefix(kept).joined(separator: "\n") + "\n" + note
        }
        if text.utf8.count > limit {
            text = head + "*The diagrams are too large for a step summary; see index.html.*\n"
        }
        return text
    }

    /// Text safe in a Markdown table cell and heading: no raw HTML, no pipes, no links or
    /// emphasis, one line (CR LF, lone CRs, U+2028/U+2029 included), and no controls or
    /// bidirectional overrides (they become spaces). Works on scalars: `"\r\n"` is one
    /// Swift `Character` and would slip past a per-character match.
    public static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "*", "_", "`", "[", "]", "#", "\\", "!", "~": out += "\\" + String(u)
            case _ where PlainText.isUnsafe(u): out += " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
