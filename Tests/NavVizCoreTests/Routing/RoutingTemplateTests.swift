import NavVizCore
import Testing

/// Entering with templates (Portus `managedEntries`): attach, merge, attributes only.
@Suite struct RoutingTemplateTests {
    static let pagerTemplate = #"{"id": "pager", "kind": "page", "active": "p2", "children": [{"id": "p1"}, {"id": "p2"}]}"#

    func templates() throws -> Templates { ["pager": try RoutingFixtures.tree(Self.pagerTemplate)] }

    @Test func attachesWithManagedChildren() throws {
        let tree = try RoutingFixtures.tree(#"{"id": "app", "active": "home", "children": [{"id": "home"}]}"#)
        let result = Router.route(from: tree, to: try RoutingFixtures.path("app/home/pager/p1"), templates: try templates())
        #expect(RoutingFixtures.phrases(result) == ["enter pager under home", "switch pager to p1"])
        let entered = result.tree(after: 0)
        let pager = try #require(entered.slot(of: "pager"))
        #expect(entered.node(pager).kind == "page")
        #expect(entered.activeChild(pager).map(entered.id) == "p2")
        #expect(entered.children(pager).allSatisfy(entered.isManaged))
    }

    /// A node equal to the entered one elsewhere gets the template children merged in and
    /// nothing is attached, so the enter repeats; the second time the tree stays the same.
    @Test func mergesIntoAnEqualNodeElsewhere() throws {
        let json = #"""
        {"id": "tabs", "kind": "tabs", "active": "home", "children": [
          {"id": "home"},
          {"id": "more", "active": "pager", "children": [{"id": "pager", "kind": "page", "children": [{"id": "p1"}]}]}
        ]}
        """#
        let result = Router.route(from: try RoutingFixtures.tree(json), to: try RoutingFixtures.path("tabs/home/pager"), templates: try templates())
        #expect(RoutingFixtures.phrases(result) == ["enter pager under home", "enter pager under home"])
        #expect(result.failure?.reason == .loop(.repeated(chunk: 3, repeats: 2, instructions: [.enter(PathElement(id: "pager"))])))
        let final = result.final
        let pager = try #require(final.slot(of: "pager"))
        #expect(final.parent(pager).map(final.id) == "more")
        #expect(final.children(pager).map(final.id) == ["p1", "p2"])
        // p1 was already there; p2 is merged in and, the pager having no active child, active.
        #expect(final.activeChild(pager).map(final.id) == "p2")
    }

    /// A template without children only gives the entered node its fields.
    @Test func childlessTemplateGivesFields() throws {
        let tree = try RoutingFixtures.tree(#"{"id": "tabs", "kind": "tabs", "active": "home", "children": [{"id": "home"}, {"id": "more"}]}"#)
        let templates: Templates = ["detail": try RoutingFixtures.tree(#"{"id": "detail", "type": "DetailViewController", "enterable": false}"#)]
        let result = Router.route(from: tree, to: try RoutingFixtures.path("tabs/home/detail?id=7"), templates: templates)
        #expect(result.isReached)
        let final = result.final
        let detail = try #require(final.slot(of: "detail"))
        #expect(final.node(detail) == Node(id: "detail", type: "DetailViewController", enterable: false, context: ["id": "7"]))
        #expect(!final.isManaged(detail))
    }

    /// A node entered under a switch container is unmanaged, as Portus adds active leaves.
    @Test func enteredUnderASwitchIsUnmanaged() throws {
        let tree = try RoutingFixtures.tree(#"{"id": "tabs", "kind": "tabs"}"#)
        let result = Router.route(from: tree, to: try RoutingFixtures.path("tabs/home"))
        #expect(result.isReached)
        let home = try #require(result.final.slot(of: "home"))
        #expect(!result.final.isManaged(home))
    }

    /// A template child whose id is elsewhere in the tree is attached all the same, as
    /// Portus's `didEnterNode` adds managed entries below the entered node.
    @Test func templateChildWithAnIDThatIsElsewhereIsAttached() throws {
        let tree = try RoutingFixtures.tree(#"{"id": "app", "active": "home", "children": [{"id": "home"}, {"id": "p1"}]}"#)
        let result = Router.route(from: tree, to: try RoutingFixtures.path("app/home/pager/p1"), templates: try templates())
        #expect(result.isReached)
        #expect(result.final.occurrences(of: "p1") == 2)
        let pager = try #require(result.final.slot(of: "pager"))
        #expect(result.final.children(pager).map(result.final.id).contains("p1"))
    }
}
