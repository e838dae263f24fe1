import NavVizCore

/// Draws a route (``RoutingResult``) on its starting tree: the tree as ``TreeScene`` draws
/// it, the destination path traced, each executed instruction numbered on its node, the
/// nodes that entering adds drawn as dotted ghosts where they will appear, and the final
/// active path marked with thick borders in the destination colour.
///
/// Classes for the SVG: `destination` on the nodes and edges of the destination path,
/// `ghost` on entered nodes and their edges, `left` on nodes a `leave` removes, `final` on
/// the nodes and edges of the active path after the route. DOT ids stay `node-<id>`; a
/// node entered somewhere other than where the starting tree has it is a second ghost,
/// `node-<id>~entered`.
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
        if legend { scene.legend = legendEntries(theme) }
        return scene
    }

    static func legendEntries(_ theme: Theme) -> [LegendEntry] {
        TreeScene.legendEntries(theme) + [
            LegendEntry(text: "destination path", stroke: theme.destination, fill: theme.fill),
            LegendEntry(text: "entered by the route (ghost)", stroke: theme.enter, fill: theme.background, dashed: true),
            LegendEntry(text: "n: leave (numbered in execution order)", stroke: theme.leave, fill: theme.leave),
            LegendEntry(text: "n: switch", stroke: theme.switchTo, fill: theme.switchTo),
            LegendEntry(text: "n: enter", stroke: theme.enter, fill: theme.enter),
            LegendEntry(text: "active path after the route (thick)", stroke: theme.destination, fill: theme.activeFill),
        ]
    }

    /// Accumulates the scene and where each navviz id is drawn.
    struct Builder {
        let theme: Theme
        var scene: Scene
        /// Scene node index by scene id.
        var index: [String: Int] = [:]
        /// The scene id an id is drawn at now (its latest placement).
        var placement: [String: String] = [:]
        /// Identity and parent id of each scene node.
        var identity: [String: Node.Identity] = [:]
        var parentID: [String: String] = [:]

        init(theme: Theme) {
            self.theme = theme
            self.scene = Scene(theme: theme)
        }

        mutating func add(_ node: SceneNode, identity id: Node.Identity, parent: String?) {
            index[node.id] = scene.nodes.count
            scene.nodes.append(node)
            placement[id.id] = node.id
            identity[node.id] = id
            if let parent { parentID[node.id] = parent }
        }

        mutating func drawStart(_ tree: Tree) {
            let onPath = tree.activeSet
            for slot in tree.preorder() {
                let parent = tree.parent(slot).map(tree.id)
                add(TreeScene.node(slot, in: tree, theme: theme, onPath: onPath.contains(slot)), identity: tree.node(slot).identity, parent: parent)
                if let p = tree.parent(slot) {
                    scene.edges.append(TreeScene.edge(from: p, to: slot, in: tree, theme: theme, onPath: onPath.contains(slot)))
                }
            }
        }

        /// Ghosts for the nodes an enter added (the entered node and its template children).
        mutating func drawEntered(before: Tree, after: Tree) {
            for slot in after.preorder() where !before.contains(id: after.id(slot)) {
                let id = after.id(slot)
                guard let p = after.parent(slot), let parent = placement[after.id(p)] else { continue }
                if let drawn = placement[id], parentID[drawn] == after.id(p) { continue }
                var ghost = TreeScene.node(slot, in: after, theme: theme, onPath: false)
                ghost.id = unusedID(id)
                ghost.styles = ghost.styles.filter { $0 != "bold" } + ["dotted"]
                ghost.stroke = theme.enter
                ghost.fill = theme.background
                ghost.classes = ["ghost"] + ghost.classes.filter { $0 != "inactive" }
                add(ghost, identity: after.node(slot).identity, parent: after.id(p))
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

        /// Puts the instruction's number on its node, in the instruction's colour.
        mutating func badge(_ operation: Operation, number: Int) {
            let color: String
            switch operation {
            case .leave: color = theme.leave
            case .switchTo: color = theme.switchTo
            default: color = theme.enter
            }
            guard let subject = operation.subject, let drawn = placement[subject], let i = index[drawn] else { return }
            scene.nodes[i].badges.append(Badge(text: "\(number)", color: color))
            if case .leave = operation {
                scene.nodes[i].stroke = theme.leave
                if !scene.nodes[i].classes.contains("left") { scene.nodes[i].classes.append("left") }
            }
        }

        /// Marks the nodes and edges whose identities follow the destination from the root.
        mutating func trace(_ destination: [PathElement]) {
            var drawn: [String: [String]] = [:]
            for node in scene.nodes { drawn[identity[node.id]?.id ?? node.id, default: []].append(node.id) }
            var onDestination = Set<String>()
            for (k, element) in destination.enumerated() {
                for node in drawn[element.id] ?? [] where identity[node] == element.identity {
                    let parent = parentID[node]
                    let parentMatches = k == 0 ? parent == nil : parent == destination[k - 1].id
                    if parentMatches { onDestination.insert(node) }
                }
            }
            for i in scene.nodes.indices where onDestination.contains(scene.nodes[i].id) {
                scene.nodes[i].classes.append("destination")
            }
            for i in scene.edges.indices where onDestination.contains(scene.edges[i].from) && onDestination.contains(scene.edges[i].to) {
                scene.edges[i].classes.append("destination")
                scene.edges[i].color = theme.destination
                scene.edges[i].penWidth = max(scene.edges[i].penWidth, 3)
            }
        }

        /// Marks the active path of the tree the route ends on.
        mutating func markFinal(_ tree: Tree) {
            let path = tree.activePath.compactMap { placement[tree.id($0)] }
            let final = Set(path)
            for i in scene.nodes.indices where final.contains(scene.nodes[i].id) {
                scene.nodes[i].classes.append("final")
                scene.nodes[i].penWidth = 3.5
                scene.nodes[i].stroke = theme.destination
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
