import ArgumentParser
import NavVizArtifacts
import NavVizCore
import NavVizFiles
import NavVizRender

extension NavVizCommand {
    /// `navviz diff BEFORE AFTER` and `navviz diff FILE`: the operations between navigation
    /// states, as text, JSON or one picture of both states.
    struct DiffCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show the operations that take one navigation tree to another.",
            discussion: """
            With two files, diffs the tree of BEFORE against the tree of AFTER (a snapshot, or \
            the frame 'navviz render' would draw). With one file, a sequence or an .ndjson/.jsonl \
            log, diffs every transition: frames[0] → frames[1], frames[1] → frames[2], and so on.

            --dialect picks whose rules compute the operations. navviz (the default): identity is \
            id and context, a moved node is popped and pushed again, a change lists the parent's \
            children and active child. katana: KatanaRouter's NavigationTreeDiff with its quirks \
            (id-only identity, reversed inactive siblings, change.pushed lists every child, a \
            replaced root gives pushed: []). reswift and tempura: the linear route diffs of \
            ReSwift-Router and Tempura over the two active paths.

            The format comes from --format, else from the extension of -o (.txt, .json, .dot \
            or .gv, .svg, .png, .pdf, .mmd or .mermaid), else text; when both are given and \
            name different formats, navviz stops with exit status 64. Formats: text \
            (numbered operations; for a sequence, a header per transition), json (the array \
            of operations described in docs/format.md; for a sequence, an array of {"from", "to", \
            "label", "operations"} objects, one per transition), and one picture of both states: \
            dot, svg, png, pdf or mermaid. In the picture kept nodes look as in 'navviz render' \
            with the new active path emphasised, new nodes are green, removed nodes red and \
            dashed, a change is a box around the children it replaces, an activate colours the \
            newly active edge, and every node carries the numbers of its operations. A picture \
            shows one transition: of a sequence, the last, or the one --transition names.

            Examples:
              navviz diff Samples/katana-article.before.json \\
                Samples/katana-article.after.json
              navviz diff Samples/katana-article.before.json \\
                Samples/katana-article.after.json --dialect katana --format json
              navviz diff Samples/tab-switch.sequence.json
              navviz diff Samples/tab-switch.sequence.json --transition 1 \\
                -o step.svg --legend
            """
        )

        @Argument(help: "BEFORE and AFTER, or one sequence or log ('-' reads standard input).")
        var files: [String] = []

        @Option(help: "Whose rules compute the operations: navviz, katana, reswift or tempura.")
        var dialect: DiffDialect = .navviz

        @Option(help: "Output format: text, json, dot, svg, png, pdf or mermaid. Default: the extension of -o, else text.")
        var format: OutputFormat?

        @Option(help: "Of a sequence, only the transition from frames[N] to frames[N+1] (0-based), or 'last'.")
        var transition: StateChoice?

        @OptionGroup var output: OutputOptions

        @OptionGroup var look: LookOptions

        @OptionGroup var input: InputOptions

        func validate() throws {
            guard (1...2).contains(files.count) else {
                throw ValidationError("give BEFORE and AFTER, or one sequence or log")
            }
            if files.count == 2 && transition != nil {
                throw ValidationError("--transition picks a transition of one sequence or log; BEFORE and AFTER have only one")
            }
        }

        func run() throws {
            try reporting {
                let format = try OutputFormat.resolve(format, output: output.path)
                let chosen = dialect
                let (steps, single) = try transitions(picture: format.image != nil)
                let picked = try pick(steps, single: single, picture: format.isPicture)
                let bytes: [UInt8]
                switch format {
                case .text:
                    bytes = Array(DiffReport.text(picked, dialect: chosen, headers: !single && transition == nil).utf8)
                case .json:
                    bytes = Array(DiffReport.json(picked, dialect: chosen, array: single || transition != nil).utf8)
                case .dot, .svg, .png, .pdf, .mermaid:
                    let step = picked[0]
                    let ops = TreeDiff.operations(from: step.before.tree, to: step.after.tree, dialect: chosen)
                    let scene = DiffScene.make(old: step.before.tree, new: step.after.tree, operations: ops, dialect: chosen,
                                               theme: look.theme.value, title: step.title, legend: look.legend)
                    if format == .mermaid {
                        bytes = Array(MermaidEncoder.encode(scene).utf8)
                    } else {
                        bytes = try format.picture(scene, file: files[files.count - 1])
                    }
                }
                try output.write(bytes, binary: format.isBinary, inputs: files)
            }
        }

        /// The transitions to diff, and whether they come from BEFORE and AFTER. With
        /// `picture`, a snapshot too large to draw is refused while it is read.
        func transitions(picture: Bool) throws -> ([DiffReport.Step], Bool) {
            if files.count == 2 {
                let before = try snapshot(files[0], picture: picture), after = try snapshot(files[1], picture: picture)
                return ([DiffReport.Step(from: 0, to: 1, before: before, after: after, title: "\(files[0]) → \(files[1])")], true)
            }
            let file = files[0]
            let document = try input.load(file)
            guard case .sequence(let sequence) = document else {
                throw NavVizError(["\(file): error: \(document.kindNameWithArticle) has no transitions to diff; give BEFORE and AFTER, or a sequence or log"], status: NavVizError.Status.usage)
            }
            let frames = sequence.snapshots
            let steps = frames.indices.dropLast().map { i in
                DiffReport.Step(from: i, to: i + 1, before: frames[i], after: frames[i + 1],
                                title: "frames[\(i)] → frames[\(i + 1)]" + (frames[i + 1].label.map { " (\($0))" } ?? ""))
            }
            return (steps, false)
        }

        /// The frame a BEFORE or AFTER file stands for: its snapshot, else its last frame.
        func snapshot(_ file: String, picture: Bool) throws -> Snapshot {
            let document = try input.load(file, picture: picture)
            return try StateChoice.last.pick(try document.states(file: file), file: file)
        }

        /// The transitions to print: one for --transition or a picture, else all.
        func pick(_ steps: [DiffReport.Step], single: Bool, picture: Bool) throws -> [DiffReport.Step] {
            let file = files[0]
            if single { return steps }
            guard let choice = transition ?? (picture ? .last : nil) else { return steps }
            guard !steps.isEmpty else {
                throw NavVizError(["\(file): error: the document has fewer than two frames: there is no transition to show"], status: NavVizError.Status.dataError)
            }
            switch choice {
            case .last: return [steps[steps.count - 1]]
            case .index(let n):
                guard n < steps.count else {
                    throw NavVizError(["\(file): error: --transition \(n) is out of range: the document has \(steps.count) transition\(steps.count == 1 ? "" : "s") (0...\(steps.count - 1))"], status: NavVizError.Status.usage)
                }
                return [steps[n]]
            }
        }
    }
}
