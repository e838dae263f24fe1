import NavVizCore
import NavVizFiles
import Testing
import _NavVizTestSupport

/// The `navviz` dialect against docs/semantics.md, "`navviz` (the default)".
@Suite struct NavVizDiffTests {
    static let article = KatanaDiffTests.article

    static let cases: [DiffCase] = [
        DiffCase(
            name: "article: tab switch plus a replaced stack",
            before: article,
            after: "tabBar(tabOne(childOne*) tabTwo*(inbox*(message*)) tabThree(childThree*))",
            expected: [
                "change tabTwo: pop childTwo; push inbox [children inbox; active inbox]",
                "push message onto inbox",
                "activate tabTwo in tabBar",
            ]),
        DiffCase(
            name: "rule 1: a context change is a pop and a push (here one change)",
            before: "r(c{k=1}*)", after: "r(c{k=2}*)",
            expected: ["change r: pop c?k=1; push c?k=2 [children c?k=2; active c?k=2]"]),
        DiffCase(
            name: "rule 2: a moved node is popped and pushed again",
            before: "r(p*(x*) q)", after: "r(p q*(x*))",
            expected: ["pop x from p", "push x onto q", "activate q in r"]),
        DiffCase(
            name: "rule 2: a node under a re-created parent is re-created with it",
            before: "r(p{v=1}*(x*))", after: "r(p{v=2}*(x*))",
            expected: ["pop x from p", "change r: pop p?v=1; push p?v=2 [children p?v=2; active p?v=2]", "push x onto p"]),
        DiffCase(
            name: "rule 3: inactive children first, in document order",
            before: "r(x y z*)", after: "r(x(x1) y(y1) z*(z1))",
            expected: ["push x1 onto x", "push y1 onto y", "push z1 onto z"]),
        DiffCase(
            name: "rule 4: removed nodes in post-order, each parent group a pop",
            before: "r(a*(b*(c*)) d)", after: "r(d*)",
            expected: ["pop c from b", "pop b from a", "pop a from r", "activate d in r"]),
        DiffCase(
            name: "rule 5: two new children give a change with children and active",
            before: "r(a*)", after: "r(a b c*)",
            expected: ["change r: pop nothing; push b, c [children a, b, c; active c]"]),
        DiffCase(
            name: "rule 5: a replaced top is a change; a deeper pop stays separate and first",
            before: "r(s*(t*(u*)))", after: "r(s*(v*))",
            expected: ["pop u from t", "change s: pop t; push v [children v; active v]"]),
        DiffCase(
            name: "rule 5: a replaced root is change(parent: null, popped: [old], pushed: [new])",
            before: "a(x*)", after: "b(y*)",
            expected: ["pop x from a", "change the root: pop a; push b", "push y onto b"]),
        DiffCase(
            name: "rule 5: a new stack is pushed node by node, in pre-order",
            before: "nav(home*)", after: "nav(home*(list*(detail*)))",
            expected: ["push list onto home", "push detail onto list"]),
        DiffCase(
            name: "rule 6: several pops under one parent are a pop-only change",
            before: "r(a*(x y z) k)", after: "r(k(n1 n2))",
            expected: ["change a: pop x, y, z; push nothing", "pop a from r", "change k: pop nothing; push n1, n2 [children n1, n2; active none]"]),
        DiffCase(
            name: "rule 7: a switch between existing children activates",
            before: "t(a* b)", after: "t(a b*)",
            expected: ["activate b in t"]),
        DiffCase(
            name: "rule 7: a pushed active leaf needs no activate",
            before: "nav(a*)", after: "nav(a*(b*))",
            expected: ["push b onto a"]),
        DiffCase(
            name: "rule 7: activates in post-order over the new tree",
            before: "r(p(p1 p2*) q*(q1* q2))", after: "r(p*(p1* p2) q(q1 q2*))",
            expected: ["activate q2 in q", "activate p1 in p", "activate p in r"]),
        DiffCase(
            name: "rule 7: showing a kept child after the shown one was popped activates",
            before: "t(a b*)", after: "t(a*)",
            expected: ["pop b from t", "activate a in t"]),
        DiffCase(
            name: "rule 8: pops, then pushes and changes, then activates",
            before: "t(a*(a1*) b(b1*) c)", after: "t(a(a2*) b*(b1*))",
            expected: ["pop c from t", "change a: pop a1; push a2 [children a2; active a2]", "activate b in t"]),
        DiffCase(
            name: "from nothing: the new root is pushed",
            before: "-", after: "r(a*)",
            expected: ["push r as the root", "push a onto r"]),
        DiffCase(
            name: "to nothing: the old tree is popped node by node",
            before: "r(a*)", after: "-",
            expected: ["pop a from r", "pop r (root)"]),
        DiffCase(name: "equal trees", before: article, after: article, expected: []),
    ]

    @Test(arguments: cases)
    func operations(_ c: DiffCase) throws {
        let before = TreeNotation.tree(c.before), after = TreeNotation.tree(c.after)
        let ops = TreeDiff.operations(from: before, to: after)
        #expect(OpLines.of(ops) == c.expected)
        // Every table row also replays to the new tree.
        #expect(try DiffApplier.apply(ops, to: before, after: after) == after)
    }

    @Test func articleSamplesAsFormatJSON() throws {
        guard case .snapshot(let before) = try Samples.load("katana-article.before.json"),
              case .snapshot(let after) = try Samples.load("katana-article.after.json") else {
            Issue.record("the article samples are not snapshots")
            return
        }
        let json = OperationWriter.jsonArray(TreeDiff.operations(from: before, to: after))
        #expect(json == """
            [
              {"op": "change", "parent": "tabTwo", "popped": ["childTwo"], "pushed": ["inbox"], "children": ["inbox"], "active": "inbox"},
              {"op": "push", "id": "message", "parent": "inbox", "context": {"messageId": "42"}},
              {"op": "activate", "id": "tabTwo", "parent": "tabBar"}
            ]

            """)
    }

    @Test func contextsAppearOnPopPushAndActivate() {
        let ops = TreeDiff.operations(from: TreeNotation.tree("r(p*(x{a=1}*) q)"), to: TreeNotation.tree("r(p q*(x{a=1}*))"))
        #expect(ops.map(OperationWriter.json) == [
            #"{"op": "pop", "id": "x", "parent": "p", "context": {"a": "1"}}"#,
            #"{"op": "push", "id": "x", "parent": "q", "context": {"a": "1"}}"#,
            #"{"op": "activate", "id": "q", "parent": "r"}"#,
        ])
    }
}
