import NavVizCore
import Testing

/// The `katana` dialect against docs/semantics.md K: the article's scenario, every quirk of K.7,
/// the reversed sibling order of K.3 and the `activate` rules of K.6.
@Suite struct KatanaDiffTests {
    static let article = "tabBar(tabOne*(childOne*) tabTwo(childTwo*) tabThree(childThree*))"

    static let cases: [DiffCase] = [
        DiffCase(
            name: "article: tab switch plus a replaced stack",
            before: article,
            after: "tabBar(tabOne(childOne*) tabTwo*(inbox*(message*)) tabThree(childThree*))",
            expected: [
                "change tabTwo: pop childTwo; push inbox",
                "push message onto inbox",
                "activate message in inbox",
                "activate inbox in tabTwo",
                "activate tabTwo in tabBar",
            ]),
        DiffCase(
            name: "K.7.1 root replacement loses the new root: pushed is empty",
            before: "a(x*)", after: "b(y*)",
            expected: ["pop x from a", "change the root: pop a; push nothing", "push y onto b", "activate y in b"]),
        DiffCase(
            name: "K.7.2 a move is invisible; only activates show it",
            before: "r(p*(x*) q)", after: "r(p q*(x*))",
            expected: ["activate x in q", "activate q in r"]),
        DiffCase(
            name: "K.7.3 change.pushed holds every child, also the kept ones",
            before: "r(a*)", after: "r(a b c*)",
            expected: ["change r: pop nothing; push a, b, c", "activate c in r"]),
        DiffCase(
            name: "K.7.4 a deep pop under a replaced parent stays separate and comes first",
            before: "r(s*(t*(u*)))", after: "r(s*(v*))",
            expected: ["pop u from t", "change s: pop t; push v", "activate v in s"]),
        DiffCase(
            name: "K.7.5 a removed subtree is reported node by node, deepest first",
            before: "r(a*(b*(c*)) d)", after: "r(d*)",
            expected: ["pop c from b", "pop b from a", "pop a from r", "activate d in r"]),
        DiffCase(
            name: "K.7.5 several pops under one parent are a pop-only change among the pops",
            before: "r(a*(x y z) k)", after: "r(k(n1 n2))",
            expected: ["change a: pop z, y, x; push nothing", "pop a from r", "change k: pop nothing; push n1, n2"]),
        DiffCase(
            name: "K.7.6 a context change is invisible",
            before: "r(c{k=1}*)", after: "r(c{k=2}*)",
            expected: []),
        DiffCase(
            name: "K.3 inactive siblings are visited in reverse document order",
            before: "r(x y z*)", after: "r(x(x1) y(y1) z*(z1))",
            expected: ["push y1 onto y", "push x1 onto x", "push z1 onto z"]),
        DiffCase(
            name: "K.3 with no active child every sibling is reversed",
            before: "r(a b c)", after: "r",
            expected: ["change r: pop c, b, a; push nothing"]),
        DiffCase(
            name: "K.6 fires on a tab switch",
            before: "t(a* b)", after: "t(a b*)",
            expected: ["activate b in t"]),
        DiffCase(
            name: "K.6 fires when a new active leaf is pushed",
            before: "nav(a*)", after: "nav(a*(b*))",
            expected: ["push b onto a", "activate b in a"]),
        DiffCase(
            name: "K.6 fires when the top of a stack is replaced",
            before: "nav(a*(b*))", after: "nav(a*(c*))",
            expected: ["change a: pop b; push c", "activate c in a"]),
        DiffCase(
            name: "K.6 never fires when the active child is only popped",
            before: "nav(a*(b*))", after: "nav(a*)",
            expected: ["pop b from a"]),
        DiffCase(
            name: "K.6 order: post-order, inactive (reversed) before active, deepest first",
            before: "r(p(p1) q(q1) s*(s1))", after: "r(p(p1*) q(q1*) s*(s1*))",
            expected: ["activate q1 in q", "activate p1 in p", "activate s1 in s"]),
        DiffCase(
            name: "from nothing: the root is pushed, then every node with an active child activates",
            before: "-", after: "r(a*(b*) c)",
            expected: ["push r as the root", "change r: pop nothing; push a, c", "push b onto a", "activate b in a", "activate a in r"]),
        DiffCase(
            name: "to nothing: grouped by parent in order of first appearance, so a goes before b",
            before: "r(a*(b*) c)", after: "-",
            expected: ["change r: pop c, a; push nothing", "pop b from a", "pop r (root)"]),
        DiffCase(name: "equal trees", before: article, after: article, expected: []),
    ]

    @Test(arguments: cases)
    func operations(_ c: DiffCase) {
        #expect(OpLines.diff(c.before, c.after, .katana) == c.expected)
    }
}
