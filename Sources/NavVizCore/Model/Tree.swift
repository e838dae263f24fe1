/// A navigation tree held flat, so that trees of a million nodes and stacks 100,000 screens
/// deep are built, walked, copied and released without recursion.
///
/// Nodes live in slots; a slot is an index into the tree's arrays and is only meaningful for
/// the tree that made it. Removing a subtree detaches its slots (they stay allocated until
/// ``compacted()``), so slots of the remaining nodes never move while a tree is edited.
public struct Tree: Sendable {
    /// An index of a node within one tree.
    public typealias Slot = Int

    public private(set) var nodes: [Node] = []
    private var parents: [Int] = []
    private var kids: [[Int]] = []
    private var actives: [Int] = []
    private var slotByID: [String: Int] = [:]
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
    public var count: Int { slotByID.count }

    public func node(_ slot: Slot) -> Node { nodes[slot] }
    public func id(_ slot: Slot) -> String { nodes[slot].id }
    /// The parent's slot, or nil for the root.
    public func parent(_ slot: Slot) -> Slot? { parents[slot] < 0 ? nil : parents[slot] }
    /// The children in document order.
    public func children(_ slot: Slot) -> [Slot] { kids[slot] }
    /// The active (visible) child, if any.
    public func activeChild(_ slot: Slot) -> Slot? { actives[slot] < 0 ? nil : actives[slot] }
    /// The slot of the node with this id, if it is in the tree.
    public func slot(of id: String) -> Slot? { slotByID[id] }
    /// Whether the tree holds a node with this id.
    public func contains(id: String) -> Bool { slotByID[id] != nil }

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

    // MARK: Editing

    enum EditError: Error { case duplicateID(String) }

    @discardableResult
    private mutating func appendSlot(_ node: Node, parent: Int) -> Slot {
        let s = nodes.count
        nodes.append(node)
        parents.append(parent)
        kids.append([])
        actives.append(-1)
        slotByID[node.id] = s
        return s
    }

    /// Replaces the whole tree by a single root node (an empty tree gets its root).
    public mutating func setRoot(_ node: Node) {
        self = Tree(root: node)
    }

    /// Adds `node` as the last child of `parent` (or at `index`) and returns its slot.
    /// The caller guarantees the id is not yet in the tree (``contains(id:)``).
    @discardableResult
    public mutating func addChild(_ node: Node, to parent: Slot, at index: Int? = nil, makeActive: Bool = false) -> Slot {
        precondition(slotByID[node.id] == nil, "duplicate id \(node.id)")
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
    /// The caller guarantees none of its ids is in this tree.
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
            slotByID[nodes[s].id] = nil
            parents[s] = -1
        }
    }

    /// Makes `child` the active child of `parent`, or clears it with nil.
    public mutating func setActive(_ child: Slot?, in parent: Slot) {
        actives[parent] = child ?? -1
    }

    /// Replaces the attributes of a node; its id must stay the same or be free.
    public mutating func update(_ slot: Slot, to node: Node) {
        if node.id != nodes[slot].id {
            slotByID[nodes[slot].id] = nil
            slotByID[node.id] = slot
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
            if a.actives[x] >= 0, a.nodes[a.actives[x]].id != b.nodes[b.actives[y]].id { return false }
            for (cx, cy) in zip(a.kids[x], b.kids[y]) { stack.append((cx, cy)) }
        }
        return true
    }
}
