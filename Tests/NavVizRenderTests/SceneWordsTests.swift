import Testing
import NavVizCore
@testable import NavVizRender
import _NavVizTestSupport

/// Scenes that find their nodes' words in a shared ``SceneWords`` are the scenes made
/// without it, and the memo holds at most two generations of nodes.
struct SceneWordsTests {
    /// Every frame of every sample, in both step modes and both themes, built with shared
    /// words (twice: made, then found) and without.
    @Test(arguments: PackagePaths.allSamples())
    func sharedWordsDrawTheSameScenes(name: String) throws {
        let timeline = TimelineBuilder.build(try Samples.load(name))
        let words = SceneWords()
        for (granularity, theme) in [(FrameGranularity.transition, Theme.light), (.op, .dark)] {
            for step in timeline.steps {
                let plain = AnimationPlan.frames(for: step, granularity: granularity, theme: theme).map(\.scene)
                for _ in 0..<2 {
                    let shared = AnimationPlan.frames(for: step, granularity: granularity, theme: theme, words: words).map(\.scene)
                    #expect(shared == plain, "\(name), state \(step.index)")
                }
            }
        }
    }

    /// Nodes that differ in any field the words show get their own words.
    @Test func everyFieldTheWordsShowTellsNodesApart() {
        let words = SceneWords()
        let nodes = [
            Node(id: "home"), Node(id: "home", type: "HomeView"), Node(id: "home", label: "Home"), Node(id: "home", kind: "tabs"),
            Node(id: "home", kind: "tabs", switch: false), Node(id: "home", context: ["a": "1"]), Node(id: "home", info: ["x": "2"]),
        ]
        for node in nodes + nodes {
            let tree = Tree(root: node)
            #expect(TreeScene.make(tree, theme: .light, words: words) == TreeScene.make(tree, theme: .light), "\(node)")
        }
        #expect(words.count == nodes.count)
    }

    /// Two spellings of the same text, which Swift's `==` takes as equal, are each drawn
    /// with their own bytes.
    @Test func spellingsOfTheSameTextKeepTheirBytes() {
        let words = SceneWords()
        for label in ["Caf\u{E9}", "Cafe\u{301}", "Caf\u{E9}"] {
            for context in [["k": "\u{E9}"], ["k": "e\u{301}"]] {
                let scene = TreeScene.make(Tree(root: Node(id: "cafe", label: label, context: context)), theme: .light, words: words)
                #expect(Array(scene.nodes[0].title.utf8) == Array(label.utf8))
                #expect(scene.nodes[0].tooltip.utf8.elementsEqual(TreeScene.tooltip(Node(id: "cafe", label: label, context: context)).utf8))
            }
        }
        #expect(words.count == 4)
    }

    /// `SceneWords`' key compares the fields of ``Node`` one by one (byte for byte): a field
    /// added to `Node` must be added there too.
    @Test func theKeyKnowsEveryFieldOfANode() {
        let fields = Mirror(reflecting: Node(id: "x")).children.compactMap(\.label)
        #expect(fields == ["id", "type", "label", "kind", "switchFlag", "managedFlag", "leavableFlag", "canLeaveFlag", "enterableFlag",
                           "context", "info"], "update SceneWords.Key's == for the new field")
        let words = SceneWords()
        let variants = [Node(id: "a"), Node(id: "a", switch: true), Node(id: "a", managed: false), Node(id: "a", leavable: false),
                        Node(id: "a", canLeave: false), Node(id: "a", enterable: false)]
        for node in variants { _ = words.words(node) }
        #expect(words.count == variants.count)
    }

    @Test func holdsAtMostTwoGenerations() {
        let words = SceneWords()
        let many = 2 * SceneWords.generation + 100
        for i in 0..<many {
            let node = Node(id: "screen\(i)")
            #expect(words.words(node).title == "screen\(i)")
        }
        #expect(words.count <= 2 * SceneWords.generation)
        #expect(words.count > SceneWords.generation)
    }

    /// A node drawn the same way (on or off the active path, visible or not) in two scenes
    /// built with the same words is one ``SceneNode``; one drawn another way, or in a theme
    /// other than the first, is its own, and every scene is the scene built without words.
    @Test func aNodeDrawnTheSameWayIsOneSceneNode() {
        func tree(active: Int) -> Tree {
            var tree = Tree(root: Node(id: "r", kind: "tabs"))
            for j in 0..<3 {
                let tab = tree.addChild(Node(id: "t\(j)"), to: tree.root!, makeActive: j == active)
                tree.addChild(Node(id: "t\(j)s"), to: tab, makeActive: true)
            }
            return tree
        }
        let words = SceneWords()
        let first = TreeScene.make(tree(active: 0), theme: .light, words: words)
        let again = TreeScene.make(tree(active: 0), theme: .light, words: words)
        let other = TreeScene.make(tree(active: 1), theme: .light, words: words)
        let dark = TreeScene.make(tree(active: 0), theme: .dark, words: words)
        #expect(first == TreeScene.make(tree(active: 0), theme: .light))
        #expect(other == TreeScene.make(tree(active: 1), theme: .light))
        #expect(dark == TreeScene.make(tree(active: 0), theme: .dark))
        #expect(zip(first.nodes, again.nodes).allSatisfy { $0.isCopy(of: $1) })
        // The root stays on the active path; t0 and t0s leave it, t1 and t1s join it; t2 and
        // t2s stay off it.
        let shared = zip(first.nodes, other.nodes).filter { $0.isCopy(of: $1) }.map(\.0.id)
        #expect(shared == ["r", "t2", "t2s"], "\(shared)")
        #expect(!zip(first.nodes, dark.nodes).contains { $0.isCopy(of: $1) })
        // An edge into a node drawn the same way, from the same parent, drawn the same way,
        // is one ``SceneEdge`` too.
        #expect(zip(first.edges, again.edges).allSatisfy { $0.isCopy(of: $1) })
        let sharedEdges = zip(first.edges, other.edges).filter { $0.isCopy(of: $1) }.map(\.0.to)
        #expect(sharedEdges == ["t2", "t2s"], "\(sharedEdges)")
        #expect(!zip(first.edges, dark.edges).contains { $0.isCopy(of: $1) })
    }

    /// The same screen under two parents (a repeated screen) has an edge from each, each
    /// found again, not one for both.
    @Test func aRepeatedScreenKeepsAnEdgeFromEachParent() {
        func tree() -> Tree {
            var tree = Tree(root: Node(id: "r", kind: "tabs"))
            for j in 0..<2 {
                let tab = tree.addChild(Node(id: "t\(j)"), to: tree.root!, makeActive: j == 0)
                tree.addChild(Node(id: "detail"), to: tab, makeActive: true)
            }
            return tree
        }
        let words = SceneWords()
        let first = TreeScene.make(tree(), theme: .light, words: words)
        let again = TreeScene.make(tree(), theme: .light, words: words)
        #expect(first == TreeScene.make(tree(), theme: .light))
        #expect(again == first)
        // Each `detail` is drawn under its own scene id, and its edge comes from its parent.
        let details = first.nodes.filter { $0.title == "detail" }.map(\.id)
        #expect(details.count == 2)
        let into = first.edges.filter { details.contains($0.to) }
        #expect(into.map(\.from).sorted() == ["t0", "t1"], "\(into.map(\.from))")
        // The first keeps its id, its node and its edge (the other, renamed, is drawn anew).
        let kept = zip(first.edges, again.edges).filter { $0.isCopy(of: $1) }.map(\.0.to)
        #expect(kept.contains("detail"), "\(kept)")
    }
}
