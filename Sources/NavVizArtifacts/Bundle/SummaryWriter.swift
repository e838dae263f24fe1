import NavVizRender
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
package enum SummaryWriter {
    /// GitHub's limit for one step summary, in bytes.
    package static let limit = 1_048_576
    /// GitHub's limit for an issue or comment body, in characters: a summary stays under it.
    package static let pasteLimit = 65_536
    /// Mermaid's default `maxTextSize`, in characters: every diagram stays under it.
    package static let mermaidLimit = 50_000
    /// At most this many steps are listed when not all of them fit.
    package static let shownSteps = 60
    /// At most this many operations are listed for one step; the rest are counted.
    package static let shownOperations = 12
    /// At most this many characters of a title, label or failure are shown.
    static let shownText = 300

    /// The steps of a summary, gathered a transition at a time while an animation is
    /// planned, in memory that does not grow with the session: every row while all of them
    /// could still fit in a paste (their text under ``pasteLimit``), and past that only the
    /// rows a summary can show: the first, the latest, and the ``candidates`` largest
    /// changes (most operations; the earlier of equal ones first).
    package struct Steps: Sendable {
        /// What a row shows of a transition: its number, label and operations as table
        /// cells, and the frames it links to (the first two and the last of many).
        struct Row: Sendable {
            var index: Int
            var operations: Int
            /// Frame indices to link, `-1` where some are left out.
            var frames: [Int]
            /// The transition, whose label and operations cells are made when first needed
            /// (``formatted()``): of a long session's rows, most are dropped unshown.
            private let transition: Timeline.Transition
            private var cells: (label: String, operations: String)?

            init(index: Int, transition: Timeline.Transition, frames: [Int]) {
                self.index = index
                self.operations = transition.operations.count
                self.frames = frames
                self.transition = transition
            }

            /// The row with its cells made.
            func formatted() -> Row {
                var row = self
                if row.cells == nil { row.cells = Self.cells(transition) }
                return row
            }

            /// The label and operations cells of `transition`.
            private static func cells(_ transition: Timeline.Transition) -> (label: String, operations: String) {
                let operations = transition.operations
                var ops = operations.prefix(shownOperations).enumerated().map { "\($0.offset + 1). \(MarkdownText.inline(clip(OperationWriter.phrase($0.element), shownText)))" }
                if operations.count > shownOperations { ops.append("… and \(operations.count - shownOperations) more") }
                return (MarkdownText.inline(clip(transition.label ?? "", shownText)), operations.isEmpty ? "no changes" : ops.joined(separator: "<br>"))
            }

            /// The row, with links made by `link` (nil: no frames column).
            func text(_ link: ((Int) -> String)?) -> String {
                let (label, cell) = cells ?? Self.cells(transition)
                let head = "| \(index + 1) | \(label) | \(cell) |"
                guard let link else { return head }
                return head + " " + frames.map { $0 < 0 ? "…" : link($0) }.joined(separator: " ") + " |"
            }

            /// Whether it goes before `other` when not every row fits.
            func outranks(_ other: Row) -> Bool {
                operations != other.operations ? operations > other.operations : index < other.index
            }
        }

        /// Rows kept besides the first and the latest when not every row fits.
        static let candidates = 4 * SummaryWriter.shownSteps

        /// Every row, while their text without links fits in a paste; nil after.
        private var all: [Row]? = []
        private var allBytes = 0
        private var first: Row?
        private var latest: Row?
        /// The largest changes but the first and the latest, best first.
        private var top: [Row] = []
        /// The frames where a script or route stopped.
        private(set) var failedFrames: [Int] = []

        package init() {}

        /// Adds the transition `index` (0-based in the document: the summary numbers it
        /// `index + 1`), drawn as the frames `frames`. Transitions come in order.
        package mutating func add(index: Int, _ transition: Timeline.Transition, frames: [Int]) {
            var row = Row(index: index, transition: transition, frames: frames.count > 4 ? [frames[0], frames[1], -1, frames[frames.count - 1]] : frames)
            if all != nil {
                row = row.formatted()
                all!.append(row)
                allBytes += row.text(nil).utf8.count + 1
                if allBytes > pasteLimit { all = nil }
            }
            guard first != nil else {
                first = row
                return
            }
            if let previous = latest { consider(previous) }
            latest = row
        }

        /// Adds a frame that shows where a script or route stopped.
        package mutating func addFailedFrame(_ frame: Int) {
            failedFrames.append(frame)
        }

        /// Keeps `row` among ``top`` if it is one of the largest changes.
        private mutating func consider(_ row: Row) {
            guard top.count < Self.candidates || row.outranks(top[top.count - 1]) else { return }
            let at = top.firstIndex { row.outranks($0) } ?? top.count
            top.insert(row, at: at)
            if top.count > Self.candidates { top.removeLast() }
        }

        /// Every row, when all were kept.
        var rows: [Row]? { all }

        /// The rows in the order they are kept when not every row fits: the first, the
        /// last, then the largest changes.
        var priority: [Row] {
            guard let first else { return [] }
            guard let all else { return [first] + (latest.map { [$0] } ?? []) + top }
            let rest = all.dropFirst().dropLast().sorted { $0.outranks($1) }
            return all.count == 1 ? [first] : [first, all[all.count - 1]] + rest
        }
    }

    /// The summary of a timeline's outline and its steps, `frameCount` frames in all
    /// (`files(i)` is frame `i`'s SVG file; nil for a step summary, which links no file). At
    /// most `limit` bytes of UTF-8 and under ``pasteLimit`` characters.
    package static func markdown(title: String, outline: TimelineOutline, steps: Steps, frameCount: Int, files: ((Int) -> String)?,
                                theme: Theme, limit: Int = limit) -> String {
        // Bytes bound characters: a text of fewer bytes than the paste limit has fewer characters.
        let budget = min(limit, pasteLimit - 1)
        let states = outline.stateCount, transitions = outline.transitionCount, operations = outline.operationCount
        var head = "# \(MarkdownText.inline(clip(title, shownText)))\n\n"
        head += "\(count(states, "state")), \(count(transitions, "transition")), \(count(operations, "operation")); \(count(frameCount, "frame")). "
            + (files == nil ? "The frames and the player (`index.html`) are in the animation's folder.\n\n" : "Open `index.html` to step through them.\n\n")
        if let failure = outline.failure { head += "> **error:** \(MarkdownText.inline(clip(failure, 4 * shownText)))\n\n" }

        var diagrams = ""
        if let first = outline.first {
            diagrams += "## First state: \(MarkdownText.inline(clip(first.label ?? "initial", shownText)))\n\n" + diagram(first.tree, theme: theme) + "\n"
        }
        if states > 1, let last = outline.last {
            diagrams += "## Last state: \(MarkdownText.inline(clip(last.label ?? "last", shownText)))\n\n" + diagram(last.tree, theme: theme) + "\n"
        }

        let link: ((Int) -> String)? = files.map { files in
            { i in "[\(AnimationBundle.frameNumber(i))](\(files(i)))" }
        }
        // Where a script or route stopped: always listed, after the last step.
        var failureRow = ""
        if let failure = outline.failure {
            failureRow = "| ✗ | \(MarkdownText.inline(clip("failed: " + failure, shownText))) | not run |"
                + (link.map { link in " \(steps.failedFrames.map(link).joined(separator: " ")) |" } ?? "") + "\n"
        }
        let tableHead = files == nil ? "## Steps\n\n| # | step | operations |\n|---|---|---|\n" : "## Steps\n\n| # | step | operations | frames |\n|---|---|---|---|\n"

        if let rows = steps.rows?.map({ $0.text(link) }) {
            let all = rows.reduce(0) { $0 + $1.utf8.count + 1 }
            if all + failureRow.utf8.count + head.utf8.count + diagrams.utf8.count + tableHead.utf8.count <= budget {
                return head + diagrams + tableHead + rows.map { $0 + "\n" }.joined() + failureRow
            }
        }
        // Not every step fits: the first and last steps and the largest changes, as many as fit.
        let note = elsewhere(transitions, files: files != nil)
        let gap = "| … | | |" + (files == nil ? "" : " |") + "\n"
        let candidates = steps.priority
        let firstIndex = candidates.first?.index
        let lastIndex = transitions > 1 ? candidates.dropFirst().first?.index : firstIndex
        for withDiagrams in [true, false] {
            let fixed = head + (withDiagrams ? diagrams : "") + tableHead
            var room = budget - fixed.utf8.count - failureRow.utf8.count - note(shownSteps, "").utf8.count
            guard room > 0 else { continue }
            var chosen: [(index: Int, text: String)] = []
            for row in candidates where chosen.count < shownSteps {
                let text = row.text(link)
                let cost = text.utf8.count + 1 + gap.utf8.count
                if cost <= room {
                    chosen.append((row.index, text))
                    room -= cost
                }
            }
            // The first and the last steps come first in `priority`; without them, drop the diagrams.
            if withDiagrams, transitions > 0,
               !chosen.contains(where: { $0.index == firstIndex }) || !chosen.contains(where: { $0.index == lastIndex }) { continue }
            var table = ""
            var previous: Int?
            for row in chosen.sorted(by: { $0.index < $1.index }) {
                if row.index > (previous.map { $0 + 1 } ?? firstIndex ?? 0) { table += gap }
                table += row.text + "\n"
                previous = row.index
            }
            if previous != lastIndex { table += gap }
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

    /// The summary of a timeline held whole (its transitions, numbered from 1, and the
    /// animation's frames), as ``markdown(title:outline:steps:frameCount:files:theme:limit:)``
    /// writes it.
    package static func markdown(title: String, outline: TimelineOutline, transitions: [Timeline.Transition], frames: [AnimationFrame.Place],
                                files: ((Int) -> String)?, theme: Theme, limit: Int = limit) -> String {
        var framesOf: [Int: [Int]] = [:]
        var steps = Steps()
        for (i, f) in frames.enumerated() {
            if let t = f.transition { framesOf[t, default: []].append(i) }
            if f.phase == .failed { steps.addFailedFrame(i) }
        }
        for (i, t) in transitions.enumerated() { steps.add(index: i, t, frames: framesOf[i] ?? []) }
        return markdown(title: title, outline: outline, steps: steps, frameCount: frames.count, files: files, theme: theme, limit: limit)
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
