import NavVizCore
import NavVizFiles
import NavVizRender

extension NavViz {
    /// What `navviz diff` is asked for.
    public struct DiffOptions: Sendable {
        /// Whose rules compute the operations.
        public var dialect: DiffDialect
        /// What to write.
        public var format: OutputFormat
        /// Of a sequence, only the transition from state N to N+1, or the last (nil: every
        /// transition; a picture shows the last).
        public var transition: StateChoice?
        /// How a picture looks.
        public var look: Look
        /// How the files are read.
        public var input: DocumentFile.Options

        /// `diff`'s defaults: the navviz dialect, as text, every transition.
        public init(dialect: DiffDialect = .navviz, format: OutputFormat = .text, transition: StateChoice? = nil, look: Look = Look(),
                    input: DocumentFile.Options = .init()) {
            self.dialect = dialect
            self.format = format
            self.transition = transition
            self.look = look
            self.input = input
        }
    }

    /// `navviz diff`: the operations between two states, as text, JSON or one picture of
    /// both. `files` is BEFORE and AFTER (each a snapshot, or the last state of a document),
    /// or one sequence or log, whose every transition is diffed.
    public static func diff(_ files: [String], options: DiffOptions, diagnostics: Diagnostics = .silent) throws(NavVizError) -> [UInt8] {
        precondition((1...2).contains(files.count), "diff takes BEFORE and AFTER, or one sequence or log")
        let single = files.count == 2
        let transitions = try Self.transitions(files, options: options, diagnostics: diagnostics)
        let picked = try pick(transitions, single: single, file: files[0], options: options)
        switch options.format {
        case .text:
            return Array(DiffReport.text(picked, dialect: options.dialect, headers: !single && options.transition == nil).utf8)
        case .json:
            return Array(DiffReport.json(picked, dialect: options.dialect, array: single || options.transition != nil).utf8)
        default:
            let step = picked[0]
            let operations = TreeDiff.operations(from: step.before.tree, to: step.after.tree, dialect: options.dialect)
            let scene = DiffScene.make(old: step.before.tree, new: step.after.tree, operations: operations, dialect: options.dialect,
                                       theme: options.look.theme, title: step.title, legend: options.look.legend)
            return try options.format.picture(scene, file: files[files.count - 1])
        }
    }

    /// The transitions to diff: BEFORE → AFTER, or every one of a sequence or log.
    private static func transitions(_ files: [String], options: DiffOptions, diagnostics: Diagnostics) throws(NavVizError) -> [DiffReport.Transition] {
        if files.count == 2 {
            func last(_ file: String) throws(NavVizError) -> Snapshot {
                let document = try load(file, options: options.input, for: options.format, diagnostics: diagnostics)
                return try StateChoice.last.pick(try document.states(file: file), file: file)
            }
            let before = try last(files[0]), after = try last(files[1])
            return [DiffReport.Transition(from: 0, to: 1, before: before, after: after, title: "\(files[0]) → \(files[1])")]
        }
        let file = files[0]
        let document = try DocumentFile.load(file, options: options.input, diagnostics: diagnostics)
        guard case .sequence(let sequence) = document else {
            throw NavVizError(.usage, file: displayName(file), "\(document.kindNameWithArticle) has no transitions to diff; give BEFORE and AFTER, or a sequence or log")
        }
        let states = sequence.snapshots
        return states.indices.dropLast().map { i in
            DiffReport.Transition(from: i, to: i + 1, before: states[i], after: states[i + 1],
                            title: "frames[\(i)] → frames[\(i + 1)]" + (states[i + 1].label.map { " (\($0))" } ?? ""))
        }
    }

    /// The transitions to show: one for `transition` or a picture, else all.
    private static func pick(_ transitions: [DiffReport.Transition], single: Bool, file: String, options: DiffOptions) throws(NavVizError) -> [DiffReport.Transition] {
        if single { return transitions }
        guard let choice = options.transition ?? (options.format.isPicture ? .last : nil) else { return transitions }
        guard !transitions.isEmpty else {
            throw NavVizError(.invalidInput, file: displayName(file), "the document has fewer than two states: there is no transition to show")
        }
        switch choice {
        case .last: return [transitions[transitions.count - 1]]
        case .index(let n):
            guard n < transitions.count else {
                throw NavVizError(.usage, file: displayName(file),
                                  "--transition \(n) is out of range: the document has \(transitions.count) transition\(transitions.count == 1 ? "" : "s") (0...\(transitions.count - 1))")
            }
            return [transitions[n]]
        }
    }
}
