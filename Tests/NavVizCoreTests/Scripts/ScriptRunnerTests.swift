import Testing
import NavVizCore
import _NavVizTestSupport

/// Action scripts in every vocabulary: effects on the tree, operations, atomic steps.
struct ScriptRunnerTests {
    static func script(_ name: String) throws -> ActionScript {
        guard case .script(let s) = try Samples.load(name) else { throw Samples.SampleError.notASnapshot }
        return s
    }

    static func run(_ json: String) throws -> [ScriptRunner.StepResult] {
        guard case .script(let s) = try Samples.document(json) else { throw Samples.SampleError.notASnapshot }
        return try ScriptRunner.run(s)
    }

    static func failure(_ json: String) throws -> ScriptError? {
        guard case .script(let s) = try Samples.document(json) else { throw Samples.SampleError.notASnapshot }
        do {
            _ = try ScriptRunner.run(s)
            return nil
        } catch {
            return error
        }
    }

    @Test func katanaVocabulary() throws {
        let steps = try ScriptRunner.run(Self.script("katana-tabs.script.json"))
        #expect(steps.map { OperationWriter.text($0.operations) } == [
            "1. push detail?item=3 onto childOne\n",
            "1. activate tabTwo in tabBar\n",
            "1. change tabTwo: pop childTwo; push inbox, archive\n",
            "1. pop detail?item=3 from childOne\n",
        ])
        let last = steps.last!.tree
        #expect(last.activePath.map(last.id) == ["tabBar", "tabTwo", "archive"])
        #expect(!last.contains(id: "detail"))
        #expect(last.activeChild(last.slot(of: "childOne")!) == nil)
    }

    @Test func tempuraShowAndHide() throws {
        let steps = try ScriptRunner.run(Self.script("tempura-showhide.script.json"))
        #expect(steps.map { $0.operations.map(OperationWriter.phrase) } == [
            ["push screenB onto screenA"],
            ["push screenC onto screenB"],
            ["pop screenC from screenB", "pop screenB from screenA"],
            ["push screenB onto screenA", "push screenC onto screenB"],
            ["pop screenB from screenA"],
        ])
        #expect(steps.last!.tree.count == 1)
    }

    @Test func hideOffTheRouteChangesNothing() throws {
        let steps = try Self.run(#"{"initial": {"id": "a", "active": "b", "children": [{"id": "b"}, {"id": "c"}]}, "steps": [{"actions": [{"hide": "c"}]}]}"#)
        #expect(steps[0].operations.isEmpty)
        #expect(steps[0].tree.count == 3)
    }

    @Test func nivelirFoldsStackModifiersIntoOneChange() throws {
        let steps = try ScriptRunner.run(Self.script("nivelir-deeplink.script.json"))
        #expect(steps.map { $0.operations.map(OperationWriter.phrase) } == [
            ["pop settingsModal from profile"],
            ["activate chatsStack in tabBar"],
            ["change chatsStack: pop chat1?chatId=1; push chat7?chatId=7"],
        ])
        let t = steps.last!.tree
        #expect(t.activePath.map(t.id) == ["window", "tabBar", "chatsStack", "chatList", "chat7"])
    }

    @Test(arguments: [
        (#"[{"stack": "s", "push": {"id": "x"}}]"#, "push x onto b"),
        (#"[{"stack": "s", "pop": "previous"}]"#, "pop b from a"),
        (#"[{"stack": "s", "push": {"id": "x"}}, {"stack": "s", "pop": "previous"}]"#, "-"),
        (#"[{"stack": "s", "replace": {"id": "x"}}]"#, "change s: pop b; push x"),
        (#"[{"stack": "s", "pop": "root"}]"#, "pop b from a"),
        (#"[{"stack": "s", "pop": {"to": "a"}}, {"stack": "s", "push": {"id": "y"}}]"#, "change s: pop b; push y"),
        (#"[{"stack": "s", "clear": true}]"#, "change s: pop a, b; push nothing"),
        (#"[{"stack": "s", "set": [{"id": "m"}, {"id": "n"}]}]"#, "change s: pop a, b; push m, n"),
    ])
    func nivelirFolding(_ actions: String, _ expected: String) throws {
        let steps = try Self.run(#"{"initial": {"id": "s", "kind": "stack", "active": "a", "children": [{"id": "a", "active": "b", "children": [{"id": "b"}]}]}, "steps": [{"actions": \#(actions)}]}"#)
        #expect((steps[0].operations.map(OperationWriter.phrase).first ?? "-") == expected)
    }

    @Test func portusRoutesInAScript() throws {
        let steps = try ScriptRunner.run(Self.script("portus-readme.script.json"))
        #expect(steps.map { $0.operations.map(OperationWriter.phrase) } == [
            ["leave switchNode3", "switch switchNode1 to node1", "enter node5 under node1", "enter node8 under node5"],
            ["leave node8", "leave node5", "switch switchNode1 to switchNode2", "switch switchNode2 to node4"],
            ["switch switchNode1 to node1", "enter node6 under node1", "enter node11 under node6"],
            ["leave node11", "leave node6", "switch switchNode1 to node2", "enter switchNode3 under node2"],
        ])
        let t = steps.last!.tree
        #expect(t.activePath.map(t.id) == ["switchNode1", "node2", "switchNode3", "node13"])
    }

    @Test func portusSingleInstructions() throws {
        let steps = try Self.run("""
            {"initial": {"id": "tabs", "kind": "tabs", "active": "a", "children": [{"id": "a"}, {"id": "b"}]},
             "steps": [{"actions": [{"switch": {"in": "tabs", "to": "b"}}, {"enter": {"id": "detail", "context": {"n": 1}}}, {"leave": "detail"}]}]}
            """)
        #expect(steps[0].operations.map(OperationWriter.phrase) == ["switch tabs to b", "enter detail?n=1 under b", "leave detail?n=1"])
    }

    @Test func aFailingStepNamesTheActionAndLeavesTheTree() throws {
        let json = """
            {"initial": {"id": "r", "kind": "stack", "active": "a", "children": [{"id": "a"}]},
             "steps": [{"label": "ok", "actions": [{"push": {"id": "b"}}]},
                       {"label": "broken", "actions": [{"push": {"id": "c"}}, {"pop": "missing"}]}]}
            """
        let error = try #require(try Self.failure(json))
        #expect(error.description == "steps[1] ('broken') actions[1] (pop): no node 'missing' in the tree; the step was not applied")
    }

    @Test(arguments: [
        (#"{"push": {"id": "a"}, "into": "r"}"#, "actions[0] (push): duplicate id 'a' with no context among the children of 'r'"),
        (#"{"activate": "r"}"#, "actions[0] (activate): 'r' is the root; it has no parent to be active in"),
        (#"{"stack": "a", "pop": "previous"}"#, "actions[0] (stack pop): the stack under 'a' is empty"),
        (#"{"stack": "r", "pop": {"to": "zz"}}"#, "actions[0] (stack pop): 'zz' is not in the stack under 'r'"),
        (#"{"change": {"parent": "r", "pop": ["r"]}}"#, "actions[0] (change): 'r' is not a child of 'r'"),
        (#"{"switch": {"in": "r", "to": "a"}}"#, "actions[0] (switch): 'r' is not a switch container"),
        (#"{"route": ["z"]}"#, "actions[0] (route): destination not reachable"),
    ])
    func actionErrors(_ action: String, _ message: String) throws {
        let error = try #require(try Self.failure(#"{"initial": {"id": "r", "active": "a", "children": [{"id": "a"}]}, "steps": [{"actions": [\#(action)]}]}"#))
        #expect(error.description.hasPrefix("steps[0] \(message)"), "\(error.description)")
    }
}
