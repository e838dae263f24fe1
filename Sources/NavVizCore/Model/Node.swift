/// One destination in a navigation tree, without its structure.
///
/// A `Node` holds what docs/format.md says about a single destination: its identifier, how it is
/// drawn and how Portus may route through it. Where it sits in the tree (its parent, its
/// children and which child is active) lives in ``Tree``. Optional fields keep what the
/// document said, so a snapshot written back out says the same; the `is…` accessors apply
/// the defaults of docs/format.md.
public struct Node: Hashable, Sendable {
    /// The destination identifier, unique within one tree (KatanaRouter `userIdentifier`,
    /// Portus `RoutingIdentifier`, Tempura `RouteElementIdentifier`).
    public var id: String
    /// The routable type, for example `ChatViewController`.
    public var type: String?
    /// Display text; ``displayLabel`` falls back to `type`, then `id`.
    public var label: String?
    /// A shape hint: `tabs`, `stack`, `modal`, `page`, `split`, `screen`, `view`, or any word.
    public var kind: String?
    /// The document's explicit `switch`; see ``isSwitch`` for the effective value.
    public var switchFlag: Bool?
    /// The document's explicit `managed`; ``Tree/isManaged(_:)`` applies the parent default.
    public var managedFlag: Bool?
    /// The document's explicit `leavable` (Portus `Leavable`).
    public var leavableFlag: Bool?
    /// The document's explicit `canLeave` (what Portus `canLeaveNode` answers).
    public var canLeaveFlag: Bool?
    /// The document's explicit `enterable` (Portus `Enterable`).
    public var enterableFlag: Bool?
    /// Portus `RoutingContext` / KatanaRouter `contextData`. Absent equals empty.
    public var context: [String: String]
    /// What the capture knew about the node beyond its identity (a UIKit paste's `address`
    /// and full `class`): written back and shown in a node's details, never compared by a
    /// diff, a route or a check. Absent equals empty.
    public var info: [String: String]

    /// The kinds that are switch containers unless `switch` says otherwise.
    public static let switchKinds: Set<String> = ["tabs", "page", "split"]

    /// Creates a node; only `id` is required.
    public init(
        id: String, type: String? = nil, label: String? = nil, kind: String? = nil,
        switch switchFlag: Bool? = nil, managed: Bool? = nil, leavable: Bool? = nil,
        canLeave: Bool? = nil, enterable: Bool? = nil, context: [String: String] = [:],
        info: [String: String] = [:]
    ) {
        self.id = id
        self.type = type
        self.label = label
        self.kind = kind
        self.switchFlag = switchFlag
        self.managedFlag = managed
        self.leavableFlag = leavable
        self.canLeaveFlag = canLeave
        self.enterableFlag = enterable
        self.context = context
        self.info = info
    }

    /// What a diagram shows: `label`, else `type`, else `id`.
    public var displayLabel: String { label ?? type ?? id }
    /// Whether the node is a Switchable container: `switch`, else implied by `kind`.
    public var isSwitch: Bool { switchFlag ?? kind.map(Node.switchKinds.contains) ?? false }
    /// Portus `Leavable` (default true).
    public var isLeavable: Bool { leavableFlag ?? true }
    /// What Portus `canLeaveNode` answers (default true).
    public var canLeave: Bool { canLeaveFlag ?? true }
    /// Portus `Enterable` (default true).
    public var isEnterable: Bool { enterableFlag ?? true }

    /// The navviz identity (docs/semantics.md, "`navviz` (the default)"): id plus context.
    public var identity: Identity { Identity(id: id, context: context) }

    /// A node's identity for the `navviz` dialect and for Portus entries: id and context.
    public struct Identity: Hashable, Sendable {
        /// The node's id.
        public var id: String
        /// The node's context (empty for none).
        public var context: [String: String]
        /// The identity of a node `id` with `context`.
        public init(id: String, context: [String: String] = [:]) {
            self.id = id
            self.context = context
        }
    }
}

extension Dictionary where Key == String, Value == String {
    /// The context written as a query string with sorted keys: `a=1&hex=ff0000`.
    public var queryString: String {
        keys.sorted().map { "\($0)=\(self[$0]!)" }.joined(separator: "&")
    }
}
