import Testing
import NavVizCore
import _NavVizTestSupport

/// Trees that hold one id at several places (docs/format.md, "Repeated screens"): a product opened
/// from a product's "related" list.
struct RepeatedScreensTests {
    /// product 1, its related product 2 under it, and product 1 again under that; a second
    /// tab with its own product 1.
    static let shop = #"""
        {"id": "app", "kind": "tabs", "active": "home", "children": [
          {"id": "home", "active": "product", "children": [
            {"id": "product", "context": {"id": 1}, "active": "product", "children": [
              {"id": "product", "context": {"id": 2}, "active": "product", "children": [
                {"id": "product", "context": {"id": 1}}]}]}]},
          {"id": "saved", "active": {"id": "product", "context": {"id": "3"}}, "children": [
            {"id": "product", "context": {"id": "1"}}, {"id": "product", "context": {"id": "3"}}]}]}
        """#

    @Test func everyOccurrenceIsIndexed() throws {
        let t = try Samples.tree(Self.shop)
        #expect(t.count == 8)
        #expect(t.occurrences(of: "product") == 5)
        #expect(t.isRepeated("product") && !t.isRepeated("home"))
        #expect(t.repeatedIDs == ["product"])
        // slot(of:) is the first in pre-order (KatanaRouter's find), slots(of:) all in pre-order.
        let all = t.slots(of: "product")
        #expect(all.map { t.node($0).context["id"]! } == ["1", "2", "1", "1", "3"])
        #expect(t.slot(of: "product") == all[0])
        #expect(t.slot(of: Node.Identity(id: "product", context: ["id": "1"])) == all[0])
        #expect(t.slot(of: Node.Identity(id: "product", context: ["id": "3"])) == all[4])
        #expect(t.slot(of: Node.Identity(id: "product")) == nil)
        #expect(t.activePath.map { t.node($0).context["id"] ?? t.id($0) } == ["app", "home", "1", "2", "1"])
        let saved = try #require(t.slot(of: "saved"))
        #expect(t.activeChild(saved) == all[4])
    }

    @Test func pathsNameOneNode() throws {
        let t = try Samples.tree(Self.shop)
        let deep = try #require(t.activePath.last)
        let path = t.path(to: deep)
        #expect(OperationWriter.pathText(path) == "app/home/product?id=1/product?id=2/product?id=1")
        #expect(t.slot(at: path) == deep)
        #expect(t.slot(at: [PathElement(id: "app"), PathElement(id: "saved"), PathElement(id: "product")]) == nil)
        #expect(t.operationPath(deep) == path)
        #expect(t.operationPath(try #require(t.slot(of: "saved"))) == nil)
        #expect(t.precedes(t.slots(of: "product")[3], t.slots(of: "product")[4]))
        #expect(!t.precedes(deep, t.slots(of: "product")[0]))
    }

    @Test func removingOneOccurrenceKeepsTheOthers() throws {
        var t = try Samples.tree(Self.shop)
        let first = try #require(t.slot(of: "product"))
        t.removeSubtree(first)
        #expect(t.occurrences(of: "product") == 2)
        #expect(t.slot(of: "product").map { t.parent($0).map(t.id) } == "saved")
        #expect(t.count == 5)
        let saved = try #require(t.slot(of: "saved"))
        for s in t.children(saved) { t.removeSubtree(s) }
        #expect(!t.contains(id: "product") && !t.hasRepeatedIDs)
        #expect(t.compacted() == t)
    }

    @Test func writtenBackTheSame() throws {
        let t = try Samples.tree(Self.shop)
        let json = DocumentEncoder.snapshot(t)
        // The active child that shares its id with a sibling is written with its context.
        #expect(json.contains(#""active": {"id": "product", "context": {"id": "3"}}"#))
        #expect(json.contains(#""active": "product""#))
        guard case .snapshot(let back) = try DocumentReader.json(Array(json.utf8)) else { Issue.record("not a snapshot"); return }
        #expect(back == t)
    }

    @Test func equalityComparesWhichChildIsActive() throws {
        let a = try Samples.tree(#"{"id": "p", "active": {"id": "b", "context": {"k": "1"}}, "children": [{"id": "b", "context": {"k": "1"}}, {"id": "b", "context": {"k": "2"}}]}"#)
        let b = try Samples.tree(#"{"id": "p", "active": {"id": "b", "context": {"k": "2"}}, "children": [{"id": "b", "context": {"k": "1"}}, {"id": "b", "context": {"k": "2"}}]}"#)
        #expect(a != b)
        #expect(a.activePath.map { a.node($0).context } == [[:], ["k": "1"]])
    }

    @Test func textShowsEachContext() throws {
        let t = try Samples.tree(Self.shop)
        #expect(TreeWriter.lines(t).filter { $0.contains("product") } == [
            "│  └─ product?id=1 ●",
            "│     └─ product?id=2 ●",
            "│        └─ product?id=1 ●",
            "   ├─ product?id=1",
            "   └─ product?id=3 ○",
        ])
    }
}

/// Action scripts on repeated screens: each vocabulary finds a node as its router does.
struct RepeatedScreensScriptTests {
    static func run(_ initial: String, _ actions: String) throws -> [ScriptRunner.StepResult] {
        guard case .script(let s) = try Samples.document(#"{"initial": \#(initial), "steps": [{"actions": \#(actions)}]}"#) else {
            throw Samples.SampleError.notASnapshot
        }
        return try ScriptRunner.run(s)
    }

    static let chain = #"{"id": "app", "active": "p", "children": [{"id": "p", "context": {"id": "1"}, "active": "q", "children": [{"id": "q", "active": "p", "children": [{"id": "p", "context": {"id": "2"}}]}]}]}"#

    /// KatanaRouter pushes a product onto a product; the operation carries its path.
    @Test func pushOntoTheSameScreen() throws {
        let steps = try Self.run(Self.chain, #"[{"push": {"id": "p", "context": {"id": "3"}}}]"#)
        #expect(steps[0].operations.map(OperationWriter.phrase) == ["push p?id=3 onto app/p?id=1/q/p?id=2"])
        #expect(OperationWriter.json(steps[0].operations[0]).hasSuffix(#""path": ["app", {"id": "p", "context": {"id": "1"}}, "q", {"id": "p", "context": {"id": "2"}}, {"id": "p", "context": {"id": "3"}}]}"#))
        #expect(steps[0].tree.occurrences(of: "p") == 3)
    }

    /// `pop` names the first node in pre-order (KatanaRouter's `find(userIdentifier:)`).
    @Test func popTakesTheFirstInPreorder() throws {
        let steps = try Self.run(Self.chain, #"[{"pop": "p"}]"#)
        #expect(steps[0].operations.map(OperationWriter.phrase) == ["pop p?id=1 from app"])
        #expect(steps[0].tree.count == 1)
    }

    /// Tempura's `hide` cuts the route at the last occurrence.
    @Test func hideCutsAtTheLastOccurrence() throws {
        let steps = try Self.run(Self.chain, #"[{"hide": "p"}]"#)
        #expect(steps[0].operations.map(OperationWriter.phrase) == ["pop p?id=2 from app/p?id=1/q"])
        #expect(steps[0].tree.occurrences(of: "p") == 1)
    }

    /// A `change` pops children of the parent by id, the first child with that id first;
    /// pushing a child equal to one that stays fails the step.
    @Test func changeAmongSameIDChildren() throws {
        let two = #"{"id": "r", "children": [{"id": "c", "context": {"k": "1"}}, {"id": "c", "context": {"k": "2"}}]}"#
        let steps = try Self.run(two, #"[{"change": {"parent": "r", "pop": ["c"], "push": [{"id": "c", "context": {"k": "3"}}]}}]"#)
        #expect(steps[0].operations.map(OperationWriter.phrase) == ["change r: pop c?k=1; push c?k=3"])
        #expect(OperationWriter.json(steps[0].operations[0]) == #"{"op": "change", "parent": "r", "popped": ["c"], "pushed": ["c"], "poppedContexts": [{"k": "1"}], "pushedContexts": [{"k": "3"}]}"#)
        #expect(throws: ScriptError.self) { try Self.run(two, #"[{"push": {"id": "c", "context": {"k": "2"}}, "into": "r"}]"#) }
    }
}
