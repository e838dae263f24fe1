import NavVizCore
import Testing
import _NavVizTestSupport

/// Deep and wide trees: every dialect walks iteratively and in linear time (chains
/// ``Scale/deep`` screens deep: 100,000 in `make size`, 20,000 in `make test`).
@Suite struct DiffScaleTests {
    /// A stack `depth` screens deep: root → s1 → s2 → …, each the active child.
    static func chain(_ depth: Int, prefix: String = "s") -> Tree {
        var tree = Tree(root: Node(id: "root"))
        var last = tree.root!
        for i in 1...depth { last = tree.addChild(Node(id: "\(prefix)\(i)"), to: last, makeActive: true) }
        return tree
    }

    @Test(arguments: DiffDialect.allCases)
    func aDeepStackReplacedBelowTheRoot(_ dialect: DiffDialect) {
        let n = Scale.deep
        let before = Self.chain(n), after = Self.chain(n, prefix: "t")
        let ops = TreeDiff.operations(from: before, to: after, dialect: dialect)
        switch dialect {
        case .navviz:
            // n - 1 pops, then the change under the root, then n - 1 pushes.
            #expect(ops.count == 2 * n - 1)
            #expect(ops[n - 1] == .change(parent: "root", popped: ["s1"], pushed: ["t1"], children: ["t1"], active: "t1"))
            #expect(ops.first == .pop(id: "s\(n)", parent: "s\(n - 1)"))
            #expect(ops.last == .push(id: "t\(n)", parent: "t\(n - 1)"))
        case .katana:
            // Pops and pushes as navviz, then an activate for every new node with an active child.
            #expect(ops.count == 2 * n - 1 + n)
            #expect(ops.last == .activate(id: "t1", parent: "root"))
        case .reswift:
            #expect(ops.count == 2 * n - 1)
            #expect(ops[n - 1] == .change(parent: "root", popped: ["s1"], pushed: ["t1"]))
        case .tempura:
            #expect(ops == [.change(parent: "root", popped: ["s1"], pushed: ["t1"])])
        }
    }

    @Test func aDeepReplayRoundTrips() throws {
        let before = Self.chain(Scale.deep), after = Self.chain(Scale.deep / 2)
        let ops = TreeDiff.operations(from: before, to: after)
        #expect(ops.count == Scale.deep / 2)
        #expect(try DiffApplier.apply(ops, to: before, after: after) == after)
    }

    @Test func aWideTabBarOfTwentyThousandTabs() {
        var before = Tree(root: Node(id: "tabs", kind: "tabs"))
        for i in 0..<20_000 { before.addChild(Node(id: "tab\(i)"), to: before.root!, makeActive: i == 0) }
        var after = before
        after.setActive(after.slot(of: "tab19999"), in: after.root!)
        #expect(TreeDiff.operations(from: before, to: after) == [.activate(id: "tab19999", parent: "tabs")])
        #expect(TreeDiff.operations(from: before, to: after, dialect: .katana) == [.activate(id: "tab19999", parent: "tabs")])
    }
}
