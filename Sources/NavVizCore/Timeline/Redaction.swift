/// `--redact`: every context value replaced by `•••`, for reports that may carry tokens or
/// personal data. Keys stay, so a reader still sees which context a screen had.
///
/// The diff, the route and the script run on the plain document; what is printed is then
/// redacted (``redact(_:of:)``): the frames' trees, every operation, and the text derived
/// from context values (a route's title and labels, a failure's reason). So redacted output
/// has exactly the operations of the plain output, only with values hidden: a change of
/// context alone (`chat?id=1` → `chat?id=2`) still shows as one. (Redacting the document
/// first, as navviz once did, made such changes disappear.)
public enum Redaction {
    /// What every context value becomes.
    public static let mask = "•••"

    /// The context with every value hidden.
    public static func redact(_ context: [String: String]) -> [String: String] {
        context.mapValues { _ in mask }
    }

    /// The tree with every context value (and every `info` value) hidden.
    public static func redact(_ tree: Tree) -> Tree {
        var t = tree
        for slot in t.preorder() where !t.node(slot).context.isEmpty || !t.node(slot).info.isEmpty {
            var n = t.node(slot)
            n.context = redact(n.context)
            n.info = redact(n.info)
            t.update(slot, to: n)
        }
        return t
    }

    /// The snapshot with every context value (and its label's quoted values) hidden.
    public static func redact(_ frame: Snapshot) -> Snapshot {
        Snapshot(label: frame.label, tree: redact(frame.tree))
    }

    /// The path with every context value hidden.
    public static func redact(_ path: [PathElement]) -> [PathElement] {
        path.map { PathElement(id: $0.id, context: redact($0.context), type: $0.type) }
    }

    /// The document with every context value hidden.
    public static func redact(_ document: Document) -> Document {
        switch document {
        case .snapshot(let t): return .snapshot(redact(t))
        case .sequence(var s):
            s.snapshots = s.snapshots.map(redact)
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

    // MARK: - After the diff

    /// The context values a document holds (every tree, template, action and path), to mask
    /// them in text derived from them.
    public struct Values: Sendable {
        /// `key=value` as ``Swift/Dictionary/queryString`` writes it, longest value first.
        var pairs: [(key: String, value: String)] = []

        /// An empty set of hidden values.
        public init() {}

        /// Every context value of `document`.
        public init(_ document: Document) {
            var seen = Set<String>()
            func add(_ context: [String: String]) {
                for (k, v) in context where seen.insert(k + "=" + v).inserted { pairs.append((k, v)) }
            }
            func add(_ tree: Tree) { for slot in tree.preorder() { add(tree.node(slot).context) } }
            func add(_ path: [PathElement]) { path.forEach { add($0.context) } }
            switch document {
            case .snapshot(let t): add(t)
            case .sequence(let s): s.snapshots.forEach { add($0.tree) }
            case .route(let r):
                add(r.tree)
                r.templates.values.forEach(add)
                add(r.to)
            case .script(let s):
                add(s.initial)
                s.templates.values.forEach(add)
                for step in s.steps {
                    for action in step.actions {
                        switch action {
                        case .push(let t, _), .enter(let t, _), .stack(_, .push(let t)), .stack(_, .replace(let t)): add(t)
                        case .change(_, _, let push): push.forEach(add)
                        case .route(let path): add(path)
                        case .stack(_, .set(let ts)): ts.forEach(add)
                        default: break
                        }
                    }
                }
            }
            pairs.sort { $0.value.count > $1.value.count }
        }
    }

    /// `text` with every `key=value` of `values` that stands whole (after `?`, `&` or a
    /// space, and before the end, `&`, a space or punctuation) written `key=•••`.
    public static func mask(_ text: String, _ values: Values) -> String {
        guard text.contains("=") else { return text }
        var out = Array(text)
        for (key, value) in values.pairs where !value.isEmpty {
            let needle = Array(key + "=" + value)
            let replacement = Array(key + "=" + mask)
            var i = 0
            while i + needle.count <= out.count {
                guard out[i] == needle[0], Array(out[i..<(i + needle.count)]) == needle else {
                    i += 1
                    continue
                }
                let before: Character? = i == 0 ? nil : out[i - 1]
                let after: Character? = i + needle.count == out.count ? nil : out[i + needle.count]
                let opens = before == nil || "?& (".contains(before!)
                let closes = after == nil || "&'\") /,;:\n".contains(after!)
                if opens && closes {
                    out.replaceSubrange(i..<(i + needle.count), with: replacement)
                    i += replacement.count
                } else {
                    i += 1
                }
            }
        }
        return String(out)
    }

    /// The identity with its context values hidden.
    public static func redact(_ identity: Node.Identity) -> Node.Identity {
        Node.Identity(id: identity.id, context: redact(identity.context))
    }

    /// The operation with every context value (its own, its path's, a change's children's)
    /// hidden.
    public static func redact(_ op: TreeOperation) -> TreeOperation {
        func p(_ path: [PathElement]?) -> [PathElement]? { path.map(redact) }
        switch op {
        case .pop(let id, let parent, let c, let path): return .pop(id: id, parent: parent, context: redact(c), path: p(path))
        case .push(let id, let parent, let c, let path): return .push(id: id, parent: parent, context: redact(c), path: p(path))
        case .activate(let id, let parent, let c, let path): return .activate(id: id, parent: parent, context: redact(c), path: p(path))
        case .leave(let id, let c, let path): return .leave(id: id, context: redact(c), path: p(path))
        case .switchTo(let i, let to, let c, let path): return .switchTo(in: i, to: to, context: redact(c), path: p(path))
        case .enter(let id, let parent, let c, let path): return .enter(id: id, parent: parent, context: redact(c), path: p(path))
        case .change(let parent, let popped, let pushed, let children, let active, let path, let poppedPaths):
            return .change(parent: parent, popped: popped.map(redact), pushed: pushed.map(redact), children: children?.map(redact),
                           active: active.map(redact), path: p(path), poppedPaths: poppedPaths?.map(redact))
        }
    }

    /// A transition with its operations redacted and its label masked.
    public static func redact(_ transition: Timeline.Transition, _ values: Values) -> Timeline.Transition {
        Timeline.Transition(label: transition.label.map { mask($0, values) }, operations: transition.operations.map(redact))
    }

    /// A timeline computed from the plain `document`, redacted for printing: trees, operations,
    /// and the title, labels and failure (which may quote context values).
    public static func redact(_ timeline: Timeline, of document: Document) -> Timeline {
        let values = Values(document)
        var t = timeline
        t.title = t.title.map { mask($0, values) }
        t.states = t.states.map { Snapshot(label: $0.label.map { mask($0, values) }, tree: redact($0.tree)) }
        t.transitions = t.transitions.map { redact($0, values) }
        t.failure = t.failure.map { mask($0, values) }
        return t
    }

    /// One state of a streamed recording, its diff computed on the plain trees, redacted:
    /// the trees and the operations (a recording's labels are its own text, as given).
    public static func redact(_ step: TimelineStep) -> TimelineStep {
        TimelineStep(index: step.index, state: redact(step.state), before: step.before.map(redact),
                     transition: step.transition.map { Timeline.Transition(label: $0.label, operations: $0.operations.map(redact)) })
    }
}
