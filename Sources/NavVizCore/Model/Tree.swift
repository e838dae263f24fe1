/// A navigation tree held flat, so that trees of a million nodes and stacks 100,000 screens
/// deep are built, walked, copied and released without recursion.
///
/// Nodes live in slots; a slot is an index into the tree's arrays and is only meaningful for
/// the tree that made it. Removing a subtree detaches its slots (they stay allocated until
/// ``compacted()``), so slots of the remaining nodes never move while a tree is edited.
///
/// An id may occur at several places (docs/format.md, "Repeated screens"): a product opened from a
/// product. The tree indexes every occurrence; `slot(of:)` answers the first in pre-order
/// (document order), as KatanaRouter's `find(userIdentifier:)` and Portus's `findNode(for:)`
/// search, and ``slots(of:)`` all of them. That among one node's children an id repeats only
/// with different contexts is checked where trees are read and edited, not here.
public struct Tree: Sendable {
    /// An index of a node within one tree.
    public typealias Slot = Int

    /// Every node, in pre-order; a ``Slot`` indexes it.
    public private(set) var nodes: [Node] = []
    private var parents: [Int] = []
    private var kids: [[Int]] = []
    private var actives: [Int] = []
    /// One live slot per id (the only one for an id that occurs once).
    private var slotByID: [String: Int] = [:]
    /// The other live slots of ids that occur more than once, in no particular order.
    private var moreByID: [String: [Int]] = [:]
    private var liveCount = 0
    /// The root's slot, or nil for the empty tree (`"tree": null`).
    public private(set) var root: Slot?

    /// The empty tree.
    public init() {}

    /// A tree of one node.
    public init(root node: Node) {
        root = appendSlot(node, parent: -1)
    }

    /// Whether this is the empty tree.
    public var isEmpty: Bool { root == nil }
    /// How many nodes are in the tree.
    public var count: Int { liveCount }

    /// The node at `slot`.
    public func node(_ slot: Slot) -> Node { nodes[slot] }
    /// The id of the node at `slot`.
    public func id(_ slot: Slot) -> String { nodes[slot].id }
    /// The parent's slot, or nil for the root.
    public func parent(_ slot: Slot) -> Slot? { parents[slot] < 0 ? nil : parents[slot] }
    /// The children in document order.
    public func children(_ slot: Slot) -> [Slot] { kids[slot] }
    /// The active (visible) child, if any.
    public func activeChild(_ slot: Slot) -> Slot? { actives[slot] < 0 ? nil : actives[slot] }
    /// The first node in pre-order (children in document order) with this id, if any: the
    /// node KatanaRouter's `find(userIdentifier:)` finds.
    public func slot(of id: String) -> Slot? {
        guard let first = slotByID[id] else { return nil }
        guard let more = moreByID[id] else { return first }
        return more.reduce(first) { precedes($1, $0) ? $1 : $0 }
    }

    /// Every node with this id, in pre-order.
    public func slots(of id: String) -> [Slot] {
        guard let first = slotByID[id] else { return [] }
        guard let more = moreByID[id] else { return [first] }
        return ([first] + more).sorted(by: precedes)
    }

    /// Whether the tree holds a node with this id.
    public func contains(id: String) -> Bool { slotByID[id] != nil }

    /// How many nodes have this id.
    public func occurrences(of id: String) -> Int {
        slotByID[id] == nil ? 0 : 1 + (moreByID[id]?.count ?? 0)
    }

    /// Whether this id is at more than one place in the tree.
    public func isRepeated(_ id: String) -> Bool { moreByID[id] != nil }

    /// Whether any id is at more than one place in the tree.
    public var hasRepeatedIDs: Bool { !moreByID.isEmpty }

    /// The ids that are at more than one place, sorted.
    public var repeatedIDs: [String] { moreByID.keys.sorted() }

    /// The first node in pre-order whose id and context equal `identity`: the node Portus's
    /// `findNode(for:)` finds for an entry without a routable.
    public func slot(of identity: Node.Identity) -> Slot? {
        guard let first = slotByID[identity.id] else { return nil }
        guard moreByID[identity.id] != nil else { return nodes[first].context == identity.context ? first : nil }
        return slots(of: identity.id).first { nodes[$0].context == identity.context }
    }

    /// The child of `parent` with this id and context, if any.
    public func child(of parent: Slot, _ identity: Node.Identity) -> Slot? {
        kids[parent].first { nodes[$0].id == identity.id && nodes[$0].context == identity.context }
    }

    /// The ids, with their contexts, from the root down to `slot`: what names a node where its
    /// id is not unique (docs/format.md, "Repeated screens").
    public func path(to slot: Slot) -> [PathElement] {
        var out: [PathElement] = []
        var s: Slot? = slot
        while let c = s {
            out.append(PathElement(id: nodes[c].id, context: nodes[c].context))
            s = parent(c)
        }
        return out.reversed()
    }

    /// The node a path names: the root with the first element's id and context, then at each
    /// level the child with the next element's id and context. Nil when there is none.
    public func slot(at path: some Collection<PathElement>) -> Slot? {
        guard let root, let first = path.first, nodes[root].id == first.id, nodes[root].context == first.context else { return nil }
        var s = root
        for element in path.dropFirst() {
            guard let c = child(of: s, element.identity) else { return nil }
            s = c
        }
        return s
    }

    /// Whether `a` comes before `b` in pre-order (children in document order).
    public func precedes(_ a: Slot, _ b: Slot) -> Bool {
        if a == b { return false }
        let pa = ancestry(a), pb = ancestry(b)
        var i = 0
        while i < pa.count, i < pb.count, pa[i] == pb[i] { i += 1 }
        if i == pa.count { return true }   // a is an ancestor of b
        if i == pb.count { return false }  // b is an ancestor of a
        let siblings = kids[pa[i - 1]]
        return siblings.firstIndex(of: pa[i])! < siblings.firstIndex(of: pb[i])!
    }

    /// The slots from the root down to `slot`.
    private func ancestry(_ slot: Slot) -> [Slot] {
        var out = [slot]
        var s = slot
        while let p = parent(s) { out.append(p); s = p }
        return out.reversed()
    }

    /// Effective `managed`: the explicit flag, else true when the parent is a switch container.
    public func isManaged(_ slot: Slot) -> Bool {
        if let flag = nodes[slot].managedFlag { return flag }
        guard let p = parent(slot) else { return false }
        return nodes[p].isSwitch
    }

    /// Whether `slot` is its parent's active child (the root counts as active).
    public func isActiveChild(_ slot: Slot) -> Bool {
        guard let p = parent(slot) else { return true }
        return actives[p] == slot
    }

    /// The root, then `active` down to the visible screen.
    public var activePath: [Slot] {
        guard var current = root else { return [] }
        var path = [current]
        while let next = activeChild(current) {
            path.append(next)
            current = next
        }
        return path
    }

    /// The set of slots on the active path.
    public var activeSet: Set<Slot> { Set(activePath) }

    /// Depth of a node (root is 0); walks up, no recursion.
    public func depth(_ slot: Slot) -> Int {
        var d = 0
        var s = slot
        while let p = parent(s) { d += 1; s = p }
        return d
    }

    // MARK: Walks

    /// Every node in pre-order, children in document order.
    public func preorder(from start: Slot? = nil) -> [Slot] {
        guard let start = start ?? root else { return [] }
        var out: [Slot] = []
        out.reserveCapacity(count)
        var stack = [start]
        while let s = stack.popLast() {
            out.append(s)
            stack.append(contentsOf: kids[s].reversed())
        }
        return out
    }

    /// Every node in post-order, children in document order.
    public func postorder(from start: Slot? = nil) -> [Slot] {
        guard let start = start ?? root else { return [] }
        // Reverse of a pre-order that visits children right to left.
        var out: [Slot] = []
        out.reserveCapacity(count)
        var stack = [start]
        while let s = stack.popLast() {
            out.append(s)
            stack.append(contentsOf: kids[s])
        }
        out.reverse()
        return out
    }

    /// Makes room for `count` nodes, so a large tree read node by node does not grow (and
    /// rehash its index) a step at a time.
    package mutating func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(count)
        parents.reserveCapacity(count)
        kids.reserveCapacity(count)
        actives.reserveCapacity(count)
        slotByID.reserveCapacity(count)
    }

    // MARK: Editing

    @discardableResult
    private mutating func appendSlot(_ node: Node, parent: Int) -> Slot {
        let s = nodes.count
        nodes.append(node)
        parents.append(parent)
        kids.append([])
        actives.append(-1)
        index(s, node.id)
        return s
    }

    private mutating func index(_ s: Slot, _ id: String) {
        liveCount += 1
        // One lookup of the id (a tree of a million nodes misses the cache on each).
        if !Self.claim(&slotByID[id, default: -1], for: s) { moreByID[id, default: []].append(s) }
    }

    /// Sets `entry` to `s` when it is free (-1, no slot); whether it was.
    private static func claim(_ entry: inout Int, for s: Slot) -> Bool {
        guard entry < 0 else { return false }
        entry = s
        return true
    }

    private mutating func unindex(_ s: Slot, _ id: String) {
        liveCount -= 1
        if slotByID[id] == s {
            if var more = moreByID[id] {
                slotByID[id] = more.removeLast()
                moreByID[id] = more.isEmpty ? nil : more
            } else {
                slotByID[id] = nil
            }
        } else if var more = moreByID[id], let i = more.firstIndex(of: s) {
            more.remove(at: i)
            moreByID[id] = more.isEmpty ? nil : more
        }
    }

    /// Replaces the whole tree by a single root node (an empty tree gets its root).
    mutating func setRoot(_ node: Node) {
        self = Tree(root: node)
    }

    /// Adds `node` as the last child of `parent` (or at `index`) and returns its slot.
    /// The caller guarantees no child of `parent` has the node's id and context
    /// (``child(of:_:)``).
    @discardableResult
    public mutating func addChild(_ node: Node, to parent: Slot, at index: Int? = nil, makeActive: Bool = false) -> Slot {
        let s = appendSlot(node, parent: parent)
        if let index, index <= kids[parent].count {
            kids[parent].insert(s, at: index)
        } else {
            kids[parent].append(s)
        }
        if makeActive { actives[parent] = s }
        return s
    }

    /// Grafts a copy of `other` (or of its subtree at `from`) as a child of `parent`.
    /// The caller guarantees no child of `parent` has the grafted root's id and context.
    @discardableResult
    public mutating func graft(_ other: Tree, from: Slot? = nil, to parent: Slot, at index: Int? = nil, makeActive: Bool = false) -> Slot? {
        guard let start = from ?? other.root else { return nil }
        let top = addChild(other.nodes[start], to: parent, at: index, makeActive: makeActive)
        var stack: [(Slot, Slot)] = [(start, top)]
        while let (o, mine) = stack.popLast() {
            for c in other.kids[o] {
                let m = addChild(other.nodes[c], to: mine, makeActive: other.actives[o] == c)
                stack.append((c, m))
            }
        }
        return top
    }

    /// Removes the node and its subtree. Its parent is left with no active child when the
    /// removed node was the active one. Removing the root empties the tree.
    public mutating func removeSubtree(_ slot: Slot) {
        if let p = parent(slot) {
            kids[p].removeAll { $0 == slot }
            if actives[p] == slot { actives[p] = -1 }
        } else {
            self = Tree()
            return
        }
        for s in preorder(from: slot) {
            unindex(s, nodes[s].id)
            parents[s] = -1
        }
    }

    /// Makes `child` the active child of `parent`, or clears it with nil.
    public mutating func setActive(_ child: Slot?, in parent: Slot) {
        actives[parent] = child ?? -1
    }

    /// Replaces the attributes of a node. The caller keeps its id and context apart from its
    /// siblings'.
    public mutating func update(_ slot: Slot, to node: Node) {
        if node.id != nodes[slot].id {
            unindex(slot, nodes[slot].id)
            index(slot, node.id)
        }
        nodes[slot] = node
    }

    /// Reorders the children of `parent`; `order` must hold exactly its current children.
    public mutating func setChildren(_ order: [Slot], of parent: Slot) {
        kids[parent] = order
    }

    /// A copy of the subtree at `slot` as a tree of its own.
    public func subtree(at slot: Slot) -> Tree {
        var t = Tree(root: nodes[slot])
        var stack: [(Slot, Slot)] = [(slot, t.root!)]
        while let (o, mine) = stack.popLast() {
            for c in kids[o] {
                let m = t.addChild(nodes[c], to: mine, makeActive: actives[o] == c)
                stack.append((c, m))
            }
        }
        return t
    }

    /// The same tree with detached slots dropped and slots renumbered in pre-order.
    public func compacted() -> Tree {
        guard let root else { return Tree() }
        if nodes.count == count { return self }
        return subtree(at: root)
    }
}

extension Tree: Equatable {
    /// Two trees are equal when they have the same nodes in the same shape with the same
    /// active children, whatever their slot numbering.
    public static func == (a: Tree, b: Tree) -> Bool {
        guard a.count == b.count else { return false }
        guard let ra = a.root, let rb = b.root else { return a.root == nil && b.root == nil }
        var stack = [(ra, rb)]
        while let (x, y) = stack.popLast() {
            guard a.nodes[x] == b.nodes[y], a.kids[x].count == b.kids[y].count else { return false }
            guard (a.actives[x] < 0) == (b.actives[y] < 0) else { return false }
            if a.actives[x] >= 0, a.kids[x].firstIndex(of: a.actives[x]) != b.kids[y].firstIndex(of: b.actives[y]) { return false }
            for (cx, cy) in zip(a.kids[x], b.kids[y]) { stack.append((cx, cy)) }
        }
        return true
    }
}
