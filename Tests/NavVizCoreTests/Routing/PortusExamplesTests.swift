import NavVizCore
import Testing
import _NavVizTestSupport

/// Portus's README examples and its RoutingTests, on the tree3 harness (docs/semantics.md P.8).
@Suite struct PortusExamplesTests {
    /// The README's four "Computed Instructions", each from its sample request.
    static let readme: [(sample: String, instructions: [String])] = [
        ("portus-example-1.route.json", [
            "leave switchNode3", "switch switchNode1 to node1", "enter node5 under node1", "enter node8 under node5",
        ]),
        ("portus-example-2.route.json", [
            "leave node8", "leave node5", "switch switchNode1 to switchNode2", "switch switchNode2 to node4",
        ]),
        ("portus-example-3.route.json", [
            "switch switchNode1 to node1", "enter node6 under node1", "enter node11 under node6",
        ]),
        ("portus-example-4.route.json", [
            "leave node11", "leave node6", "switch switchNode1 to node2", "enter switchNode3 under node2",
        ]),
    ]

    @Test(arguments: readme)
    func readmeExample(sample: String, instructions: [String]) throws {
        let request = try RoutingFixtures.request(sample)
        let result = Router.route(request)
        #expect(result.failure == nil)
        #expect(RoutingFixtures.phrases(result) == instructions)
        #expect(RoutingFixtures.activePath(result.final) == request.to.map(\.description).joined(separator: "/"))
    }

    /// RoutingTests.testRouteToStaticDestinations: five routes chained from the start tree.
    static let chained: [(to: String, instructions: [String])] = [
        ("switchNode1/node2/switchNode3/node12", [
            "switch switchNode1 to node2", "enter switchNode3 under node2", "switch switchNode3 to node12",
        ]),
        ("switchNode1/node1/node5/node8", readme[0].instructions),
        ("switchNode1/switchNode2/node4", readme[1].instructions),
        ("switchNode1/node1/node6/node11", readme[2].instructions),
        ("switchNode1/node2/switchNode3/node13", readme[3].instructions),
    ]

    @Test func routingTestsChainedFromTheStartTree() throws {
        let start = try RoutingFixtures.request("portus-start.route.json")
        var tree = start.tree
        for (to, instructions) in Self.chained {
            let result = Router.route(from: tree, to: try RoutingFixtures.path(to), templates: start.templates)
            #expect(result.failure == nil, "route to \(to)")
            #expect(RoutingFixtures.phrases(result) == instructions, "route to \(to)")
            #expect(RoutingFixtures.activePath(result.final) == to)
            tree = result.final
        }
    }

    /// Each README sample's tree is the state the chained routes leave behind.
    @Test func samplesHoldTheChainedStates() throws {
        let start = try RoutingFixtures.request("portus-start.route.json")
        var tree = start.tree
        for (i, (to, _)) in Self.chained.enumerated() {
            tree = Router.route(from: tree, to: try RoutingFixtures.path(to), templates: start.templates).final
            if i < Self.readme.count {
                let sample = try RoutingFixtures.request(Self.readme[i].sample)
                #expect(TreeWriter.render(sample.tree) == TreeWriter.render(tree), "\(Self.readme[i].sample)")
                #expect(sample.tree == tree)
            }
        }
    }

    /// Route 1 enters switchNode3 with its template: node12 and node13 managed, node13 active,
    /// then switches to node12. Every instruction's tree is kept.
    @Test func templateChildrenAndPerInstructionTrees() throws {
        let request = try RoutingFixtures.request("portus-start.route.json")
        let result = Router.route(request)
        #expect(result.steps.count == 3)
        #expect(result.chunks.map(\.steps) == [0..<1, 1..<2, 2..<3])
        #expect(RoutingFixtures.activePath(result.tree(after: 0)) == "switchNode1/node2")
        #expect(RoutingFixtures.activePath(result.tree(after: 1)) == "switchNode1/node2/switchNode3/node13")
        #expect(RoutingFixtures.activePath(result.tree(after: 2)) == "switchNode1/node2/switchNode3/node12")
        let after = result.tree(after: 1)
        let sw3 = try #require(after.slot(of: "switchNode3"))
        #expect(after.children(sw3).map(after.id) == ["node12", "node13"])
        #expect(after.children(sw3).allSatisfy(after.isManaged))
        #expect(!after.isManaged(sw3))
        #expect(after.node(sw3).type == "SwitchNode3")
        #expect(result.operations[1] == .enter(id: "switchNode3", parent: "node2"))
    }

    @Test func alreadyThereIsAnEmptyRoute() throws {
        let request = try RoutingFixtures.request("portus-example-1.route.json")
        let here = try RoutingFixtures.path("switchNode1/node2/switchNode3/node12")
        let result = Router.route(from: request.tree, to: here, templates: request.templates)
        #expect(result.isReached)
        #expect(result.steps.isEmpty && result.chunks.isEmpty)
        #expect(result.final == request.tree)
    }
}
