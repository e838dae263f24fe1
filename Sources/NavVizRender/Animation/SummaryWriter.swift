import Foundation
import NavVizCore

/// `summary.md`: a page to paste into a GitHub issue or comment, or to append to
/// `$GITHUB_STEP_SUMMARY`: the title, Mermaid diagrams of the first and last states (GitHub
/// renders them inline), a table of steps with their operations and links to the frames, and
/// where a script or route failed, the failure as the table's last row.
///
/// It fits where it is pasted, however long the session: under ``pasteLimit`` characters (a
/// GitHub issue or comment body) and under the `limit` it is given, with every Mermaid block
/// under ``mermaidLimit`` characters. A session whose steps do not all fit shows the steps
/// that matter (the first and the last, the largest changes: the most operations) and says
/// where every step is: the player (`index.html`), `manifest.json` and `frames/`. Without
/// frame files it is the step-summary variant: Mermaid and text only, nothing that points at
/// a local file. What it shows depends only on its input.
public enum SummaryWriter {
    /// GitHub's limit for one step summary, in bytes.
    public static let limit = 1_048_576
    /// GitHub's limit for an issue or comment body, in characters: a summary stays under it.
    public static let pasteLimit = 65_536
    /// Mermaid's default `maxTextSize`, in characters: every diagram stays under it.
    public static let mermaidLimit = 50_000
    /// At most this many steps are listed when not all of them fit.
    public static let shownSteps = 60
    /// At most this many operations are listed for one step; the rest are counted.
    public static let shownOperations = 12
    /// At most this many characters of a title, label or failure are shown.
    static let shownText = 300

    /// The summary of a timeline's outline and its frames (`files[i]` is frame `i`'s SVG;
    /// nil for a step summary, which links no file). At most `limit` bytes of UTF-8 and
    /// under ``pasteLimit`` characters.
    public static func markdown(title: String, outline: TimelineOutline, frames: [AnimationFrame.Info], files: [String]?, theme: Theme, limit: Int = limit) -> String {
        // Bytes bound characters: a text of fewer bytes than the paste limit has fewer characters.
        let budget = min(limit, pasteLimit - 1)
        let states = outline.stateCount, transitions = outline.transitions.count, operations = outline.operationCount
        var head = "# \(MarkdownText.inline(clip(title, shownText)))\n\n"
        head += "\(count(states, "state")), \(count(transitions, "transition")), \(count(operations, "operation")); \(count(frames.count, "frame")). "
            + (files == nil ? "The frames and the player (`index.html`) are in the animation's folder.\n\n" : "Open `index.html` to step through them.\n\n")
        if let failure = outline.failure { head += "> **error:** \(MarkdownText.inline(clip(failure, 4 * shownText)))\n\n" }

        var diagrams = ""
        if let first = outline.first {
            diagrams += "## First state: \(MarkdownText.inline(clip(first.label ?? "initial", shownText)))\n\n" + diagram(first.tree, theme: theme) + "\n"
        }
        if states > 1, let last = outline.last {
            diagrams += "## Last state: \(MarkdownText.inline(clip(last.label ?? "last", shownText)))\n\n" + diagram(last.tree, theme: theme) + "\n"
        }

        let link: (Int) -> String = { i in
            let name = String(format: "%04d", i + 1)
            guard let files, i < files.count else { return name }
            return "[\(name)](\(files[i]))"
        }
        var framesOf = [[Int]](repeating: [], count: transitions)
        var failedFrames: [Int] = []
        for (i, f) in frames.enumerated() {
            if let t = f.transition, t < transitions { framesOf[t].append(i) }
            if f.phase == .failed { failedFrames.append(i) }
        }
        let rows = outline.transitions.enumerated().map { i, t in
            row(number: "\(i + 1)", label: t.label ?? "", operations: t.operations, frames: framesOf[i], link: files == nil ? nil : link)
        }
        // Where a script or route stopped: always listed, after the last step.
        var failureRow = ""
        if let failure = outline.failure {
            failureRow = "| ✗ | \(MarkdownText.inline(clip("failed: " + failure, shownText))) | not run |"
                + (files == nil ? "" : " \(failedFrames.map(link).joined(separator: " ")) |") + "\n"
        }
        let tableHead = files == nil ? "## Steps\n\n| # | step | operations |\n|---|---|---|\n" : "## Steps\n\n| # | step | operations | frames |\n|---|---|---|---|\n"

        let all = rows.reduce(0) { $0 + $1.utf8.count + 1 }
        let everything = head + diagrams + tableHead + rows.map { $0 + "\n" }.joined() + failureRow
        if all + failureRow.utf8.count + head.utf8.count + diagrams.utf8.count + tableHead.utf8.count <= budget {
            return everything
        }
        // Not every step fits: the first and last steps and the largest changes, as many as fit.
        let note = elsewhere(transitions, files: files != nil)
        let gap = "| … | | |" + (files == nil ? "" : " |") + "\n"
        for withDiagrams in [true, false] {
            let fixed = head + (withDiagrams ? diagrams : "") + tableHead
            var room = budget - fixed.utf8.count - failureRow.utf8.count - note(shownSteps, "").utf8.count
            guard room > 0 else { continue }
            var chosen = Set<Int>()
            for i in priority(outline.transitions) where chosen.count < shownSteps {
                let cost = rows[i].utf8.count + 1 + gap.utf8.count
                if cost <= room {
                    chosen.insert(i)
                    room -= cost
                }
            }
            // The first and the last steps come first in `priority`; without them, drop the diagrams.
            if withDiagrams, transitions > 0, !chosen.contains(0) || !chosen.contains(transitions - 1) { continue }
            var table = ""
            var previous = -1
            for i in chosen.sorted() {
                if i > previous + 1 { table += gap }
                table += rows[i] + "\n"
                previous = i
            }
            if previous < transitions - 1 { table += gap }
            let text = fixed + table + failureRow + note(chosen.count, "\n")
            if text.utf8.count <= budget { return text }
        }
        let minimal = head + failureRow + note(0, "")
        if minimal.utf8.count <= budget { return minimal }
        // Only a tiny room is left: as much of the heading as fits, whole scalars only.
        var cut = "", size = 0
        for u in minimal.unicodeScalars {
            size += String(u).utf8.count
            if size > budget { break }
            cut.unicodeScalars.append(u)
        }
        return cut
    }

    /// The order in which steps are kept when not all fit: the first, the last, then the
    /// largest changes (most operations; the earlier of equal ones first).
    static func priority(_ transitions: [Timeline.Transition]) -> [Int] {
        guard !transitions.isEmpty else { return [] }
        let ends = transitions.count == 1 ? [0] : [0, transitions.count - 1]
        let rest = transitions.indices.dropFirst().dropLast().sorted {
            let a = transitions[$0].operations.count, b = transitions[$1].operations.count
            return a != b ? a > b : $0 < $1
        }
        return ends + rest
    }

    /// The line that says how many steps are shown and where the others are.
    private static func elsewhere(_ transitions: Int, files: Bool) -> (Int, String) -> String {
        { shown, lead in
            let whereAll = files
                ? "every step is in the player [index.html](index.html), in [manifest.json](manifest.json) and as frames in [frames/](frames/)."
                : "every step is in the animation's folder: the player `index.html`, `manifest.json` and the frames in `frames/`."
            return lead + "*\(shown) of \(count(transitions, "step")) shown (the first and the last, then the largest changes; `…` marks steps left out): \(whereAll)*\n"
        }
    }

    /// One table row: the step's label and its first operations, and links to its frames
    /// (the first and the last where it has many).
    private static func row(number: String, label: String, operations: [NavVizCore.Operation], frames: [Int], link: ((Int) -> String)?) -> String {
        var ops = operations.prefix(shownOperations).enumerated().map { "\($0.offset + 1). \(MarkdownText.inline(clip(OperationFormat.phrase($0.element), shownText)))" }
        if operations.count > shownOperations { ops.append("… and \(operations.count - shownOperations) more") }
        let cell = operations.isEmpty ? "no changes" : ops.joined(separator: "<br>")
        guard let link else { return "| \(number) | \(MarkdownText.inline(clip(label, shownText))) | \(cell) |" }
        let shown = frames.count > 4 ? [frames[0], frames[1]] + [-1] + [frames[frames.count - 1]] : frames
        let links = shown.map { $0 < 0 ? "…" : link($0) }.joined(separator: " ")
        return "| \(number) | \(MarkdownText.inline(clip(label, shownText))) | \(cell) | \(links) |"
    }

    /// A fenced Mermaid diagram of the tree, or a line saying it is too large for Mermaid.
    private static func diagram(_ tree: Tree, theme: Theme) -> String {
        let fenced = MermaidEncoder.fenced(TreeScene.make(tree, theme: theme))
        if fenced.utf8.count < mermaidLimit { return fenced }
        return "*The diagram of this state (\(count(tree.count, "node"))) is over Mermaid's limit of \(mermaidLimit) characters; see the frames.*\n"
    }

    /// `1 state`, `12,345 states`.
    private static func count(_ n: Int, _ noun: String) -> String {
        let digits = String(n)
        var grouped = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0, c != "-" { grouped += "," }
            grouped.append(c)
        }
        return grouped + " " + noun + (n == 1 ? "" : "s")
    }

    /// At most `n` characters of `s`, `…` where it was cut.
    private static func clip(_ s: String, _ n: Int) -> String {
        s.count <= n ? s : String(s.prefix(n - 1)) + "…"
    }
}
