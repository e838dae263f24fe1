/// `--redact`: every context value replaced by `•••`, for reports that may carry tokens or
/// personal data. Done on the document before anything is computed, so every artifact
/// derived from it (frames, labels, operations, JSON, HTML) carries only the mask. Keys stay,
/// so a reader still sees which context a screen had.
public enum Redaction {
    /// What every context value becomes.
    public static let mask = "•••"

    public static func redact(_ context: [String: String]) -> [String: String] {
        context.mapValues { _ in mask }
    }

    public static func redact(_ tree: Tree) -> Tree {
        var t = tree
        for slot in t.preorder() where !t.node(slot).context.isEmpty {
            var n = t.node(slot)
            n.context = redact(n.context)
            t.update(slot, to: n)
        }
        return t
    }

    public static func redact(_ frame: Frame) -> Frame {
        Frame(label: frame.label, tree: redact(frame.tree))
    }

    public static func redact(_ path: [PathElement]) -> [PathElement] {
        path.map { PathElement(id: $0.id, context: redact($0.context), type: $0.type) }
    }

    public static func redact(_ document: Document) -> Document {
        switch document {
        case .snapshot(let t): return .snapshot(redact(t))
        case .sequence(var s):
            s.frames = s.frames.map(redact)
            return .sequence(s)
        case .route(var r):
            r.tree = redact(r.tree)
            r.templates = r.templates.mapValues(redact)
            r.to = redact(r.to)
            return .route(r)
        case .script(var s):
            s.initial = redact(s.initial)
            s.templates = s.templates.mapValues(redact)
            s.steps = s.steps.map { step in
                ActionScript.Step(label: step.label, actions: step.actions.map(redact))
            }
            return .script(s)
        }
    }

    static func redact(_ action: Action) -> Action {
        switch action {
        case .push(let t, let into): .push(redact(t), into: into)
        case .change(let p, let pop, let push): .change(parent: p, pop: pop, push: push.map(redact))
        case .route(let path): .route(redact(path))
        case .enter(let t, let into): .enter(redact(t), into: into)
        case .stack(let id, .push(let t)): .stack(id, .push(redact(t)))
        case .stack(let id, .replace(let t)): .stack(id, .replace(redact(t)))
        case .stack(let id, .set(let ts)): .stack(id, .set(ts.map(redact)))
        default: action
        }
    }
}
