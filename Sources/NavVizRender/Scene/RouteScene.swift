import NavVizCore

/// Draws a route (`RoutingResult`) on its starting tree: the tree as ``TreeScene`` draws
/// it, the destination path traced, each executed instruction numbered on its node, the
/// nodes that entering adds drawn as dotted ghosts where they will appear, and the final
/// active path marked with thick borders in the destination colour.
///
/// Classes for the SVG: `destination` on the nodes and edges of the destination path,
/// `ghost` on entered nodes and their edges, `left` on nodes a `leave` removes, `final` on
/// the nodes and edges of the active path after the route. DOT ids are `node-<scene id>`
/// (`SceneKeys`: the id, or the path for a repeated screen after the first); a node
/// entered where nothing with its path is drawn yet, whose id is, is a second ghost,
/// `node-<id>~entered`. Nodes are matched by their paths, so an instruction on the second
/// `product` is numbered on the second `product`.
public enum RouteScene {
    /// The scene of one route. `title` defaults to `route to <path>`.
    public static func make(_ result: RoutingResult, theme: Theme, title: String? = nil, legend: Bool = false) -> Scene {
        var builder = Builder(theme: theme)
        builder.drawStart(result.start)
        for (i, step) in result.steps.enumerated() {
            if case .enter = step.operation {
                builder.drawEntered(before: result.tree(before: i), after: result.tree(after: i))
            }
            builder.badge(step.operation, number: i + 1)
        }
        builder.trace(result.destination)
        builder.markFinal(result.final)

        let path = result.destination.map(\.description).joined(separator: "/")
        var scene = builder.scene
        scene.title = title ?? "route to \(path)" + (result.isReached ? "" : " (not reachable)")
        if legend { scene.legend = legendEntries(theme, for: scene.nodes) }
        return scene
    }

    /// The legend: each swatch drawn as ``Builder`` draws the nodes it explains (checked by
    /// `RouteSceneTests` in both themes).
    static func legendEntries(_ theme: Theme, for nodes: [SceneNode]) -> [LegendEntry] {
        TreeScene.legendEntries(theme, for: nodes) + [
            LegendEntry(text: "destination path", stroke: theme.destination, fill: theme.fill, rounded: true),
            LegendEntry(text: "active path after the route: thick", stroke: theme.destination, fill: theme.fill, rounded: true, thick: true),
            LegendEntry(text: "entered by the route (ghost): dotted, where it will appear", stroke: theme.enter, fill: theme.background,
                        rounded: true, dotted: true),
            LegendEntry(text: "n: leave (numbered in execution order)", stroke: theme.leave, fill: theme.leave),
            LegendEntry(text: "n: switch", stroke: theme.switchTo, fill: theme.switchTo),
            LegendEntry(text: "n: enter", stroke: theme.enter, fill: theme.enter),
        ]
    }

    /// Accumulates the scene and where each node is drawn, by its path (the ids with
    /// contexts from the root), so repeated screens are told apart.
    struct Builder {
        let theme: Theme
        var scene: Scene
        /// Scene node index by scene id.
        var index: [String: Int] = [:]
        /// The scene id a path is drawn at now (its latest placement), by interned path.
        var placement: [Int: String] = [:]
        /// The interned path of each scene node.
        var pathOf: [String: Int] = [:]
        /// Paths as numbers: a path is its parent path's number and its last element, so the
        /// paths of a whole tree cost one walk, however deep it is.
        var paths = PathNumbers()
        /// The scene id an id was drawn at last.
        var placementByID: [String: String] = [:]

        init(theme: Theme) {
            self.theme = theme
            self.scene = Scene(theme: theme)
        }

        mutating func add(_ node: SceneNode, id: String, path: Int) {
            index[node.id] = scene.nodes.count
            scene.nodes.append(node)
            placement[path] = node.id
            pathOf[node.id] = path
            placementByID[id] = node.id
        }

        mutating func drawStart(_ tree: Tree) {
            let onPath = tree.activeSet
            let keys = TreeKeys(tree)
            let numbers = paths.numbers(tree)
            for slot in tree.preorder() {
                var node = TreeScene.node(slot, in: tree, theme: theme, onPath: onPath.contains(slot))
                node.rename(keys[slot])
                add(node, id: tree.id(slot), path: numbers[slot])
                if let p = tree.parent(slot) {
                    var edge = TreeScene.edge(from: p, to: slot, in: tree, theme: theme, onPath: onPath.contains(slot))
                    edge.from = keys[p]
                    edge.to = node.id
                    scene.edges.append(edge)
                }
            }
        }

        /// Ghosts for the nodes an enter added (the entered node and its template children):
        /// the nodes of `after` at a path `before` does not have and nothing is drawn at yet.
        mutating func drawEntered(before: Tree, after: Tree) {
            let had = Set(paths.numbers(before).filter { $0 >= 0 })
            let numbers = paths.numbers(after)
            for slot in after.preorder() where !had.contains(numbers[slot]) {
                let path = numbers[slot]
                guard placement[path] == nil, let p = after.parent(slot), let parent = placement[numbers[p]] else { continue }
                var ghost = TreeScene.node(slot, in: after, theme: theme, onPath: false)
                ghost.id = unusedID(after.id(slot))
                ghost.styles = ghost.styles.filter { $0 != "bold" } + ["dotted"]
                ghost.stroke = theme.enter
                ghost.fill = theme.background
                ghost.classes = ["ghost"] + ghost.classes.filter { $0 != "inactive" }
                add(ghost, id: after.id(slot), path: path)
                scene.edges.append(SceneEdge(from: parent, to: ghost.id, color: theme.enter, penWidth: 1.5, styles: ["dotted"], classes: ["ghost"]))
            }
        }

        func unusedID(_ id: String) -> String {
            if index[id] == nil { return id }
            var candidate = "\(id)~entered"
            var n = 2
            while index[candidate] != nil {
                candidate = "\(id)~entered\(n)"
                n += 1
            }
            return candidate
        }

        /// Puts the instruction's number on its node, in the instruction's colour: where the
        /// operation's `path` is drawn, else (an id at one place) where the id was drawn last.
        mutating func badge(_ operation: TreeOperation, number: Int) {
            let color: String
            switch operation {
            case .leave: color = theme.leave
            case .switchTo: color = theme.switchTo
            default: color = theme.enter
            }
            let byPath = operation.path.flatMap { paths.number(of: $0) }.flatMap { placement[$0] }
            guard let drawn = byPath ?? operation.subject.flatMap({ placementByID[$0] }), let i = index[drawn] else { return }
            scene.nodes[i].badges.append(Badge(text: "\(number)", color: color))
            if case .leave = operation {
                scene.nodes[i].stroke = theme.leave
                if !scene.nodes[i].classes.contains("left") { scene.nodes[i].classes.append("left") }
            }
        }

        /// Marks the nodes and edges whose identities follow the destination from the root.
        mutating func trace(_ destination: [PathElement]) {
            var prefixes = Set<Int>()
            var number = -1
            for element in destination {
                guard let n = paths.number(after: number, element.identity) else { break }
                prefixes.insert(n)
                number = n
            }
            let onDestination = Set(scene.nodes.map(\.id).filter { pathOf[$0].map(prefixes.contains) == true })
            for i in scene.nodes.indices where onDestination.contains(scene.nodes[i].id) {
                scene.nodes[i].classes.append("destination")
                // The legend's destination border; an entered node keeps its ghost's.
                if !scene.nodes[i].classes.contains("ghost") {
                    scene.nodes[i].stroke = theme.destination
                    scene.nodes[i].penWidth = max(scene.nodes[i].penWidth, 2.5)
                    scene.nodes[i].fontColor = theme.text
                }
            }
            for i in scene.edges.indices where onDestination.contains(scene.edges[i].from) && onDestination.contains(scene.edges[i].to) {
                scene.edges[i].classes.append("destination")
                scene.edges[i].color = theme.destination
                scene.edges[i].penWidth = max(scene.edges[i].penWidth, 3)
            }
        }

        /// Marks the active path of the tree the route ends on.
        mutating func markFinal(_ tree: Tree) {
            let numbers = paths.numbers(tree)
            let path = tree.activePath.compactMap { placement[numbers[$0]] }
            let final = Set(path)
            for i in scene.nodes.indices where final.contains(scene.nodes[i].id) {
                scene.nodes[i].classes.append("final")
                scene.nodes[i].penWidth = 3.5
                // Thick, in the destination colour; an entered node stays a dotted ghost
                // in the enter colour, as the legend draws it.
                if !scene.nodes[i].classes.contains("ghost") { scene.nodes[i].stroke = theme.destination }
                scene.nodes[i].fontColor = theme.text
            }
            let pairs = Set(zip(path, path.dropFirst()).map { "\($0.0)\u{0}\($0.1)" })
            for i in scene.edges.indices where pairs.contains("\(scene.edges[i].from)\u{0}\(scene.edges[i].to)") {
                scene.edges[i].classes.append("final")
                scene.edges[i].penWidth = 3.5
            }
        }
    }
}

/// Numbers for paths (the ids with contexts from the root): equal paths get equal numbers.
struct PathNumbers {
    private struct Key: Hashable {
        var parent: Int
        var identity: Node.Identity
    }
    private var table: [Key: Int] = [:]

    /// The number of the path `parent` (-1 for none) extended by `identity`, made if new.
    mutating func number(after parent: Int, _ identity: Node.Identity) -> Int? {
        let key = Key(parent: parent, identity: identity)
        if let n = table[key] { return n }
        let n = table.count
        table[key] = n
        return n
    }

    /// The number of a whole path.
    mutating func number(of path: [PathElement]) -> Int? {
        var n = -1
        for element in path {
            guard let next = number(after: n, element.identity) else { return nil }
            n = next
        }
        return n
    }

    /// The path number of every slot of a tree (-1 for detached slots), in one walk.
    mutating func numbers(_ tree: Tree) -> [Int] {
        var out = Array(repeating: -1, count: tree.nodes.count)
        for s in tree.preorder() {
            out[s] = number(after: tree.parent(s).map { out[$0] } ?? -1, tree.identity(s))!
        }
        return out
    }
}
