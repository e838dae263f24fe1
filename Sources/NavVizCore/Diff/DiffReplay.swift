/// The working state of ``DiffApplier``: an arena of nodes in which the nodes of the old
/// tree and the nodes added by the operations have separate id tables.
struct DiffReplay {
    /// A reason an operation cannot run.
    struct Message: Error { var text: String }

    private let after: Tree
    private var nodes: [Node] = []
    private var parents: [Int] = []
    private var kids: [[Int]] = []
    private var actives: [Int] = []
    private var alive: [Bool] = []
    private var root = -1
    private var oldByID: [String: Int] = [:]
    private var newByID: [String: Int] = [:]

    init(before: Tree, after: Tree) {
        self.after = after
        guard let r = before.root else { return }
        root = add(before.node(r), parent: -1)
        oldByID[before.id(r)] = root
        var stack = [(r, root)]
        while let (slot, mine) = stack.popLast() {
            for c in before.children(slot) {
                let m = add(before.node(c), parent: mine)
                kids[mine].append(m)
                if before.activeChild(slot) == c { actives[mine] = m }
                oldByID[before.id(c)] = m
                stack.append((c, m))
            }
        }
    }

    private mutating func add(_ node: Node, parent: Int) -> Int {
        nodes.append(node)
        parents.append(parent)
        kids.append([])
        actives.append(-1)
        alive.append(true)
        return nodes.count - 1
    }

    mutating func run(_ op: Operation) throws(Message) {
        switch op {
        case .pop(let id, let parent, _):
            guard let w = oldByID[id] else { throw Message(text: "there is no node '\(id)' to pop") }
            try expectParent(w, parent, id)
            if alive[w] { remove(w) }
        case .push(let id, let parent, _):
            try push(id, under: parent)
        case .change(let parent, let popped, let pushed, let children, let active):
            guard let parent else {
                for id in popped {
                    guard let w = oldByID[id], w == root, alive[w] else { throw Message(text: "'\(id)' is not the root") }
                    remove(w)
                }
                for id in pushed { try push(id, under: nil) }
                return
            }
            if pushed.isEmpty, let gone = oldByID[parent], !alive[gone] {
                // A pop-only change under a parent that already went with its own parent.
                for id in popped where oldByID[id].map({ parents[$0] }) != gone {
                    throw Message(text: "'\(id)' is not a child of '\(parent)'")
                }
                return
            }
            let p = try live(parent)
            for id in popped {
                guard let w = kids[p].first(where: { nodes[$0].id == id && oldByID[id] == $0 }) else {
                    throw Message(text: "'\(id)' is not a child of '\(parent)'")
                }
                remove(w)
            }
            for id in pushed { try push(id, under: parent) }
            if let children {
                let order = children.compactMap { id in kids[p].first { nodes[$0].id == id } }
                guard order.count == kids[p].count, order.count == children.count else {
                    throw Message(text: "the children of '\(parent)' are not \(children.map { "'\($0)'" }.joined(separator: ", "))")
                }
                kids[p] = order
                actives[p] = active.flatMap { id in order.first { nodes[$0].id == id } } ?? -1
            }
        case .activate(let id, let parent, _):
            guard let parent else { throw Message(text: "the root cannot be activated") }
            let p = try live(parent)
            guard let c = kids[p].first(where: { nodes[$0].id == id }) else {
                throw Message(text: "'\(id)' is not a child of '\(parent)'")
            }
            actives[p] = c
        case .leave, .switchTo, .enter:
            throw Message(text: "'\(op.name)' is a routing instruction, not a diff operation")
        }
    }

    /// The live node called `id`: the one an operation added, else the old one.
    private func live(_ id: String) throws(Message) -> Int {
        if let w = newByID[id] ?? oldByID[id], alive[w] { return w }
        throw Message(text: "there is no node '\(id)'")
    }

    private func expectParent(_ w: Int, _ parent: String?, _ id: String) throws(Message) {
        let actual = parents[w] < 0 ? nil : nodes[parents[w]].id
        guard actual == parent else {
            throw Message(text: "'\(id)' is under \(actual.map { "'\($0)'" } ?? "no parent"), not \(parent.map { "'\($0)'" } ?? "no parent")")
        }
    }

    /// Adds the node `id` of `after`, where `after` has it among its siblings, shown when
    /// `after` shows it.
    private mutating func push(_ id: String, under parent: String?) throws(Message) {
        guard let b = after.slot(of: id) else { throw Message(text: "'\(id)' is not in the new tree") }
        guard after.parent(b).map(after.id) == parent else {
            throw Message(text: "'\(id)' is not under \(parent.map { "'\($0)'" } ?? "no parent") in the new tree")
        }
        guard let parent, let bp = after.parent(b) else {
            if root >= 0 && alive[root] { throw Message(text: "the tree already has the root '\(nodes[root].id)'") }
            root = add(after.node(b), parent: -1)
            newByID[id] = root
            return
        }
        let p = try live(parent)
        let w = add(after.node(b), parent: p)
        newByID[id] = w
        // Insert after the siblings that come before it in the new tree.
        let siblings = after.children(bp)
        let before = Set(siblings.prefix { $0 != b }.map(after.id))
        let index = kids[p].filter { before.contains(nodes[$0].id) }.count
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
                if tree.contains(id: nodes[c].id) { throw .duplicate(id: nodes[c].id) }
                let s = tree.addChild(nodes[c], to: slot, makeActive: actives[w] == c)
                stack.append((c, s))
            }
        }
        return tree
    }
}
