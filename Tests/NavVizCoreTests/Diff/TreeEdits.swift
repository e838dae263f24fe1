import NavVizCore

/// Random trees and random edits of them for the diff property test, driven by lists of
/// integers so the property library can shrink a failing case to a short list.
///
/// The edits are the changes the `navviz` dialect can express: removing subtrees, adding
/// nodes (fresh ids or ids the old tree had), moving subtrees, changing a context, switching
/// a container to another child, replacing the root, adding several children at once. They
/// can bring a node back under its old parent in another place, or leave it there hidden, so
/// ``expressible(_:from:)`` then restores the old relative order of the children that stay
/// and shows again a child that stayed: docs/semantics.md has no operation for reordering kept
/// siblings or for hiding a kept child without showing another.
enum TreeEdits {
    static let contexts: [[String: String]] = [[:], ["v": "1"], ["v": "2"]]

    /// A tree grown from `codes`: each code adds one node under an earlier one.
    static func tree(_ codes: [Int]) -> Tree {
        var tree = Tree(root: Node(id: "n0"))
        for (k, code) in codes.enumerated() {
            let slots = tree.preorder()
            let parent = slots[code % slots.count]
            tree.addChild(Node(id: "n\(k + 1)", context: contexts[(code / 7) % 3]), to: parent, makeActive: (code / 3) % 2 == 0)
        }
        return tree
    }

    /// `tree` after one edit per code.
    static func edited(_ tree: Tree, _ codes: [Int]) -> Tree {
        let original = tree
        var tree = tree
        for (k, code) in codes.enumerated() {
            let slots = tree.preorder()
            guard !slots.isEmpty else { tree = Tree(root: Node(id: "fresh\(k)")); continue }
            let pick = slots[(code / 11) % slots.count]
            let other = slots[(code / 13) % slots.count]
            let flag = (code / 17) % 2 == 0
            switch code % 7 {
            case 0:
                if tree.parent(pick) != nil { tree.removeSubtree(pick) }
            case 1:
                let reused = original.preorder().map(original.id).first { !tree.contains(id: $0) && (code / 19) % 2 == 0 }
                let id = reused ?? "fresh\(k)"
                let index = (code / 23) % (tree.children(pick).count + 1)
                tree.addChild(Node(id: id, context: contexts[(code / 29) % 3]), to: pick, at: index, makeActive: flag)
            case 2:
                guard let from = tree.parent(pick), from != other, !isInside(other, pick, tree) else { continue }
                let moved = tree.subtree(at: pick)
                tree.removeSubtree(pick)
                let index = (code / 23) % (tree.children(other).count + 1)
                tree.graft(moved, to: other, at: index, makeActive: flag)
            case 3:
                var node = tree.node(pick)
                node.context = contexts[(contexts.firstIndex(of: node.context).map { $0 + 1 } ?? 0) % 3]
                tree.update(pick, to: node)
            case 4:
                let kids = tree.children(pick)
                if !kids.isEmpty { tree.setActive(kids[(code / 23) % kids.count], in: pick) }
            case 5:
                var replaced = Tree(root: Node(id: "root\(k)"))
                replaced.graft(tree, from: pick, to: replaced.root!, makeActive: flag)
                tree = replaced
            default:
                tree.addChild(Node(id: "fresh\(k)a"), to: pick, makeActive: false)
                tree.addChild(Node(id: "fresh\(k)b"), to: pick, makeActive: flag)
            }
        }
        return expressible(tree, from: original)
    }

    /// `tree` with the children it shares with `old` (same id under the same parent id) in
    /// their old relative order, and a parent that lost its shown child without losing the
    /// child showing it again.
    static func expressible(_ tree: Tree, from old: Tree) -> Tree {
        var tree = tree
        for p in tree.preorder() {
            guard let q = old.slot(of: tree.id(p)) else { continue }
            let oldOrder = Dictionary(uniqueKeysWithValues: old.children(q).enumerated().map { (old.id($0.element), $0.offset) })
            var kids = tree.children(p)
            let shared = kids.indices.filter { oldOrder[tree.id(kids[$0])] != nil }
            let sorted = shared.map { kids[$0] }.sorted { oldOrder[tree.id($0)]! < oldOrder[tree.id($1)]! }
            for (i, slot) in zip(shared, sorted) { kids[i] = slot }
            tree.setChildren(kids, of: p)
            if tree.activeChild(p) == nil, let shown = old.activeChild(q), let again = kids.first(where: { tree.id($0) == old.id(shown) }) {
                tree.setActive(again, in: p)
            }
        }
        return tree
    }

    /// Whether `slot` is `ancestor` or below it.
    static func isInside(_ slot: Tree.Slot, _ ancestor: Tree.Slot, _ tree: Tree) -> Bool {
        var s: Tree.Slot? = slot
        while let current = s {
            if current == ancestor { return true }
            s = tree.parent(current)
        }
        return false
    }
}
