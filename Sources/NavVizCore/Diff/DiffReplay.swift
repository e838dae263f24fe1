/// The working state of ``DiffApplier``: an arena holding the nodes of the old tree and the
/// nodes the operations add, so that a node can be in the tree twice for a moment (a moved
/// node pushed under its new parent before its old parent's `change` pops it).
///
/// Operations name nodes as docs/format.md says: by id where the id names one node, by `path`
/// (ids with contexts from the root) where it does not, and the children of a `change` by id
/// and context. A pop or a `popped` entry names a node of `before`; a push names a node of
/// `after`, whose parent is found in the tree as it is at that moment.
struct DiffReplay {
    /// A reason an operation cannot run.
    struct Message: Error { var text: String }

    private let before: Tree
    private let after: Tree
    private var nodes: [Node] = []
    private var parents: [Int] = []
    private var kids: [[Int]] = []
    private var actives: [Int] = []
    private var alive: [Bool] = []
    private var root = -1
    /// The arena index of each slot of `before`.
    private var ofBefore: [Int]
    /// The arena index of each slot of `after` once pushed (-1 before).
    private var ofAfter: [Int]
    /// How many arena nodes came from `before`.
    private var oldCount = 0

    init(before: Tree, after: Tree) {
        self.before = before
        self.after = after
        ofBefore = Array(repeating: -1, count: before.nodes.count)
        ofAfter = Array(repeating: -1, count: after.nodes.count)
        guard let r = before.root else { return }
        root = add(before.node(r), parent: -1)
        ofBefore[r] = root
        var stack = [(r, root)]
        while let (slot, mine) = stack.popLast() {
            for c in before.children(slot) {
                let m = add(before.node(c), parent: mine)
                kids[mine].append(m)
                if before.activeChild(slot) == c { actives[mine] = m }
                ofBefore[c] = m
                stack.append((c, m))
            }
        }
        oldCount = nodes.count
    }

    private mutating func add(_ node: Node, parent: Int) -> Int {
        nodes.append(node)
        parents.append(parent)
        kids.append([])
        actives.append(-1)
        alive.append(true)
        return nodes.count - 1
    }

    mutating func run(_ op: TreeOperation) throws(Message) {
        switch op {
        case .pop(let id, let parent, _, let path):
            guard let a = path.map({ before.slot(at: $0) }) ?? before.slot(of: id) else { throw Message(text: "there is no node '\(id)' to pop") }
            let w = ofBefore[a]
            try expectParent(w, parent, id)
            if alive[w] { remove(w) }
        case .push(let id, let parent, _, let path):
            guard let b = path.map({ after.slot(at: $0) }) ?? after.slot(of: id) else { throw Message(text: "'\(id)' is not in the new tree") }
            guard after.parent(b).map(after.id) == parent else {
                throw Message(text: "'\(id)' is not under \(parent.map { "'\($0)'" } ?? "no parent") in the new tree")
            }
            try push(b)
        case .change(let parent, let popped, let pushed, let children, let active, let path, _):
            guard let parent else {
                for n in popped {
                    guard root >= 0, alive[root], nodes[root].identity == n else { throw Message(text: "'\(n)' is not the root") }
                    remove(root)
                }
                for n in pushed {
                    guard let r = after.root, after.identity(r) == n else { throw Message(text: "'\(n)' is not the new root") }
                    try push(r)
                }
                return
            }
            guard let p = try live(parent, path) else {
                // A pop-only change under a parent that already went with its own parent.
                if pushed.isEmpty, let a = path.map({ before.slot(at: $0) }) ?? before.slot(of: parent), !alive[ofBefore[a]] { return }
                throw Message(text: "there is no node '\(parent)'")
            }
            for n in popped {
                guard let w = kids[p].first(where: { nodes[$0].identity == n && isOld($0) }) else {
                    throw Message(text: "'\(n)' is not a child of '\(parent)'")
                }
                remove(w)
            }
            if !pushed.isEmpty {
                guard let bp = path.map({ after.slot(at: $0) }) ?? after.slot(of: parent) else {
                    throw Message(text: "'\(parent)' is not in the new tree")
                }
                for n in pushed {
                    guard let b = after.children(bp).first(where: { after.identity($0) == n }) else {
                        throw Message(text: "'\(n)' is not a child of '\(parent)' in the new tree")
                    }
                    try push(b)
                }
            }
            if let children {
                let order = children.compactMap { n in kids[p].first { nodes[$0].identity == n } }
                guard order.count == kids[p].count, order.count == children.count else {
                    throw Message(text: "the children of '\(parent)' are not \(children.map { "'\($0)'" }.joined(separator: ", "))")
                }
                kids[p] = order
                actives[p] = active.flatMap { n in order.first { nodes[$0].identity == n } } ?? -1
            }
        case .activate(let id, let parent, let context, let path):
            guard let parent else { throw Message(text: "the root cannot be activated") }
            guard let p = try live(parent, path.map { Array($0.dropLast()) }) else { throw Message(text: "there is no node '\(parent)'") }
            guard let c = kids[p].first(where: { nodes[$0].id == id && nodes[$0].context == context }) else {
                throw Message(text: "'\(id)' is not a child of '\(parent)'")
            }
            actives[p] = c
        case .leave, .switchTo, .enter:
            throw Message(text: "'\(op.name)' is a routing instruction, not a diff operation")
        }
    }

    /// Whether arena node `w` came from `before` (the arena holds them first).
    private func isOld(_ w: Int) -> Bool { w < oldCount }

    /// The live node an operation names as a parent: by its path in the tree as it is now,
    /// else by id (the one an operation added, else the old one).
    private func live(_ id: String, _ path: [PathElement]?) throws(Message) -> Int? {
        if let path {
            guard root >= 0, alive[root], let first = path.first, nodes[root].identity == first.identity else { return nil }
            var w = root
            for element in path.dropFirst() {
                guard let c = kids[w].first(where: { alive[$0] && nodes[$0].identity == element.identity }) else { return nil }
                w = c
            }
            return w
        }
        if let b = after.slot(of: id), ofAfter[b] >= 0, alive[ofAfter[b]] { return ofAfter[b] }
        if let a = before.slot(of: id), alive[ofBefore[a]] { return ofBefore[a] }
        return nil
    }

    private func expectParent(_ w: Int, _ parent: String?, _ id: String) throws(Message) {
        let actual = parents[w] < 0 ? nil : nodes[parents[w]].id
        guard actual == parent else {
            throw Message(text: "'\(id)' is under \(actual.map { "'\($0)'" } ?? "no parent"), not \(parent.map { "'\($0)'" } ?? "no parent")")
        }
    }

    /// Adds node `b` of `after` under its parent as the tree is now, after the siblings that
    /// come before it in `after`, shown when `after` shows it.
    private mutating func push(_ b: Tree.Slot) throws(Message) {
        guard let bp = after.parent(b) else {
            if root >= 0 && alive[root] { throw Message(text: "the tree already has the root '\(nodes[root].id)'") }
            root = add(after.node(b), parent: -1)
            ofAfter[b] = root
            return
        }
        let p: Int
        if ofAfter[bp] >= 0, alive[ofAfter[bp]] {
            p = ofAfter[bp]
        } else if let w = try live(after.id(bp), after.path(to: bp)) {
            p = w
        } else {
            throw Message(text: "there is no node '\(OperationWriter.pathText(after.path(to: bp)))' to push '\(after.id(b))' onto")
        }
        if kids[p].contains(where: { alive[$0] && nodes[$0].identity == after.identity(b) }) {
            throw Message(text: "'\(after.identity(b))' is already a child of '\(nodes[p].id)'")
        }
        let w = add(after.node(b), parent: p)
        ofAfter[b] = w
        let siblings = after.children(bp)
        let earlier = Set(siblings.prefix { $0 != b }.map(after.identity))
        let index = kids[p].filter { earlier.contains(nodes[$0].identity) }.count
        kids[p].insert(w, at: min(index, kids[p].count))
        if after.activeChild(bp) == b { actives[p] = w }
    }

    /// Detaches `w` and its subtree; its parent shows nothing when `w` was shown.
    private mutating func remove(_ w: Int) {
        if parents[w] >= 0 {
            let p = parents[w]
            kids[p].removeAll { $0 == w }
            if actives[p] == w { actives[p] = -1 }
        } else if w == root {
            root = -1
        }
        var stack = [w]
        while let s = stack.popLast() {
            alive[s] = false
            stack.append(contentsOf: kids[s])
        }
    }

    /// The replayed tree.
    func tree() throws(DiffApplier.ApplyError) -> Tree {
        guard root >= 0 else { return Tree() }
        var tree = Tree(root: nodes[root])
        var stack = [(root, tree.root!)]
        while let (w, slot) = stack.popLast() {
            for c in kids[w] {
                if tree.child(of: slot, nodes[c].identity) != nil { throw .duplicate(id: nodes[c].id) }
                let s = tree.addChild(nodes[c], to: slot, makeActive: actives[w] == c)
                stack.append((c, s))
            }
        }
        return tree
    }
}
