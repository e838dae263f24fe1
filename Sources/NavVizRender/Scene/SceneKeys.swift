import NavVizCore

/// The scene id of each drawn node: what names it in DOT (`node-<scene id>`), in SVG, in
/// Mermaid and in the stable layout of an animation, so it must be unique in a scene and
/// the same in every frame for the same node.
///
/// A node whose id is drawn once is named by its id, as it always was. Where an id is drawn
/// more than once (repeated screens, docs/format.md), the first in drawing order (pre-order) keeps
/// the bare id and each other one is named by its path, the ids with contexts from the root:
/// `shop/product?id=1/product?id=2`. A product pushed onto a product therefore keeps its
/// place in every frame, and the two never share a layout position.
struct SceneKeys {
    private var used = Set<String>()
    private var seen = Set<String>()

    init() {}

    /// The key of the next drawn node, in drawing order: its id the first time, else its path
    /// (with `~old`, `~2`, … should that be drawn already).
    mutating func next(id: String, path: @autoclosure () -> String) -> String {
        if seen.insert(id).inserted, used.insert(id).inserted { return id }
        var key = path()
        if used.contains(key) { key += "~old" }
        var n = 2
        let base = key
        while used.contains(key) {
            key = "\(base)~\(n)"
            n += 1
        }
        used.insert(key)
        return key
    }

    /// The keys of every node of one tree, by slot, drawn in pre-order.
    static func of(_ tree: Tree) -> [Int: String]? {
        guard tree.hasRepeatedIDs else { return nil }
        var keys = SceneKeys()
        var out: [Int: String] = [:]
        for s in tree.preorder() {
            out[s] = keys.next(id: tree.id(s), path: OperationWriter.pathText(tree.path(to: s)))
        }
        return out
    }
}

/// Scene ids of one tree's nodes: the id itself in a tree without repeated ids.
struct TreeKeys {
    let tree: Tree
    private let keys: [Int: String]?

    init(_ tree: Tree) {
        self.tree = tree
        keys = SceneKeys.of(tree)
    }

    subscript(slot: Tree.Slot) -> String { keys?[slot] ?? tree.id(slot) }
}

extension Tree {
    /// The node an operation names in this tree: by its `path`, else the one node with the id
    /// (the first in pre-order, should the id repeat without a path).
    func operationNode(_ id: String, _ path: [PathElement]?) -> Slot? {
        if let path, let s = slot(at: path) { return s }
        return slot(of: id)
    }
}
