import Testing
import NavVizCore
@testable import NavVizRender

/// A node's tooltip lists every field it has, in a fixed order; a node is named by its id
/// too where its label is not its id, ignoring case (ASCII letter by letter, other text as
/// Swift lowercases it).
struct TreeSceneTextTests {
    @Test func tooltipListsEveryField() {
        #expect(TreeScene.tooltip(Node(id: "home")) == "id: home")
        let full = Node(id: "product", type: "ProductView", label: "Product · Ä", kind: "screen",
                        context: ["id": "12", "color": "red"], info: ["b": "2", "a": "1"])
        #expect(TreeScene.tooltip(full) == "id: product\ntype: ProductView\nlabel: Product · Ä\nkind: screen\ncontext: color=red&id=12\ninfo: a=1&b=2")
        let long = TreeScene.tooltip(Node(id: String(repeating: "x", count: 1_200)))
        #expect(long.count == 1_000 && long.hasSuffix("…"))
    }

    @Test(arguments: [("Home", "home"), ("HOME", "home"), ("home", "homes"), ("Détail", "détail"), ("DÉTAIL", "détail"),
                      ("Straße", "STRASSE"), ("a", "A"), ("", ""), ("chat", "Chat1"), ("ÄB", "äb"), ("K", "k")])
    func sameIgnoringCaseIsLowercasedEquality(a: String, b: String) {
        #expect(TreeScene.sameIgnoringCase(a, b) == (a.lowercased() == b.lowercased()))
        #expect(TreeScene.sameIgnoringCase(b, a) == (a.lowercased() == b.lowercased()))
    }

    @Test func showsIDWhereTheLabelIsNotTheID() {
        #expect(!TreeScene.showsID(Node(id: "home", label: "Home")))
        #expect(!TreeScene.showsID(Node(id: "home", type: "HOME")))
        #expect(TreeScene.showsID(Node(id: "node8", type: "LeafNode")))
        #expect(!TreeScene.showsID(Node(id: "node8")))
    }
}
