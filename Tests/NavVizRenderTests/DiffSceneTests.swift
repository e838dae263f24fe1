import NavVizCore
import NavVizRender
import Testing
import _NavVizTestSupport

/// The diff picture, checked through its DOT text: classes, badges, boxes and edges.
@Suite struct DiffSceneTests {
    static let before = """
        {"id": "tabBar", "kind": "tabs", "active": "tabOne", "children": [
          {"id": "tabOne", "active": "childOne", "children": [{"id": "childOne"}]},
          {"id": "tabTwo", "active": "childTwo", "children": [{"id": "childTwo"}]}]}
        """
    static let after = """
        {"id": "tabBar", "kind": "tabs", "active": "tabTwo", "children": [
          {"id": "tabOne", "active": "childOne", "children": [{"id": "childOne"}]},
          {"id": "tabTwo", "active": "inbox", "children": [{"id": "inbox", "active": "message", "children": [{"id": "message"}]}]}]}
        """

    /// The DOT line of the node with this navviz id.
    static func line(_ dot: String, node id: String) -> String? {
        dot.split(separator: "\n").map(String.init).first { $0.contains("id=\"node-\(id)\"") }
    }

    static func scene(_ before: String, _ after: String, _ dialect: DiffDialect = .navviz, legend: Bool = false) throws -> (Scene, [TreeOperation]) {
        let old = try Samples.tree(before), new = try Samples.tree(after)
        let ops = TreeDiff.operations(from: old, to: new, dialect: dialect)
        return (DiffScene.make(old: old, new: new, operations: ops, dialect: dialect, theme: .light, legend: legend), ops)
    }

    @Test func removedAddedKeptBadgesAndTheChangeBox() throws {
        let (scene, ops) = try Self.scene(Self.before, Self.after)
        #expect(OperationWriter.text(ops) == "1. change tabTwo: pop childTwo; push inbox\n2. push message onto inbox\n3. activate tabTwo in tabBar\n")
        let dot = DOTEncoder.encode(scene)
        let removed = try #require(Self.line(dot, node: "childTwo"))
        #expect(removed.contains("class=\"removed\""))
        #expect(removed.contains("dashed"))
        #expect(removed.contains("color=\"\(Theme.light.removed)\""))
        let inbox = try #require(Self.line(dot, node: "inbox"))
        #expect(inbox.contains("class=\"added active\""))
        #expect(inbox.contains("color=\"\(Theme.light.added)\""))
        // Badges: the change (1) and the activate (3) on tabTwo, the push (2) on message.
        let tabTwo = try #require(Self.line(dot, node: "tabTwo"))
        #expect(tabTwo.contains("<B>1</B>") && tabTwo.contains("<B>3</B>"))
        #expect(tabTwo.contains("class=\"active"))
        #expect(try #require(Self.line(dot, node: "message")).contains("<B>2</B>"))
        #expect(!(try #require(Self.line(dot, node: "childOne"))).contains("<TABLE"))
        // The change box holds the popped and the new child.
        #expect(dot.contains("id=\"box-change-1\"; class=\"change\";"))
        #expect(scene.boxes.map(\.nodeIDs) == [["childTwo", "inbox"]])
        // The newly active edge is coloured and labelled.
        let edge = try #require(dot.split(separator: "\n").first { $0.contains("id=\"edge-tabBar-tabTwo\"") })
        #expect(edge.contains("3 activate") && edge.contains("color=\"\(Theme.light.activate)\"") && edge.contains("activated"))
        #expect(dot.contains("id=\"edge-tabTwo-childTwo\", class=\"removed\""))
        #expect(scene.legend.isEmpty)
    }

    @Test func everyIdIsDrawnOnceAndRemovedNodesSitBesideTheirOldSiblings() throws {
        let (scene, _) = try Self.scene(
            #"{"id": "r", "children": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#,
            #"{"id": "r", "children": [{"id": "a"}, {"id": "n"}, {"id": "c"}]}"#)
        #expect(scene.nodes.map(\.id) == ["r", "a", "b", "n", "c"])
        #expect(Set(scene.nodes.map(\.id)).count == scene.nodes.count)
    }

    @Test func aMoveIsDrawnAtItsNewPlaceWithADashedEdgeFromTheOldParent() throws {
        let before = #"{"id": "r", "active": "p", "children": [{"id": "p", "active": "x", "children": [{"id": "x"}]}, {"id": "q"}]}"#
        let after = #"{"id": "r", "active": "q", "children": [{"id": "p"}, {"id": "q", "active": "x", "children": [{"id": "x"}]}]}"#
        for dialect in [DiffDialect.navviz, .katana] {
            let (scene, _) = try Self.scene(before, after, dialect)
            let dot = DOTEncoder.encode(scene)
            #expect(scene.nodes.filter { $0.id == "x" }.count == 1)
            #expect(dot.contains("id=\"edge-p-x\", class=\"removed moved\""))
            #expect(dot.contains("id=\"edge-q-x\""))
            let x = try #require(Self.line(dot, node: "x"))
            // navviz pops and pushes it again: drawn as new; katana keeps it.
            #expect(x.contains("class=\"added moved") == (dialect == .navviz))
        }
    }

    @Test func aReplacedRootDrawsBothRootsAndTheLegendWhenAsked() throws {
        let (scene, ops) = try Self.scene(#"{"id": "a", "active": "x", "children": [{"id": "x"}]}"#,
                                          #"{"id": "b", "active": "y", "children": [{"id": "y"}]}"#, legend: true)
        #expect(OperationWriter.text(ops) == "1. pop x from a\n2. change the root: pop a; push b\n3. push y onto b\n")
        #expect(scene.nodes.map(\.id) == ["a", "x", "b", "y"])
        #expect(scene.boxes.first?.nodeIDs == ["a", "b"])
        #expect(scene.nodes.first { $0.id == "b" }?.badges.map(\.text) == ["2"])
        #expect(scene.legend.contains { $0.text.hasPrefix("removed node") && $0.dashed })
        #expect(DOTEncoder.encode(scene).contains("id=\"legend\""))
        #expect(MermaidEncoder.encode(scene).contains("subgraph box0[\"2. change\"]"))
    }

    /// Marks land on their nodes and edges whether the transition has a few operations
    /// (found by a scan of the scene) or many (found through indices): a deep link that
    /// pushes a screen on each of n tabs, then activates the last tab, numbers each push on
    /// its screen and colours the activated edge.
    @Test(arguments: [2, 7, 8, 9, 20])
    func marksLandOnTheirNodesHoweverManyOperations(tabs: Int) throws {
        let tabsBefore = (0..<tabs).map { #"{"id": "t\#($0)"}"# }.joined(separator: ", ")
        let tabsAfter = (0..<tabs).map { #"{"id": "t\#($0)", "active": "s\#($0)", "children": [{"id": "s\#($0)"}]}"# }.joined(separator: ", ")
        let before = #"{"id": "r", "kind": "tabs", "active": "t0", "children": [\#(tabsBefore)]}"#
        let after = #"{"id": "r", "kind": "tabs", "active": "t\#(tabs - 1)", "children": [\#(tabsAfter)]}"#
        let (scene, ops) = try Self.scene(before, after)
        #expect(ops.count == tabs + 1)
        for (i, op) in ops.enumerated() {
            guard case .push(let id, _, _, _) = op else { continue }
            let node = try #require(scene.nodes.first { $0.id == id })
            #expect(node.badges.map(\.text) == ["\(i + 1)"], "\(id)")
        }
        #expect(scene.nodes.filter { !$0.badges.isEmpty }.count == tabs + (tabs > 1 ? 1 : 0))
        let activated = scene.edges.filter { $0.classes.contains("activated") }
        #expect(activated.map { "\($0.from)>\($0.to)" } == (tabs > 1 ? ["r>t\(tabs - 1)"] : []))
    }
}
