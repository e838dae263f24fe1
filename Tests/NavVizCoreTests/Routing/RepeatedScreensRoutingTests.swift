import NavVizCore
import Testing

/// Portus routes with repeated screens: what its `RoutingTree` does where an id (and even an
/// id and context) is at several places, reproduced, and the crash it meets repaired.
@Suite struct RepeatedScreensRoutingTests {
    func route(_ json: String, to path: String, templates: Templates = [:]) throws -> RoutingResult {
        Router.route(from: try RoutingFixtures.tree(json), to: try RoutingFixtures.path(path), templates: templates)
    }

    /// The case the issue measured: Portus leaves `m` and enters `b?k=1` beside `b`
    /// (`add(child:)` compares with the active leaf's children by id and context).
    @Test func entersASecondNodeBesideOneWithTheSameID() throws {
        let result = try route(#"{"id": "p", "active": "m", "children": [{"id": "b"}, {"id": "m"}]}"#, to: "p/b?k=1")
        #expect(result.isReached)
        #expect(RoutingFixtures.phrases(result) == ["leave m", "enter b?k=1 under p"])
        let p = try #require(result.final.root)
        #expect(result.final.children(p).map { result.final.node($0).identity.description } == ["b", "b?k=1"])
        #expect(RoutingFixtures.activePath(result.final) == "p/b?k=1")
    }

    /// A product opened from a product: an enter below a node with the same id.
    @Test func entersAProductBelowAProduct() throws {
        let result = try route(#"{"id": "shop", "active": "product", "children": [{"id": "product", "context": {"id": "1"}}]}"#,
                               to: "shop/product?id=1/product?id=2")
        #expect(result.isReached)
        #expect(result.operations == [.enter(id: "product", parent: "product", context: ["id": "2"],
                                             path: [PathElement(id: "shop"), PathElement(id: "product", context: ["id": "1"]),
                                                    PathElement(id: "product", context: ["id": "2"])])])
        #expect(RoutingFixtures.phrases(result) == ["enter product?id=2 under shop/product?id=1"])
    }

    /// An enter equal to a child of the active leaf is deduplicated away (Portus's
    /// `add(child:)`): the same chunk comes back on the same tree, and the loop guard stops it.
    @Test func enterDeduplicatedAwayLoops() throws {
        let result = try route(#"{"id": "p", "children": [{"id": "b", "context": {"k": "1"}}]}"#, to: "p/b?k=1")
        guard case .loop(.repeated(let chunk, let repeats, _)) = result.failure?.reason else {
            Issue.record("expected a loop, got \(String(describing: result.failure))"); return
        }
        #expect(chunk == 2 && repeats == 1)
    }

    /// `didLeaveNode` removes the first node in pre-order with the entry's id and context.
    /// Leaving `[a, c?x=1, d, c?x=1]` for `a/e`: the first leave (the deepest `c`) finds the
    /// shallower `c` first and removes it with everything below; the next leave (`d`) finds
    /// nothing, where Portus stops with `fatalError`. navviz reports it and keeps what ran.
    @Test func leaveOfANodeAnEarlierLeaveRemovedIsRepaired() throws {
        let json = #"""
            {"id": "a", "active": "c", "children": [{"id": "c", "context": {"x": "1"}, "active": "d", "children": [
              {"id": "d", "active": "c", "children": [{"id": "c", "context": {"x": "1"}}]}]}]}
            """#
        let result = try route(json, to: "a/e")
        #expect(result.failure?.reason == .leftNodeGone(Node.Identity(id: "d")))
        #expect(result.failure?.step == "chunk 1, instruction 2 (leave d)")
        #expect(RoutingFixtures.phrases(result) == ["leave a/c?x=1"])
        #expect(result.final.count == 1)
        #expect(result.failure?.lines.first?.contains("fatalError") == true)
    }

    /// The leave of a repeated node acts on the first equal node in pre-order, here in an
    /// inactive tab, not on the one of the active path: Portus's `findNode`.
    @Test func leaveActsOnTheFirstEqualNodeInPreorder() throws {
        let json = #"""
            {"id": "tabs", "kind": "tabs", "active": "b", "children": [
              {"id": "a", "active": "x", "children": [{"id": "x"}]},
              {"id": "b", "active": "x", "children": [{"id": "x"}]}]}
            """#
        let result = try route(json, to: "tabs/b/y")
        // leave(x) removes tabs/a/x; the active path still ends in x, so the same leave is
        // computed on a changed tree and now removes tabs/b/x; then y is entered.
        #expect(RoutingFixtures.phrases(result) == ["leave tabs/a/x", "leave x", "enter y under b"])
        #expect(result.isReached)
        let a = try #require(result.final.slot(of: "a"))
        #expect(result.final.children(a).isEmpty)
    }

    /// A switch acts on the first node in pre-order equal to the container; when that is
    /// another node than the active path's, the active path does not change and the chunk
    /// repeats on an unchanged tree: the loop guard.
    @Test func switchActsOnTheFirstEqualContainer() throws {
        let json = #"""
            {"id": "r", "kind": "tabs", "active": "t2", "children": [
              {"id": "t1", "active": "s", "children": [{"id": "s", "kind": "tabs", "active": "u", "children": [{"id": "u"}, {"id": "v"}]}]},
              {"id": "t2", "active": "s", "children": [{"id": "s", "kind": "tabs", "active": "u", "children": [{"id": "u"}, {"id": "v"}]}]}]}
            """#
        let result = try route(json, to: "r/t2/s/v")
        guard case .loop = result.failure?.reason else { Issue.record("expected a loop, got \(String(describing: result.failure))"); return }
        #expect(RoutingFixtures.phrases(result) == ["switch r/t1/s to v", "switch r/t1/s to v"])
        let t1s = try #require(result.final.slots(of: "s").first)
        #expect(result.final.activeChild(t1s).map(result.final.id) == "v")
    }

    /// A template's managed children merge into the first node equal to the entered one,
    /// wherever it is (Portus's `findNode(for:)` in `didEnterNode`).
    @Test func managedEntriesMergeIntoTheFirstEqualNode() throws {
        let templates: Templates = ["pager": try RoutingFixtures.tree(#"{"id": "pager", "kind": "page", "active": "p1", "children": [{"id": "p1"}, {"id": "p2"}]}"#)]
        let json = #"{"id": "app", "active": "home", "children": [{"id": "home"}, {"id": "other", "children": [{"id": "pager", "kind": "page", "children": [{"id": "p1"}]}]}]}"#
        let result = try route(json, to: "app/home/pager", templates: templates)
        // The enter merges p2 into other/pager and attaches nothing below home: the same
        // chunk repeats on the tree it changed once, then on an unchanged tree.
        guard case .loop = result.failure?.reason else { Issue.record("expected a loop, got \(String(describing: result.failure))"); return }
        let pager = try #require(result.final.slot(of: "pager"))
        #expect(result.final.children(pager).map(result.final.id) == ["p1", "p2"])
        #expect(result.final.occurrences(of: "pager") == 1)
    }
}
