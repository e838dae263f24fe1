import NavVizCore

/// Puts the operations of a diff on its picture: numbered badges, boxes for changes and
/// the colour and label of newly active edges.
enum DiffMarks {
    /// Marks `operations` on `scene`; `index` maps a drawn node's id to its position.
    static func add(_ operations: [Operation], to scene: inout Scene, index: [String: Int], theme: Theme) {
        // Edges by their ends, built on the first activate (most transitions have none).
        var edgeIndex: [String: Int]?
        func edge(_ from: String, _ to: String) -> Int? {
            if edgeIndex == nil {
                var index: [String: Int] = [:]
                for (i, e) in scene.edges.enumerated() where index[key(e.from, e.to)] == nil { index[key(e.from, e.to)] = i }
                edgeIndex = index
            }
            return edgeIndex![key(from, to)]
        }
        var boxed = Set<String>()
        for (i, op) in operations.enumerated() {
            let number = "\(i + 1)"
            func badge(_ id: String?, _ color: String) {
                guard let id, let n = index[id] else { return }
                scene.nodes[n].badges.append(Badge(text: number, color: color))
            }
            switch op {
            case .pop(let id, _, _, _):
                badge(id, theme.removed)
            case .push(let id, _, _, _):
                badge(id, theme.added)
            case .activate(let id, let parent, _, _):
                badge(id, theme.activate)
                if let parent, let e = edge(parent, id) {
                    scene.edges[e].color = theme.activate
                    scene.edges[e].label = "\(number) activate"
                    scene.edges[e].labelColor = theme.activate
                    scene.edges[e].penWidth = max(scene.edges[e].penWidth, 2.5)
                    scene.edges[e].classes.append("activated")
                }
            case .change(let parent, let poppedNodes, let pushedNodes, let childNodes, _, _):
                let popped = poppedNodes.map(\.id), pushed = pushedNodes.map(\.id), children = childNodes?.map(\.id)
                badge(parent ?? pushed.first ?? popped.first, theme.change)
                // A node sits in one box at most (Graphviz clusters cannot overlap).
                var members: [String] = []
                for id in popped + (children ?? pushed) where index[id] != nil && !boxed.contains(id) {
                    boxed.insert(id)
                    members.append(id)
                }
                if !members.isEmpty {
                    scene.boxes.append(SceneBox(id: "change-\(number)", label: "\(number). change", nodeIDs: members,
                                                color: theme.change, classes: ["change"]))
                }
            case .leave(let id, _, _):
                badge(id, theme.leave)
            case .enter(let id, _, _, _):
                badge(id, theme.enter)
            case .switchTo(_, let to, _, _):
                badge(to, theme.switchTo)
            }
        }
    }

    private static func key(_ from: String, _ to: String) -> String { from + "\u{0}" + to }
}
