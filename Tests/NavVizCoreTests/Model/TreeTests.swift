import Testing
import NavVizCore
import _NavVizTestSupport

/// Editing and walking the flat tree.
struct TreeTests {
    @Test func editsKeepSlotsAndActiveChildren() throws {
        var t = try Samples.tree(#"{"id": "tabs", "active": "b", "children": [{"id": "a"}, {"id": "b", "children": [{"id": "c"}]}]}"#)
        let b = try #require(t.slot(of: "b"))
        t.removeSubtree(b)
        #expect(!t.contains(id: "b") && !t.contains(id: "c"))
        #expect(t.activeChild(t.root!) == nil)
        let d = t.addChild(Node(id: "d"), to: t.root!, makeActive: true)
        #expect(t.activePath.map(t.id) == ["tabs", "d"])
        #expect(t.compacted().count == 3)
        #expect(t.compacted() == t)
        #expect(t.slot(of: "d") == d)
    }

    @Test func walksInOrder() throws {
        let t = try Samples.tree(#"{"id": "r", "children": [{"id": "a", "children": [{"id": "a1"}, {"id": "a2"}]}, {"id": "b"}]}"#)
        #expect(t.preorder().map(t.id) == ["r", "a", "a1", "a2", "b"])
        #expect(t.postorder().map(t.id) == ["a1", "a2", "a", "b", "r"])
    }

    @Test func equalityIgnoresSlotNumbering() throws {
        let a = try Samples.tree(#"{"id": "r", "active": "y", "children": [{"id": "x"}, {"id": "y"}]}"#)
        var b = Tree(root: Node(id: "r"))
        b.addChild(Node(id: "x"), to: b.root!)
        b.addChild(Node(id: "y"), to: b.root!, makeActive: true)
        #expect(a == b)
        b.setActive(b.slot(of: "x"), in: b.root!)
        #expect(a != b)
    }

    @Test func textDumpMarksTheActivePath() throws {
        let t = try Samples.tree("""
            {"id": "tabs", "kind": "tabs", "active": "chats", "children": [
              {"id": "home", "kind": "stack", "active": "feed", "children": [{"id": "feed"}]},
              {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat", "label": "Chat", "type": "ChatVC", "context": {"chatId": 42}}]}
            ]}
            """)
        #expect(TreeWriter.render(t) == """
            tabs (tabs) ●
            ├─ home (stack)
            │  └─ feed ○
            └─ chats (stack) ●
               └─ chat?chatId=42 "Chat" ChatVC ●

            """)
        #expect(TreeWriter.render(Tree()) == "(empty)\n")
    }
}
