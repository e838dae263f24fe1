import NavVizCore
import Testing

/// The notation the diff tables are written in.
@Suite struct TreeNotationTests {
    @Test func readsShapeActiveChildrenAndContext() {
        let tree = TreeNotation.tree("tabs(one*(list*) two{tab=2,x=y}(inbox))")
        #expect(tree.count == 5)
        #expect(tree.activePath.map(tree.id) == ["tabs", "one", "list"])
        let two = tree.slot(of: "two")!
        #expect(tree.node(two).context == ["tab": "2", "x": "y"])
        #expect(tree.children(two).map(tree.id) == ["inbox"])
        #expect(tree.activeChild(two) == nil)
        #expect(TreeNotation.tree("-").isEmpty)
    }
}
