/// A timeline as text for a terminal or CI log, and as JSON for other tools.
public enum TimelineFormat {
    /// Each frame's tree, and between frames the numbered operations:
    ///
    /// ```
    /// frame 0: initial
    /// tabs (tabs) ●
    /// …
    /// ── step 1: open chat ──
    /// 1. push chat onto chats
    /// frame 1: open chat
    /// …
    /// ```
    public static func text(_ timeline: Timeline) -> String {
        var out = ""
        let line = PlainText.visible
        if let title = timeline.title { out += "\(line(title))\n\n" }
        for (i, frame) in timeline.frames.enumerated() {
            if i > 0 {
                let t = timeline.transitions[i - 1]
                out += "── step \(i)\(t.label.map { ": \(line($0))" } ?? "") ──\n"
                out += OperationFormat.text(t.operations) + "\n"
            }
            out += "frame \(i)\(frame.label.map { ": \(line($0))" } ?? "")\n"
            out += TreeText.render(frame.tree) + "\n"
        }
        if let failure = timeline.failure { out += "error: \(line(failure))\n" }
        return out
    }

    /// `{"navviz": 1, "title", "source", "frames": [{"label", "tree"}], "transitions":
    /// [{"from", "to", "label", "operations"}], "failure"}` with compact trees.
    public static func json(_ timeline: Timeline) -> String {
        let q = DocumentEncoder.quote
        var out = "{\n  \"navviz\": 1,\n  \"title\": \(timeline.title.map(q) ?? "null"),\n  \"source\": \(q(timeline.source.rawValue)),\n  \"frames\": ["
        out += timeline.frames.enumerated().map { i, f in
            var tree = ""
            DocumentEncoder.writeTree(f.tree, indent: DocumentEncoder.maxPrettyDepth + 1, into: &tree)
            return "\n    {\"index\": \(i), \"label\": \(f.label.map(q) ?? "null"), \"tree\": \(tree)}"
        }.joined(separator: ",")
        out += "\n  ],\n  \"transitions\": ["
        out += timeline.transitions.enumerated().map { i, t in
            let ops = t.operations.map(OperationFormat.json).joined(separator: ", ")
            return "\n    {\"from\": \(i), \"to\": \(i + 1), \"label\": \(t.label.map(q) ?? "null"), \"operations\": [\(ops)]}"
        }.joined(separator: ",")
        out += "\n  ]"
        if let failure = timeline.failure { out += ",\n  \"failure\": \(q(failure))" }
        return out + "\n}\n"
    }
}
