import Testing
import NavVizCore
import _NavVizTestSupport

/// The one timeline every output reads, from every kind of document.
struct TimelineTests {
    @Test func scriptAndSequenceOfTheSameScenarioYieldTheSameFrames() throws {
        let script = TimelineBuilder.build(try Samples.load("tempura-showhide.script.json"))
        let sequence = TimelineBuilder.build(try Samples.load("tempura-showhide.sequence.json"))
        #expect(script.states.count == 6)
        #expect(script.states.map(\.tree) == sequence.states.map(\.tree))
        #expect(script.states.map(\.label) == sequence.states.map(\.label))
        // Only the atomic hide differs: the script hides one screen, the diff pops both.
        #expect(script.transitions[4].operations.count == 1)
        #expect(sequence.transitions[4].operations.count == 2)
    }

    @Test func sequenceTransitionsAreDiffsInTheChosenDialect() throws {
        let doc = try Samples.document("""
            {"frames": [{"tree": {"id": "t", "active": "a", "children": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}},
                        {"label": "to c", "tree": {"id": "t", "active": "c", "children": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}}]}
            """)
        let timeline = TimelineBuilder.build(doc, dialect: .katana)
        #expect(timeline.source == .sequence)
        #expect(timeline.transitions == [.init(label: "to c", operations: [.activate(id: "c", parent: "t")])])
    }

    @Test func routeHasAFramePerInstruction() throws {
        let timeline = TimelineBuilder.build(try Samples.load("portus-example-1.route.json"))
        #expect(timeline.states.count == 5)
        #expect(timeline.transitions.map { $0.operations.map(OperationWriter.phrase) } == [
            ["leave switchNode3"], ["switch switchNode1 to node1"], ["enter node5 under node1"], ["enter node8 under node5"],
        ])
        let last = timeline.states.last!.tree
        #expect(last.activePath.map(last.id) == ["switchNode1", "node1", "node5", "node8"])
        #expect(timeline.failure == nil)
    }

    @Test func unreachableRouteKeepsWhatRanAndTheFailure() throws {
        let timeline = TimelineBuilder.build(try Samples.load("portus-loop.route.json"))
        #expect(timeline.failure?.hasPrefix("destination not reachable: ") == true)
        #expect(timeline.states.count == timeline.transitions.count + 1)
    }

    /// A failing step ends the timeline where the script stopped, with the failure, as an
    /// unreachable route does.
    @Test func failingScriptStepKeepsWhatRanAndTheFailure() throws {
        let doc = try Samples.document(#"{"initial": {"id": "r"}, "steps": [{"label": "ok", "actions": [{"push": {"id": "a"}}]}, {"label": "bad", "actions": [{"push": {"id": "b"}}, {"pop": "x"}]}, {"label": "never", "actions": [{"pop": "a"}]}]}"#)
        let timeline = TimelineBuilder.build(doc)
        #expect(timeline.failure == "steps[1] ('bad') actions[1] (pop): no node 'x' in the tree; the step was not applied")
        #expect(timeline.states.map(\.label) == ["initial", "ok"])
        #expect(timeline.transitions.count == 1)
        #expect(timeline.states.last.map { TreeWriter.render($0.tree) } == "r ●\n└─ a ●\n")
    }

    @Test func redactionMasksEveryContextValue() throws {
        let doc = Redaction.redact(try Samples.load("nivelir-deeplink.script.json"))
        let timeline = TimelineBuilder.build(doc)
        let text = TimelineWriter.text(timeline) + TimelineWriter.json(timeline)
        #expect(!text.contains("chatId=7") && !text.contains("\"7\""))
        #expect(text.contains("chatId=•••"))
    }

    @Test func textAndJSON() throws {
        let timeline = TimelineBuilder.build(try Samples.load("tempura-showhide.script.json"))
        let text = TimelineWriter.text(timeline)
        #expect(text.contains("── step 3: Hide(screenB): hides screenC, then screenB ──\n1. pop screenC from screenB\n2. pop screenB from screenA\n"))
        let json = TimelineWriter.json(timeline)
        #expect(json.contains(#"{"from": 4, "to": 5, "label": "Hide(screenB, atomic): one hide", "operations": [{"op": "pop", "id": "screenB", "parent": "screenA"}]}"#))
        #expect(json.contains(#"{"index": 0, "label": "initial", "tree": {"id": "screenA", "type": "ScreenAViewController"}}"#))
    }
}
