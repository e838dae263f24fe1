import NavVizCore
import Testing

/// The tree after each instruction, replayed from the chunk's tree, and big chunks.
@Suite struct RoutingStatesTests {
    /// README example 2: the first chunk leaves node8, then node5.
    @Test func statesInsideAChunk() throws {
        let result = Router.route(try RoutingFixtures.request("portus-example-2.route.json"))
        #expect(result.chunks.map(\.steps) == [0..<2, 2..<3, 3..<4])
        let states = result.states
        #expect(states.count == 5)
        #expect(states.first == result.start)
        #expect(states.last == result.final)
        for i in result.steps.indices {
            #expect(states[i + 1] == result.tree(after: i))
            #expect(states[i] == result.tree(before: i))
        }
        let afterFirstLeave = result.tree(after: 0)
        #expect(!afterFirstLeave.contains(id: "node8"))
        #expect(afterFirstLeave.contains(id: "node5"))
        #expect(RoutingFixtures.activePath(afterFirstLeave) == "switchNode1/node1/node5")
        #expect(result.chunks[1].tree == result.tree(after: 1))
    }

    /// One chunk of 50,000 leaves runs in linear time: nothing copies the tree per leave.
    @Test func deepStackLeavesInOneChunk() throws {
        var tree = Tree(root: Node(id: "root"))
        var parent = tree.root!
        for i in 0..<50_000 {
            parent = tree.addChild(Node(id: "s\(i)"), to: parent, makeActive: true)
        }
        let result = Router.route(from: tree, to: [PathElement(id: "root")])
        #expect(result.isReached)
        #expect(result.chunks.count == 1)
        #expect(result.steps.count == 50_000)
        #expect(result.operations.first == .leave(id: "s49999"))
        #expect(result.operations.last == .leave(id: "s0"))
        #expect(result.final.count == 1)
        #expect(result.tree(after: 49_999).count == 1)
    }
}
