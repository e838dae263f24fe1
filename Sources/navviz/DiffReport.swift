import NavVizCore

/// The text and JSON outputs of `diff`.
enum DiffReport {
    /// One transition: two frames and where they are in the document.
    struct Step {
        var from: Int
        var to: Int
        var before: Frame
        var after: Frame
        /// `frames[0] → frames[1] (label)`, or `BEFORE → AFTER`.
        var title: String
    }

    /// Numbered operations; with `headers`, each transition under its title line.
    static func text(_ steps: [Step], dialect: DiffDialect, headers: Bool) -> String {
        guard headers else {
            return steps.map { OperationFormat.text(TreeDiff.operations(from: $0.before.tree, to: $0.after.tree, dialect: dialect)) }.joined()
        }
        if steps.isEmpty { return "(no transitions)\n" }
        return steps.map { step in
            PlainText.visible(step.title) + "\n" + OperationFormat.text(TreeDiff.operations(from: step.before.tree, to: step.after.tree, dialect: dialect))
        }.joined(separator: "\n")
    }

    /// FORMAT.md's array of operations for one transition (`array`), else one object per
    /// transition: `{"from": 0, "to": 1, "label": "…" or null, "operations": [...]}`, where
    /// `label` is the label of the frame the transition reaches.
    static func json(_ steps: [Step], dialect: DiffDialect, array: Bool) -> String {
        if array, let step = steps.first {
            return OperationFormat.jsonArray(TreeDiff.operations(from: step.before.tree, to: step.after.tree, dialect: dialect))
        }
        let objects = steps.map { step -> JSONOutput in
            let ops = TreeDiff.operations(from: step.before.tree, to: step.after.tree, dialect: dialect)
            return .object([
                ("from", .int(step.from)), ("to", .int(step.to)), ("label", .nullable(step.after.label)),
                ("operations", .array(ops.map(OperationFormat.value), .lines(level: 2))),
            ], .lines(level: 1))
        }
        return JSONOutput.array(objects, .lines(level: 0)).text + "\n"
    }
}
