import NavVizCore
import PropertyBased
import Testing

/// The diff on trees that repeat ids (a few ids, several contexts): the `navviz` dialect's
/// operations, replayed by their paths and contexts on the old tree, give the new tree, and
/// every dialect's operations read back from their JSON as they were written.
@Suite struct RepeatedDiffPropertyTests {
    static let codes = Gen.int(in: 0...100_000).array(of: 0...20)
    static let edits = Gen.int(in: 0...100_000).array(of: 1...6)

    @Test
    func replayingTheDiffGivesTheNewTree() async {
        await propertyCheck(count: 300, input: Self.codes, Self.edits) { built, edits in
            let before = RepeatedTreeEdits.tree(built)
            let after = RepeatedTreeEdits.edited(before, edits)
            let ops = TreeDiff.operations(from: before, to: after)
            #expect(throws: Never.self) {
                let replayed = try DiffApplier.apply(ops, to: before, after: after)
                #expect(replayed == after, "\(OperationWriter.text(ops))\nbefore:\n\(TreeWriter.render(before))after:\n\(TreeWriter.render(after))replayed:\n\(TreeWriter.render(replayed))")
            }
        }
    }

    /// A case the property found: `q?v=2` is kept and its id is unique in the new tree but
    /// not in the old one, which the operations are applied to; its `change` named it by id
    /// alone, so the replay (and any reader) took the old tree's first `q`. Kept nodes are
    /// now named by path where their id repeats in either tree.
    @Test func keptParentRepeatedOnlyInTheOldTreeIsNamedByPath() throws {
        let before = RepeatedTreeEdits.tree([61485, 32210, 42127, 44522, 18289, 1243, 48206, 25043, 70866, 8025, 85366, 99329, 11308, 60793, 97629, 84821])
        let after = RepeatedTreeEdits.edited(before, [57928, 24522, 52395, 35558, 1528, 70710])
        let ops = TreeDiff.operations(from: before, to: after)
        let change = try #require(ops.first { $0.name == "change" })
        #expect(OperationWriter.jsonArray([change]).contains(#""path": ["app", {"id": "q", "context": {"v": "2"}}]"#))
        #expect(try DiffApplier.apply(ops, to: before, after: after) == after)
    }

    @Test func operationsReadBackFromTheirJSON() async {
        await propertyCheck(count: 200, input: Self.codes, Self.edits) { built, edits in
            let before = RepeatedTreeEdits.tree(built)
            let after = RepeatedTreeEdits.edited(before, edits)
            for dialect in DiffDialect.allCases {
                let ops = TreeDiff.operations(from: before, to: after, dialect: dialect)
                let json = OperationWriter.jsonArray(ops)
                #expect(throws: Never.self) {
                    let value = try DocumentReader.parseJSON(Array(json.utf8))
                    let back = try value.members(value.root).enumerated().map { i, v in
                        try OperationDecoder.decode(value, v, path: "[\(i)]")
                    }
                    #expect(back == ops, "\(dialect): \(json)")
                }
            }
        }
    }
}

/// Random trees over a pool of three ids and three contexts, and edits of them that keep an
/// id and context once among one node's children.
enum RepeatedTreeEdits {
    static let ids = ["p", "q", "r"]
    static let contexts: [[String: String]] = [[:], ["v": "1"], ["v": "2"]]

    static func identity(_ code: Int) -> Node.Identity {
        Node.Identity(id: ids[code % 3], context: contexts[(code / 3) % 3])
    }

    static func tree(_ codes: [Int]) -> Tree {
        var tree = Tree(root: Node(id: "app"))
        for code in codes {
            let slots = tree.preorder()
            let parent = slots[code % slots.count]
            let id = identity(code / 5)
            guard tree.child(of: parent, id) == nil else { continue }
            tree.addChild(Node(id: id.id, context: id.context), to: parent, makeActive: (code / 3) % 2 == 0)
        }
        return tree
    }

    static func edited(_ tree: Tree, _ codes: [Int]) -> Tree {
        let original = tree
        var tree = tree
        for code in codes {
            let slots = tree.preorder()
            let pick = slots[(code / 11) % slots.count]
            let other = slots[(code / 13) % slots.count]
            let flag = (code / 17) % 2 == 0
            switch code % 5 {
            case 0:
                if tree.parent(pick) != nil { tree.removeSubtree(pick) }
            case 1:
                let id = identity(code / 19)
                guard tree.child(of: pick, id) == nil else { continue }
                let index = (code / 23) % (tree.children(pick).count + 1)
                tree.addChild(Node(id: id.id, context: id.context), to: pick, at: index, makeActive: flag)
            case 2:
                guard tree.parent(pick) != nil, !TreeEdits.isInside(other, pick, tree), tree.child(of: other, tree.identity(pick)) == nil else { continue }
                let moved = tree.subtree(at: pick)
                tree.removeSubtree(pick)
                tree.graft(moved, to: other, makeActive: flag)
            case 3:
                var node = tree.node(pick)
                node.context = contexts[(contexts.firstIndex(of: node.context).map { $0 + 1 } ?? 0) % 3]
                if let p = tree.parent(pick), tree.child(of: p, node.identity) != nil { continue }
                tree.update(pick, to: node)
            default:
                let kids = tree.children(pick)
                if !kids.isEmpty { tree.setActive(kids[(code / 23) % kids.count], in: pick) }
            }
        }
        return expressible(tree, from: original)
    }

    /// `tree` with the children the `navviz` dialect keeps in their old relative order, and a
    /// kept parent that lost its shown child showing it again where it stayed (no operation
    /// reorders kept siblings or hides a kept child).
    static func expressible(_ tree: Tree, from old: Tree) -> Tree {
        var tree = tree
        let matching = DiffMatching(old: old, new: tree, dialect: .navviz)
        for p in tree.preorder() {
            guard let q = matching.oldSlot(ofNew: p) else { continue }
            let oldOrder = Dictionary(uniqueKeysWithValues: old.children(q).enumerated().map { (old.identity($0.element), $0.offset) })
            var kids = tree.children(p)
            let shared = kids.indices.filter { matching.oldSlot(ofNew: kids[$0]) != nil }
            let sorted = shared.map { kids[$0] }.sorted { oldOrder[tree.identity($0)]! < oldOrder[tree.identity($1)]! }
            for (i, slot) in zip(shared, sorted) { kids[i] = slot }
            tree.setChildren(kids, of: p)
            if tree.activeChild(p) == nil, let shown = old.activeChild(q),
               let again = kids.first(where: { matching.oldSlot(ofNew: $0) == shown }) {
                tree.setActive(again, in: p)
            }
        }
        return tree
    }
}
