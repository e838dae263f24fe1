import NavVizCore
import PropertyBased
import Testing

/// The `navviz` dialect's operations, replayed on the old tree, give the new tree.
@Suite struct DiffPropertyTests {
    static let codes = Gen.int(in: 0...100_000).array(of: 0...25)
    static let edits = Gen.int(in: 0...100_000).array(of: 1...8)

    @Test func replayingTheDiffGivesTheNewTree() async {
        await propertyCheck(count: 400, input: Self.codes, Self.edits) { built, edits in
            let before = TreeEdits.tree(built)
            let after = TreeEdits.edited(before, edits)
            let ops = TreeDiff.operations(from: before, to: after)
            #expect(throws: Never.self) {
                let replayed = try DiffApplier.apply(ops, to: before, after: after)
                #expect(replayed == after, "\(OperationWriter.text(ops))\nbefore:\n\(TreeWriter.render(before))after:\n\(TreeWriter.render(after))replayed:\n\(TreeWriter.render(replayed))")
            }
        }
    }

    @Test func diffingATreeWithItselfGivesNothing() async {
        await propertyCheck(count: 100, input: Self.codes) { built in
            let tree = TreeEdits.tree(built)
            for dialect in DiffDialect.allCases {
                #expect(TreeDiff.operations(from: tree, to: tree, dialect: dialect).isEmpty)
            }
        }
    }

    @Test func fromAndToNothing() async {
        await propertyCheck(count: 100, input: Self.codes) { built in
            let tree = TreeEdits.tree(built)
            let up = TreeDiff.operations(from: Tree(), to: tree)
            let down = TreeDiff.operations(from: tree, to: Tree())
            // Every node is pushed once going up, and popped once going down.
            func count(_ ops: [TreeOperation], _ side: (TreeOperation) -> Int) -> Int { ops.reduce(0) { $0 + side($1) } }
            #expect(count(up) { op in
                if case .change(_, _, let pushed, _, _, _, _) = op { return pushed.count }
                return 1
            } == tree.count)
            #expect(count(down) { op in
                if case .change(_, let popped, _, _, _, _, _) = op { return popped.count }
                return 1
            } == tree.count)
            #expect(throws: Never.self) { try DiffApplier.apply(up, to: Tree(), after: tree) == tree }
            #expect(throws: Never.self) { try DiffApplier.apply(down, to: tree, after: Tree()).isEmpty }
        }
    }
}
