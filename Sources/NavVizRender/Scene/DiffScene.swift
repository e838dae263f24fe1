import NavVizCore

/// Draws one picture of two tree states and the operations between them.
///
/// - Kept nodes look as ``TreeScene`` draws them, with the NEW active path emphasised (or,
///   for an animation's pending frame, ``ActivePath/before``, the OLD one: the state before
///   the operations run, with their marks).
/// - New nodes are green (`theme.added`, class `added`); removed nodes are red and dashed
///   (`theme.removed`, class `removed`), drawn under their old parent beside the children
///   that stay.
/// - A node whose id is in both trees but which the dialect does not keep (navviz: moved, a
///   changed context, or under a re-created parent) is drawn once, at its new place, as new
///   (class `added` plus `moved` or `recreated`). A node whose parent changed, in any dialect,
///   also gets a dashed red edge from its old parent (class `removed moved`, label `moved`),
///   so a KatanaRouter move, invisible in the operations, still shows.
/// - Each operation's number (1-based, execution order) is a badge on its node: a pop on the
///   popped node, a push on the pushed node, an activate on the activated node, a change on
///   its parent (on the new root for a root change). A change also draws a box (`theme.change`)
///   around the parent's children it touches, and an activate colours and labels the newly
///   active edge (`theme.activate`).
///
/// - A node whose context changed shows `old → new` as its subtitle (class `context-changed`).
///
/// DOT ids are `node-<scene id>` (`SceneKeys`): the id where it is drawn once; where an id
/// is drawn more than once (repeated screens, or a screen and its removed namesake), the first
/// keeps the id and the others are named by their paths.
public enum DiffScene {
    /// Which state's active path a diff picture emphasises.
    public enum ActivePath: Sendable {
        /// The new state's: what the operations lead to (`navviz diff`, applied frames).
        case after
        /// The old state's: where the app is while the operations are pending (an
        /// animation's pending frame). New nodes are not on it yet; removed nodes still are.
        case before
    }

    /// The scene of the transition from `old` to `new` through `operations`.
    public static func make(old: Tree, new: Tree, operations: [TreeOperation], dialect: DiffDialect,
                            theme: Theme, title: String? = nil, legend: Bool = false, activePath: ActivePath = .after) -> Scene {
        make(old: old, new: new, operations: operations, dialect: dialect, theme: theme, title: title, legend: legend, activePath: activePath, words: nil)
    }

    /// The scene of the transition, its nodes' words found in `words` (made there once).
    package static func make(old: Tree, new: Tree, operations: [TreeOperation], dialect: DiffDialect, theme: Theme, title: String? = nil,
                             legend: Bool = false, activePath: ActivePath = .after, words: SceneWords?) -> Scene {
        var scene = Scene(title: title, theme: theme)
        let matching = DiffMatching(old: old, new: new, dialect: dialect)
        let layout = DiffLayout(old: old, new: new, matching: matching)
        let newPath = new.activeSet, oldPath = old.activeSet
        let keeps = words?.keepsNodes(in: theme) ?? false
        /// Whether a node of the new tree is drawn on the emphasised path.
        func onPath(_ b: Tree.Slot) -> Bool {
            switch activePath {
            case .after: newPath.contains(b)
            case .before: matching.oldSlot(ofNew: b).map(oldPath.contains) ?? false
            }
        }

        for item in layout.order {
            var node: SceneNode
            switch item {
            case .new(let b):
                let path = onPath(b)
                node = TreeScene.node(b, in: new, theme: theme, onPath: path, words: words, keepsNodes: keeps)
                node.rename(layout.key(item))
                if activePath == .before, path, let a = matching.oldSlot(ofNew: b) {
                    // The visible screen is the old state's.
                    let visible = old.activeChild(a) == nil
                    node.classes.removeAll { $0 == "visible" }
                    if visible { node.classes.insert("visible", at: 1) }
                    node.penWidth = visible ? 3.5 : 2.5
                }
                let before = layout.oldNode(standingFor: b)
                if matching.oldSlot(ofNew: b) == nil {
                    node.stroke = theme.added
                    node.fill = theme.addedFill
                    node.penWidth = max(node.penWidth, 2.0)
                    var classes = ["added"]
                    if let a = before {
                        classes.append(old.parent(a).map(old.id) == new.parent(b).map(new.id) ? "recreated" : "moved")
                    }
                    node.classes = classes + node.classes
                }
                // A context that changed reads `old → new` (the dialect may pop and push the
                // node, or, as KatanaRouter, keep it and say nothing).
                if let a = before, old.node(a).context != new.node(b).context {
                    let change = Self.contextChange(old.node(a).context, new.node(b).context)
                    let named = TreeScene.showsID(new.node(b)) ? "\(new.id(b)): \(change)" : change
                    node.subtitle = TreeScene.truncate(named, TreeScene.maxSubtitle)
                    node.tooltip += "\ncontext before: " + (old.node(a).context.isEmpty ? "(none)" : old.node(a).context.queryString)
                    node.classes.append("context-changed")
                }
                if let p = new.parent(b) {
                    let (from, added, child) = (layout.key(.new(p)), matching.oldSlot(ofNew: b) == nil, node)
                    func make() -> SceneEdge {
                        var edge = TreeScene.edge(from: p, to: b, in: new, theme: theme, onPath: path)
                        edge.from = from
                        edge.to = child.id
                        if added {
                            edge.color = theme.added
                            edge.classes.insert("added", at: 0)
                        }
                        return edge
                    }
                    // Kept as TreeScene keeps its edges (variants 0 and 1: the same edge).
                    let variant = (path ? 1 : 0) + (added ? 2 : 0)
                    scene.edges.append(keeps ? words!.edge(to: node, from: from, variant: variant, make: make) : make())
                }
            case .old(let a):
                // Before the operations run, a removed node on the old active path is still on it.
                let path = activePath == .before && oldPath.contains(a)
                node = TreeScene.node(a, in: old, theme: theme, onPath: path, words: words, keepsNodes: keeps)
                node.rename(layout.key(item))
                node.stroke = theme.removed
                node.fill = theme.removedFill
                node.fontColor = theme.text
                node.styles.append("dashed")
                node.classes = ["removed"] + node.classes.filter { $0 != "inactive" }
                if let p = old.parent(a) {
                    scene.edges.append(SceneEdge(from: layout.key(old: p), to: node.id, color: theme.removed, penWidth: path ? 2.5 : 1.0,
                                                 styles: ["dashed"], classes: ["removed"] + (path ? ["active"] : [])))
                }
            }
            scene.nodes.append(node)
        }
        scene.edges += layout.moves().map { move in
            SceneEdge(from: move.from, to: move.to, color: theme.removed, penWidth: 1.0, styles: ["dashed"],
                      classes: ["removed", "moved"], label: "moved", labelColor: theme.removed)
        }
        DiffMarks.add(operations, to: &scene, layout: layout, theme: theme)
        if legend { scene.legend = legendEntries(theme, for: scene.nodes) }
        return scene
    }

    /// The scene ids each operation touches in ``make(old:new:operations:dialect:theme:title:legend:activePath:)``'s
    /// picture: its subject, and a change's popped and new children. What a player highlights
    /// for an operation where ids repeat.
    public static func operationNodes(_ operations: [TreeOperation], old: Tree, new: Tree, dialect: DiffDialect) -> [[String]] {
        let nodes = OperationNodes(layout: DiffLayout(old: old, new: new, matching: DiffMatching(old: old, new: new, dialect: dialect)))
        return operations.map { op in
            var seen = Set<String>()
            return ((nodes.subject(op).map { [$0] } ?? []) + nodes.members(op)).filter { seen.insert($0).inserted }
        }
    }

    /// `k=1 → k=2`; an empty side is `(no context)`.
    static func contextChange(_ before: [String: String], _ after: [String: String]) -> String {
        func text(_ c: [String: String]) -> String { c.isEmpty ? "(no context)" : TreeScene.spaced(c.queryString) }
        return "\(text(before)) → \(text(after))"
    }

    static func legendEntries(_ theme: Theme, for nodes: [SceneNode]) -> [LegendEntry] {
        TreeScene.legendEntries(theme, for: nodes) + [
            LegendEntry(text: "new node (pushed)", stroke: theme.added, fill: theme.addedFill),
            LegendEntry(text: "removed node (popped), drawn where it was", stroke: theme.removed, fill: theme.removedFill, dashed: true),
            LegendEntry(text: "change: box around the children it replaces", stroke: theme.change, fill: theme.background, dashed: true),
            LegendEntry(text: "activate: the newly active edge", stroke: theme.activate, fill: theme.background),
            LegendEntry(text: "numbers: operations in execution order", stroke: theme.stroke, fill: theme.fill),
        ]
    }
}
