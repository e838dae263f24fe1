import NavVizCore

/// Puts the operations of a diff on its picture: numbered badges, boxes for changes and
/// the colour and label of newly active edges.
enum DiffMarks {
    /// Marks `operations` on `scene`. Each operation's nodes are found as a reader of the
    /// JSON finds them (by `path`, else by id; a change's children by id and context) and
    /// drawn where ``DiffLayout`` draws them.
    static func add(_ operations: [TreeOperation], to scene: inout Scene, layout: DiffLayout, theme: Theme) {
        // A transition's few operations find their nodes and edges by a scan of the scene
        // (some comparisons a node); many operations, by indices made once.
        let scans = operations.count <= 8
        var index: [String: Int]?
        func node(_ id: String) -> Int? {
            if scans { return scene.nodes.lastIndex { $0.id == id } }
            if index == nil {
                var made: [String: Int] = [:]
                scene.nodes.withUnsafeBufferPointer { nodes in
                    for i in nodes.indices { made[nodes[i].id] = i }  // in place: no copy of each node
                }
                index = made
            }
            return index![id]
        }
        let nodes = OperationNodes(layout: layout)
        // Edges by their ends, indexed on the first activate (most transitions have none).
        var edgeIndex: [StableLayout.EdgeKey: Int]?
        func edge(_ from: String, _ to: String) -> Int? {
            if scans { return scene.edges.firstIndex { $0.from == from && $0.to == to } }
            if edgeIndex == nil {
                var index: [StableLayout.EdgeKey: Int] = [:]
                for (i, e) in scene.edges.enumerated() {
                    let key = StableLayout.EdgeKey(from: e.from, to: e.to)
                    if index[key] == nil { index[key] = i }  // the first edge between two nodes
                }
                edgeIndex = index
            }
            return edgeIndex![StableLayout.EdgeKey(from: from, to: to)]
        }
        var boxed = Set<String>()
        for (i, op) in operations.enumerated() {
            let number = "\(i + 1)"
            func badge(_ id: String?, _ color: String) {
                guard let id, let n = node(id) else { return }
                scene.nodes[n].badges.append(Badge(text: number, color: color))
            }
            switch op {
            case .pop:
                badge(nodes.subject(op), theme.removed)
            case .push:
                badge(nodes.subject(op), theme.added)
            case .activate:
                badge(nodes.subject(op), theme.activate)
                if let (parent, child) = nodes.activatedEdge(op), let e = edge(parent, child) {
                    scene.edges[e].color = theme.activate
                    scene.edges[e].label = "\(number) activate"
                    scene.edges[e].labelColor = theme.activate
                    scene.edges[e].penWidth = max(scene.edges[e].penWidth, 2.5)
                    scene.edges[e].classes.append("activated")
                }
            case .change:
                badge(nodes.subject(op), theme.change)
                // A node sits in one box at most (Graphviz clusters cannot overlap).
                var members: [String] = []
                for id in nodes.members(op) where node(id) != nil && !boxed.contains(id) {
                    boxed.insert(id)
                    members.append(id)
                }
                if !members.isEmpty {
                    scene.boxes.append(SceneBox(id: "change-\(number)", label: "\(number). change", nodeIDs: members,
                                                color: theme.change, classes: ["change"]))
                }
            case .leave:
                badge(nodes.subject(op), theme.leave)
            case .enter:
                badge(nodes.subject(op), theme.enter)
            case .switchTo:
                badge(nodes.subject(op), theme.switchTo)
            }
        }
    }

}

/// The drawn nodes an operation of a diff names, as scene ids of a ``DiffLayout``.
struct OperationNodes {
    let layout: DiffLayout
    var old: Tree { layout.old }
    var new: Tree { layout.new }

    /// The node the operation's number goes on: the popped node (where it is drawn), the
    /// pushed or activated node, a change's parent (its new root for a root change).
    func subject(_ op: TreeOperation) -> String? {
        switch op {
        case .pop(let id, _, _, let path), .leave(let id, _, let path):
            return old.operationNode(id, path).map { layout.key(old: $0) }
        case .push(let id, _, _, let path), .activate(let id, _, _, let path), .enter(let id, _, _, let path), .switchTo(_, let id, _, let path):
            return new.operationNode(id, path).map { layout.key(.new($0)) }
        case .change(let parent, _, _, _, _, let path, _):
            guard let parent else {
                return new.root.map { layout.key(.new($0)) } ?? old.root.map { layout.key(old: $0) }
            }
            if let b = new.operationNode(parent, path) { return layout.key(.new(b)) }
            return old.operationNode(parent, path).map { layout.key(old: $0) }
        }
    }

    /// The parent and child of an activate, as scene ids.
    func activatedEdge(_ op: TreeOperation) -> (String, String)? {
        guard case .activate(let id, _, _, let path) = op, let b = new.operationNode(id, path), let p = new.parent(b) else { return nil }
        return (layout.key(.new(p)), layout.key(.new(b)))
    }

    /// A change's popped nodes (where they are drawn) and its new children (`children`, else
    /// `pushed`).
    func members(_ op: TreeOperation) -> [String] {
        guard case .change(let parent, let popped, let pushed, let children, _, let path, let poppedPaths) = op else { return [] }
        var out: [String] = []
        if let poppedPaths {
            out += poppedPaths.compactMap { old.slot(at: $0) }.map { layout.key(old: $0) }
        } else if let parent {
            if let p = old.operationNode(parent, path) {
                var taken = Set<Tree.Slot>()
                for n in popped {
                    guard let c = old.children(p).first(where: { old.identity($0) == n && !taken.contains($0) }) else { continue }
                    taken.insert(c)
                    out.append(layout.key(old: c))
                }
            }
        } else if let r = old.root, popped.contains(old.identity(r)) {
            out.append(layout.key(old: r))
        }
        let added = children ?? pushed
        if let parent {
            if let p = new.operationNode(parent, path) {
                out += added.compactMap { n in new.children(p).first { new.identity($0) == n } }.map { layout.key(.new($0)) }
            }
        } else if let r = new.root, added.contains(new.identity(r)) {
            out.append(layout.key(.new(r)))
        }
        return out
    }
}
