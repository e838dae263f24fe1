import NavVizCore
import Testing

/// Deep and wide trees: every dialect walks iteratively and in linear time.
@Suite struct DiffScaleTests {
    /// A stack `depth` screens deep: root → s1 → s2 → …, each the active child.
    static func chain(_ depth: Int, prefix: String = "s") -> Tree {
        var tree = Tree(root: Node(id: "root"))
        var last = tree.root!
        for i in 1...depth { last = tree.addChild(Node(id: "\(prefix)\(i)"), to: last, makeActive: true) }
        return tree
    }

    @Test(arguments: DiffDialect.allCases)
    func aHundredThousandDeepStackReplacedBelowTheRoot(_ dialect: DiffDialect) {
        let before = Self.chain(100_000), after = Self.chain(100_000, prefix: "t")
        let ops = TreeDiff.operations(from: before, to: after, dialect: dialect)
        switch dialect {
        case .navviz:
            // 99,999 pops, then the change under the root, then 99,999 pushes.
            #expect(ops.count == 199_999)
            #expect(ops[99_999] == .change(parent: "root", popped: ["s1"], pushed: ["t1"], children: ["t1"], active: "t1"))
            #expect(ops.first == .pop(id: "s100000", parent: "s99999"))
            #expect(ops.last == .push(id: "t100000", parent: "t99999"))
        case .katana:
            // Pops and pushes as navviz, then an activate for every new node with an active child.
            #expect(ops.count == 199_999 + 100_000)
            #expect(ops.last == .activate(id: "t1", parent: "root"))
        case .reswift:
            #expect(ops.count == 199_999)
            #expect(ops[99_999] == .change(parent: "root", popped: ["s1"], pushed: ["t1"]))
        case .tempura:
            #expect(ops == [.change(parent: "root", popped: ["s1"], pushed: ["t1"])])
        }
    }

    @Test func aHundredThousandDeepReplayRoundTrips() throws {
        let before = Self.chain(100_000), after = Self.chain(50_000)
        let ops = TreeDiff.operations(from: before, to: after)
        #expect(ops.count == 50_000)
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
