/// The text and JSON outputs of `diff`.
public enum DiffReport {
    /// One transition: two states and where they are in the document.
    public struct Transition {
        /// The index of the state before.
        public var from: Int
        /// The index of the state after.
        public var to: Int
        /// The state before.
        public var before: Snapshot
        /// The state after.
        public var after: Snapshot
        /// `frames[0] → frames[1] (label)`, or `BEFORE → AFTER`.
        public var title: String

        /// The transition from state `from` to state `to`.
        public init(from: Int, to: Int, before: Snapshot, after: Snapshot, title: String) {
            self.from = from
            self.to = to
            self.before = before
            self.after = after
            self.title = title
        }
    }

    /// Numbered operations; with `headers`, each transition under its title line.
    public static func text(_ steps: [Transition], dialect: DiffDialect, headers: Bool) -> String {
        guard headers else {
            return steps.map { OperationWriter.text(TreeDiff.operations(from: $0.before.tree, to: $0.after.tree, dialect: dialect)) }.joined()
        }
        if steps.isEmpty { return "(no transitions)\n" }
        return steps.map { step in
            PlainText.visible(step.title) + "\n" + OperationWriter.text(TreeDiff.operations(from: step.before.tree, to: step.after.tree, dialect: dialect))
        }.joined(separator: "\n")
    }

    /// docs/format.md's array of operations for one transition (`array`), else one object per
    /// transition: `{"from": 0, "to": 1, "label": "…" or null, "operations": [...]}`, where
    /// `label` is the label of the frame the transition reaches.
    public static func json(_ steps: [Transition], dialect: DiffDialect, array: Bool) -> String {
        if array, let step = steps.first {
            return OperationWriter.jsonArray(TreeDiff.operations(from: step.before.tree, to: step.after.tree, dialect: dialect))
        }
        let objects = steps.map { step -> JSONOutput in
            let ops = TreeDiff.operations(from: step.before.tree, to: step.after.tree, dialect: dialect)
            return .object([
                ("from", .int(step.from)), ("to", .int(step.to)), ("label", .nullable(step.after.label)),
                ("operations", .array(ops.map(OperationWriter.value), .lines(level: 2))),
            ], .lines(level: 1))
        }
        return JSONOutput.array(objects, .lines(level: 0)).text + "\n"
    }
}
