/// A decoded, validated navviz document (docs/format.md, version 1).
public enum Document: Sendable {
    /// One tree; `"tree": null` or a bare `null` is the empty tree.
    case snapshot(Tree)
    /// Frames to diff in turn: a sequence document, or a log read one snapshot per line.
    case sequence(SnapshotSequence)
    /// An initial tree and steps of router actions.
    case script(ActionScript)
    /// A tree and a destination path for Portus's routing algorithm.
    case route(RouteRequest)

    /// What the document is, in a word a message can use.
    public var kindName: String {
        switch self {
        case .snapshot: "snapshot"
        case .sequence(let s): s.isLog ? "log" : "sequence"
        case .script: "action script"
        case .route: "route request"
        }
    }

    /// ``kindName`` with its article: `a snapshot`, `an action script`.
    public var kindNameWithArticle: String {
        (kindName.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + kindName
    }

    /// The document's title, where it has one.
    public var title: String? {
        switch self {
        case .snapshot: nil
        case .sequence(let s): s.title
        case .script(let s): s.title
        case .route: nil
        }
    }
}

/// The navigation tree at one moment, with a label: a snapshot recorded (a sequence's
/// `frames[i]` in docs/format.md, a line of a log) or computed (the state after a script's step or
/// a route's instruction). A timeline calls its snapshots states; an animation's frames are
/// pictures of them (`AnimationFrame` in NavVizRender).
public struct Snapshot: Sendable, Equatable {
    /// What the state is called (a log line's or frame's `label`); nil when it has none.
    public var label: String?
    /// The navigation tree.
    public var tree: Tree
    /// When the state was recorded, as the log or sequence says it (ISO 8601 text, kept as
    /// written); nil when it does not.
    public var time: String?
    /// A snapshot of `tree`.
    public init(label: String? = nil, tree: Tree, time: String? = nil) {
        self.label = label
        self.tree = tree
        self.time = time
    }
}

/// States whose transitions are the diffs between consecutive ones: a sequence (its JSON
/// `frames`) or a log (one state a line).
public struct SnapshotSequence: Sendable {
    /// The document's `title`, where it has one.
    public var title: String?
    /// The snapshots in order: state 0, 1, …
    public var snapshots: [Snapshot]
    /// Whether it was read from a newline-delimited log.
    public var isLog: Bool
    /// A sequence of `snapshots`; `isLog` when they were read one a line.
    public init(title: String? = nil, snapshots: [Snapshot], isLog: Bool = false) {
        self.title = title
        self.snapshots = snapshots
        self.isLog = isLog
    }
}

/// An element of a destination path: an id, and optionally a context and a type.
public struct PathElement: Hashable, Sendable, CustomStringConvertible {
    /// The node id to match.
    public var id: String
    /// The context to match (empty: any node with the id, as Portus compares).
    public var context: [String: String]
    /// The type of a node entered for this element (Portus `RoutingEntry` type).
    public var type: String?
    /// An element naming `id` with `context`.
    public init(id: String, context: [String: String] = [:], type: String? = nil) {
        self.id = id
        self.context = context
        self.type = type
    }

    /// The identity Portus compares: id and context.
    public var identity: Node.Identity { Node.Identity(id: id, context: context) }

    /// `id` or `id?key=value&…` as the command line writes it.
    public var description: String {
        context.isEmpty ? id : "\(id)?\(context.queryString)"
    }
}

/// What an entered node brings with it (its managed children, Portus `managedEntries`),
/// keyed by id.
public typealias Templates = [String: Tree]

/// A docs/format.md route request: a tree, templates and a destination.
public struct RouteRequest: Sendable {
    /// The tree the route starts from.
    public var tree: Tree
    /// What an entered node brings with it, by id.
    public var templates: Templates
    /// The destination path, from the root.
    public var to: [PathElement]
    /// A request to route `tree` to `to`.
    public init(tree: Tree, templates: Templates = [:], to: [PathElement]) {
        self.tree = tree
        self.templates = templates
        self.to = to
    }
}

/// A docs/format.md action script: an initial tree and steps of actions, one frame per step.
public struct ActionScript: Sendable {
    /// The script's `title`, where it has one.
    public var title: String?
    /// The tree before the first step (state 0).
    public var initial: Tree
    /// What an entered node brings with it, by id (Portus `enter` actions).
    public var templates: Templates
    /// The steps in order; step N leads to state N.
    public var steps: [Step]

    /// One step: a label and the actions it performs, atomically.
    public struct Step: Sendable {
        /// The step's `label`, where it has one.
        public var label: String?
        /// The actions, in the order they run.
        public var actions: [Action]
        /// A step running `actions`.
        public init(label: String? = nil, actions: [Action]) {
            self.label = label
            self.actions = actions
        }
    }

    /// A script of `steps` starting from `initial`.
    public init(title: String? = nil, initial: Tree, templates: Templates = [:], steps: [Step]) {
        self.title = title
        self.initial = initial
        self.templates = templates
        self.steps = steps
    }
}
