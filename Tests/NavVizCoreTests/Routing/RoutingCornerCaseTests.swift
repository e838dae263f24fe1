import NavVizCore
import Testing

/// Every corner case of docs/semantics.md P.7, and what the repairs of Part 1 make of it.
@Suite struct RoutingCornerCaseTests {
    func route(_ json: String, to path: String, templates: Templates = [:]) throws -> RoutingResult {
        Router.route(from: try RoutingFixtures.tree(json), to: try RoutingFixtures.path(path), templates: templates)
    }

    /// P.7.1: the destination is a strict prefix, nothing below can be left, and the switch
    /// point has several children: Portus traps; navviz reports it.
    @Test func prefixCrashBecomesAnError() throws {
        let start = try RoutingFixtures.request("portus-start.route.json")
        let result = Router.route(from: start.tree, to: try RoutingFixtures.path("switchNode1"))
        #expect(result.failure?.reason == .prefixCrash(container: "switchNode1", index: 1))
        #expect(result.failure?.chunk == 1)
        #expect(result.steps.isEmpty)
        #expect(result.failure?.lines.first?.contains("index out of range") == true)
    }

    /// P.7.2, a switch container with one child: enter under it, leave, enter again…
    @Test func oneChildSwitchLoops() throws {
        let result = try route(#"{"id": "tabs", "kind": "tabs", "active": "home", "children": [{"id": "home"}]}"#, to: "tabs/settings")
        #expect(RoutingFixtures.phrases(result) == ["enter settings under home", "leave settings"])
        #expect(result.failure?.reason == .loop(.repeated(chunk: 3, repeats: 1, instructions: [.enter(PathElement(id: "settings"))])))
        #expect(result.failure?.chunk == 3)
        #expect(result.chunks.count == 2)
    }

    /// P.7.2, the switch target's id matches but its context differs: the tree refuses the
    /// switch and the same chunk comes back on the same tree.
    @Test func contextDifferingSwitchTargetLoops() throws {
        let json = #"{"id": "tabs", "switch": true, "active": "other", "children": [{"id": "list", "context": {"hex": "1"}}, {"id": "other"}]}"#
        let result = try route(json, to: "tabs/list?hex=2")
        #expect(RoutingFixtures.phrases(result) == ["switch tabs to list?hex=2"])
        #expect(result.final == result.start)
        guard case .loop(.repeated(chunk: 2, repeats: 1, _))? = result.failure?.reason else {
            Issue.record("expected a repeated chunk, got \(String(describing: result.failure))")
            return
        }
    }

    /// The same switch with the right context succeeds.
    @Test func switchComparesContextWhenExecuted() throws {
        let json = #"{"id": "tabs", "switch": true, "active": "other", "children": [{"id": "list", "context": {"hex": "1"}}, {"id": "other"}]}"#
        let result = try route(json, to: "tabs/list?hex=1")
        #expect(result.isReached)
        #expect(result.operations == [.switchTo(in: "tabs", to: "list", context: ["hex": "1"])])
    }

    /// P.7.2, the root is mismatched: `leave(root)` does nothing, for ever.
    @Test func mismatchedRootLoops() throws {
        let result = try route(#"{"id": "a"}"#, to: "b")
        #expect(RoutingFixtures.phrases(result) == ["leave a"])
        #expect(result.final == result.start)
        #expect(result.failure?.reason == .loop(.repeated(chunk: 2, repeats: 1, instructions: [.leave(Node.Identity(id: "a"))])))
    }

    /// P.7.2, an enter deduplicated away: the active leaf already has an equal, inactive child.
    @Test func dedupedEnterLoops() throws {
        let result = try route(#"{"id": "stack", "children": [{"id": "detail"}]}"#, to: "stack/detail")
        #expect(RoutingFixtures.phrases(result) == ["enter detail under stack"])
        #expect(result.final == result.start)
        #expect(result.failure?.reason == .loop(.repeated(chunk: 2, repeats: 1, instructions: [.enter(PathElement(id: "detail"))])))
    }

    /// The chunk-count guard: more than the limit stops the route, keeping what ran.
    @Test func chunkLimitStopsTheRoute() throws {
        let request = try RoutingFixtures.request("portus-example-1.route.json")
        let result = Router.route(from: request.tree, to: request.to, templates: request.templates, chunkLimit: 2)
        #expect(RoutingFixtures.phrases(result) == ["leave switchNode3", "switch switchNode1 to node1"])
        #expect(result.failure?.reason == .loop(.tooManyChunks(limit: 2)))
        #expect(result.failure?.chunk == 3)
    }

    /// P.7.3: a non-Leavable unmanaged node is skipped silently; the deeper node is left, the
    /// next enter attaches under the skipped node, and the route cycles.
    @Test func nonLeavableIsSkipped() throws {
        let json = #"{"id": "app", "active": "a", "children": [{"id": "a", "active": "x", "children": [{"id": "x", "leavable": false, "active": "y", "children": [{"id": "y"}]}]}]}"#
        let result = try route(json, to: "app/a/b")
        #expect(RoutingFixtures.phrases(result) == ["leave y", "enter b under x", "leave b"])
        #expect(result.failure?.reason == .loop(.repeated(chunk: 4, repeats: 2, instructions: [.enter(PathElement(id: "b"))])))
    }

    /// P.7.4: a Leavable node that refuses drops the whole leave chunk, deeper leaves included.
    @Test func refusingLeavableBlocksEverything() throws {
        let request = try RoutingFixtures.request("portus-unreachable.route.json")
        let result = Router.route(request)
        #expect(result.steps.isEmpty)
        #expect(result.failure?.reason == .refusedLeave(Node.Identity(id: "node8")))
        #expect(result.failure?.lines == [
            "destination not reachable: 'node8' refuses to be left (canLeave is false), so the whole leave chunk is dropped",
            "  failed at: chunk 1 (computing it)",
            "  instructions that ran: none",
        ])
    }

    static let tabs = #"""
    {"id": "tabs", "kind": "tabs", "active": "chats", "children": [
      {"id": "home", "kind": "stack", "active": "feed", "children": [{"id": "feed"}]},
      {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat"}]}
    ]}
    """#

    /// P.7.5: a tab switch first unwinds the current tab's stack; the target tab's retained
    /// stack is reused when it matches…
    @Test func tabSwitchUnwindsThenReuses() throws {
        let result = try route(Self.tabs, to: "tabs/home/feed")
        #expect(RoutingFixtures.phrases(result) == ["leave chat", "switch tabs to home"])
        #expect(result.isReached)
    }

    /// …and otherwise is left and rebuilt.
    @Test func tabSwitchUnwindsThenRebuilds() throws {
        let result = try route(Self.tabs, to: "tabs/home/profile")
        #expect(RoutingFixtures.phrases(result) == ["leave chat", "switch tabs to home", "leave feed", "enter profile under home"])
        #expect(result.chunks.count == 4)
        #expect(RoutingFixtures.activePath(result.final) == "tabs/home/profile")
    }

    /// P.5: structure alone makes a switch point; executing the switch needs a switch container.
    @Test func notSwitchableFailsWhenExecuted() throws {
        let json = #"{"id": "stack", "active": "a", "children": [{"id": "a", "leavable": false}, {"id": "b"}]}"#
        let result = try route(json, to: "stack/b")
        #expect(result.failure?.reason == .notSwitchable(container: "stack", target: PathElement(id: "b")))
        #expect(result.failure?.step == "chunk 1, instruction 1 (switch stack to b)")
        #expect(result.chunks.map(\.instructions) == [[.switchTo(PathElement(id: "b"), in: Node.Identity(id: "stack"))]])
        #expect(result.chunks.map(\.steps) == [0..<0])
    }

    @Test func switchPointWithoutTheTargetChild() throws {
        let start = try RoutingFixtures.request("portus-start.route.json")
        let result = Router.route(from: start.tree, to: try RoutingFixtures.path("switchNode1/node9"))
        #expect(result.failure?.reason == .noSuchChild(container: "switchNode1", target: PathElement(id: "node9"), children: ["switchNode2", "node1", "node2"]))
    }

    @Test func notEnterableActiveLeaf() throws {
        let start = try RoutingFixtures.request("portus-start.route.json")
        let result = Router.route(from: start.tree, to: try RoutingFixtures.path("switchNode1/switchNode2/node3/x"), templates: start.templates)
        #expect(RoutingFixtures.phrases(result) == ["switch switchNode1 to switchNode2"])
        #expect(result.failure?.reason == .notEnterable(leaf: "node3", target: PathElement(id: "x")))
        #expect(result.failure?.step == "chunk 2, instruction 2 (enter x)")
        #expect(result.failure?.lines.suffix(2) == ["  instructions that ran:", "    1. switch switchNode1 to switchNode2"])
    }

    @Test func emptyTreeCannotEnter() throws {
        let result = Router.route(from: Tree(), to: [PathElement(id: "a")])
        #expect(result.failure?.reason == .emptyTree(target: PathElement(id: "a")))
    }

    @Test func emptyTreeAndEmptyPathAreAlreadyThere() {
        #expect(Router.route(from: Tree(), to: []).isReached)
    }

    /// Portus enters a node whose id is elsewhere in the tree (its `add(child:)` compares only
    /// with the active leaf's children): a second `feed`, under `chats`.
    @Test func enterAddsASecondNodeWithAnIDThatIsElsewhere() throws {
        let json = #"{"id": "tabs", "kind": "tabs", "active": "chats", "children": [{"id": "home", "active": "feed", "children": [{"id": "feed"}]}, {"id": "chats"}]}"#
        let result = try route(json, to: "tabs/chats/feed")
        #expect(result.isReached)
        #expect(result.operations == [.enter(id: "feed", parent: "chats", path: [PathElement(id: "tabs"), PathElement(id: "chats"), PathElement(id: "feed")])])
        #expect(result.final.occurrences(of: "feed") == 2)
        #expect(RoutingFixtures.activePath(result.final) == "tabs/chats/feed")
    }

    @Test func nothingCanBeLeftBelowTheDestination() throws {
        let json = #"{"id": "app", "active": "list", "children": [{"id": "list", "active": "detail", "children": [{"id": "detail", "leavable": false}]}]}"#
        let result = try route(json, to: "app/list")
        #expect(result.failure?.reason == .emptyChunk(index: 2, parent: "list"))
    }

    @Test func contextsTravelIntoOperations() throws {
        let first = try route(#"{"id": "root", "active": "colorList", "children": [{"id": "colorList"}]}"#, to: "root/colorList/colorDetail?hex=ff0000")
        #expect(first.operations == [.enter(id: "colorDetail", parent: "colorList", context: ["hex": "ff0000"])])
        let second = Router.route(from: first.final, to: try RoutingFixtures.path("root/colorList/colorDetail?hex=00ff00"))
        #expect(RoutingFixtures.phrases(second) == ["leave colorDetail?hex=ff0000", "enter colorDetail?hex=00ff00 under colorList"])
        #expect(RoutingFixtures.activePath(second.final) == "root/colorList/colorDetail?hex=00ff00")
    }
}
