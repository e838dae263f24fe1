import Testing
import NavVizCore
@testable import NavVizRender
import _NavVizTestSupport

/// Graphviz 2.43's `dot` layout crashes a process after a few hundred layouts (an 8-bit
/// static mark in dotgen wraps). navviz lays out with `dot` in a forked child, so one process
/// can lay out as many graphs as it likes.
struct GraphvizIsolationTests {
    /// PNG frames of a `dot` layout (`--layout per-frame`) come from the forked child too,
    /// not from the in-process fast path.
    @Test func fastPNGOfADotLayoutIsIsolated() throws {
        let dot = DOTEncoder.encode(TreeScene.make(try Samples.tree(#"{"id": "a", "children": [{"id": "b"}]}"#), theme: .light))
        let fast = try PNGFrameEncoder().png(dot: dot, engine: "dot")
        #expect(fast == (try Graphviz.shared.render(dot: dot, format: .png, engine: "dot")))
    }

    @Test func manyDotLayoutsInOneProcess() throws {
        var count = 0
        for i in 0..<300 {
            // Trees of different shapes, with a change box (a cluster) in every other one.
            var before = Tree(root: Node(id: "r", kind: "tabs"))
            var after = before
            for j in 0..<(2 + i % 5) {
                let a = before.addChild(Node(id: "t\(j)"), to: before.root!, makeActive: j == 0)
                before.addChild(Node(id: "t\(j)s"), to: a, makeActive: true)
                let b = after.addChild(Node(id: "t\(j)"), to: after.root!, makeActive: j == i % 2)
                after.addChild(Node(id: i % 2 == 0 ? "t\(j)s" : "t\(j)n"), to: b, makeActive: true)
            }
            let ops = TreeDiff.operations(from: before, to: after)
            let scene = DiffScene.make(old: before, new: after, operations: ops, dialect: .navviz, theme: .light)
            let svg = try Graphviz.shared.render(dot: DOTEncoder.encode(scene), format: .svg)
            if svg.starts(with: Array("<?xml".utf8)) { count += 1 }
        }
        #expect(count == 300)
    }
}
