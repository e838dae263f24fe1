import NavVizCore
import NavVizFiles

extension NavViz {
    /// One document as `navviz validate` found it: valid, with what it holds (`sequence, 4
    /// frames`), or not, with why.
    public struct Validation: Sendable {
        /// The file as given on the command line.
        public var file: String
        /// What the document holds (`snapshot, 7 nodes`), or why it is not valid.
        public var result: Result<String, NavVizError>
    }

    /// `navviz validate`: each of `files` read and checked against the format, and an action
    /// script also run step by step (a step that cannot run makes it invalid). Every file is
    /// checked, whatever the others hold.
    public static func validate(_ files: [String], input: DocumentFile.Options = .init(), diagnostics: Diagnostics = .silent) -> [Validation] {
        files.map { file in
            Validation(file: file, result: Result { () throws(NavVizError) in
                let document = try DocumentFile.load(file, options: input, diagnostics: diagnostics)
                if case .script(let script) = document, let failure = ScriptRunner.runUntilFailure(script).failure {
                    throw NavVizError(.invalidInput, file: displayName(file), "\(failure)")
                }
                return document.summary
            })
        }
    }
}

extension Document {
    /// `sequence, 4 frames`, `snapshot, 12 nodes` and the like.
    public var summary: String {
        func nodes(_ t: Tree) -> String { "\(t.count) node\(t.count == 1 ? "" : "s")" }
        switch self {
        case .snapshot(let t): return "snapshot, \(nodes(t))"
        case .sequence(let s): return "\(kindName), \(s.snapshots.count) frame\(s.snapshots.count == 1 ? "" : "s")"
        case .script(let s): return "action script, \(s.steps.count) step\(s.steps.count == 1 ? "" : "s")"
        case .route(let r): return "route request, \(nodes(r.tree)), \(r.to.count)-element path"
        }
    }
}
