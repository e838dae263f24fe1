/// One destination of an app's navigation tree, with its children, as the recorder stores it:
/// the fields of a navviz node (docs/format.md), built by the app or by an adapter from its
/// router's tree.
///
/// ```swift
/// let tree = NavigationNode(id: "tabs", kind: "tabs", children: [
///     NavigationNode(id: "feed", kind: "stack", children: [NavigationNode(id: "post", context: ["postId": "42"])], active: "post"),
///     NavigationNode(id: "profile"),
/// ], active: "feed")
/// ```
public struct NavigationNode: Sendable, Equatable {
    /// The destination identifier.
    public var id: String
    /// The routable type, for example `ChatViewController`.
    public var type: String?
    /// Display text (navviz shows `type`, else `id`, without it).
    public var label: String?
    /// A shape hint: `tabs`, `stack`, `modal`, `page`, `split`, `screen`, `view` or any word.
    public var kind: String?
    /// A switch container (Portus `Switchable`), where `kind` does not say it (`tabs`,
    /// `page` and `split` are); nil leaves it to the kind.
    public var isSwitch: Bool?
    /// Portus `RoutingContext`, KatanaRouter `contextData`: string values. Keys the
    /// recorder was told are secret are removed or hidden before anything is stored.
    public var context: [String: String]
    /// The children, in order (a navigation stack is a chain: each pushed screen is the
    /// child of the one under it).
    public var children: [NavigationNode]
    /// The index in ``children`` of the active (visible) child.
    public var activeIndex: Int?

    /// A node whose active child is given by its index.
    public init(id: String, type: String? = nil, label: String? = nil, kind: String? = nil, switch isSwitch: Bool? = nil,
                context: [String: String] = [:], children: [NavigationNode] = [], activeIndex: Int?) {
        self.id = id
        self.type = type
        self.label = label
        self.kind = kind
        self.isSwitch = isSwitch
        self.context = context
        self.children = children
        self.activeIndex = activeIndex.flatMap { children.indices.contains($0) ? $0 : nil }
    }

    /// A node whose active child is the first child with the id `active`.
    public init(id: String, type: String? = nil, label: String? = nil, kind: String? = nil, switch isSwitch: Bool? = nil,
                context: [String: String] = [:], children: [NavigationNode] = [], active: String? = nil) {
        self.init(id: id, type: type, label: label, kind: kind, switch: isSwitch, context: context, children: children,
                  activeIndex: active.flatMap { a in children.firstIndex { $0.id == a } })
    }

    /// How many nodes the tree holds.
    public var count: Int {
        var n = 0
        var stack: [NavigationNode] = [self]
        while let node = stack.popLast() {
            n += 1
            stack.append(contentsOf: node.children)
        }
        return n
    }
}

/// Anything whose navigation state the recorder can take: a router's tree, an app's
/// coordinator, or a ``NavigationNode``. Conform by building the node tree (see
/// docs/recorder.md for KatanaRouter, Portus, Tempura and UIKit).
public protocol NavigationRecordable {
    /// The current navigation tree, or nil when nothing is shown.
    func navigationNode() -> NavigationNode?
}

extension NavigationNode: NavigationRecordable {
    /// The node itself.
    public func navigationNode() -> NavigationNode? { self }
}

extension Optional: NavigationRecordable where Wrapped: NavigationRecordable {
    /// Nothing shown when nil.
    public func navigationNode() -> NavigationNode? { self?.navigationNode() ?? nil }
}
