/// A timeline as text for a terminal or CI log, and as JSON for other tools.
public enum TimelineWriter {
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
        for (i, frame) in timeline.states.enumerated() {
            if i > 0 {
                let t = timeline.transitions[i - 1]
                out += "── step \(i)\(t.label.map { ": \(line($0))" } ?? "") ──\n"
                out += OperationWriter.text(t.operations) + "\n"
            }
            out += "frame \(i)\(frame.label.map { ": \(line($0))" } ?? "")\n"
            out += TreeWriter.render(frame.tree) + "\n"
        }
        if let failure = timeline.failure { out += "error: \(line(failure))\n" }
        return out
    }

    /// `{"navviz": 1, "title", "source", "frames": [{"label", "tree"}], "transitions":
    /// [{"from", "to", "label", "operations"}], "failure"}` with compact trees.
    public static func json(_ timeline: Timeline) -> String {
        var members: [(String, JSONOutput)] = [
            ("navviz", .int(1)),
            ("title", .nullable(timeline.title)),
            ("source", .string(timeline.source.rawValue)),
            ("frames", .array(timeline.states.enumerated().map { i, f in
                .object([("index", .int(i)), ("label", .nullable(f.label)), ("tree", .tree(f.tree, indent: DocumentEncoder.maxPrettyDepth + 1))])
            }, .lines(level: 1))),
            ("transitions", .array(timeline.transitions.enumerated().map { i, t in
                .object([("from", .int(i)), ("to", .int(i + 1)), ("label", .nullable(t.label)),
                         ("operations", .array(t.operations.map(OperationWriter.value)))])
            }, .lines(level: 1))),
        ]
        if let failure = timeline.failure { members.append(("failure", .string(failure))) }
        return JSONOutput.object(members, .lines(level: 0)).text + "\n"
    }
}
