import NavVizCore
import Testing

/// The linear dialects over the active paths (docs/semantics.md, "`reswift` and `tempura`"): ReSwift-Router's nine unit
/// tests, translated, and Tempura's four cases with the repair of its empty-route crash.
@Suite struct LinearDiffTests {
    static let reswift: [DiffCase] = [
        DiffCase(name: "empty route to a multi-segment route", before: "-", after: "tab*(stats*)",
                 expected: ["push tab as the root", "push stats onto tab"]),
        DiffCase(name: "a change on the last common subroute, same length", before: "tab(counter*)", after: "tab(stats*)",
                 expected: ["change tab: pop counter; push stats"]),
        DiffCase(name: "a change, then a push when the new route is longer", before: "tab(counter*)", after: "tab(stats*(info*))",
                 expected: ["change tab: pop counter; push stats", "push info onto stats"]),
        DiffCase(name: "a pop, then a change when the new route is shorter", before: "tab(counter*(info*))", after: "tab(stats*)",
                 expected: ["pop info from counter", "change tab: pop counter; push stats"]),
        DiffCase(name: "a changed root is one change at index 0", before: "tab", after: "stats",
                 expected: ["change the root: pop tab; push stats"]),
        DiffCase(name: "empty to empty", before: "-", after: "-", expected: []),
        DiffCase(name: "identical routes", before: "tab(stats*)", after: "tab(stats*)", expected: []),
        DiffCase(name: "multiple pops, deepest first", before: "tab(stats*(counter*))", after: "tab",
                 expected: ["pop counter from stats", "pop stats from tab"]),
        DiffCase(name: "multiple pushes", before: "tab", after: "tab(stats*(counter*))",
                 expected: ["push stats onto tab", "push counter onto stats"]),
        DiffCase(name: "only the active paths count: a tab switch is one change",
                 before: KatanaDiffTests.article,
                 after: "tabBar(tabOne(childOne*) tabTwo*(inbox*(message*)) tabThree(childThree*))",
                 expected: ["pop childOne from tabOne", "change tabBar: pop tabOne; push tabTwo", "push inbox onto tabTwo", "push message onto inbox"]),
        DiffCase(name: "ids only: a context change is invisible", before: "r(c{k=1}*)", after: "r(c{k=2}*)", expected: []),
        DiffCase(name: "a changed root with longer routes: change, then the rest pushed",
                 before: "a(b*)", after: "x(y*(z*))",
                 expected: ["pop b from a", "change the root: pop a; push x", "push y onto x", "push z onto y"]),
        DiffCase(name: "to an empty route: pops down to the root", before: "a(b*)", after: "-",
                 expected: ["pop b from a", "pop a (root)"]),
    ]

    static let tempura: [DiffCase] = [
        DiffCase(name: "identical routes", before: "a(b*)", after: "a(b*)", expected: []),
        DiffCase(name: "new route a prefix of the old: hides, deepest first", before: "a(b*(c*))", after: "a",
                 expected: ["pop c from b", "pop b from a"]),
        DiffCase(name: "old route a prefix of the new: shows, in order", before: "a", after: "a(b*(c*))",
                 expected: ["push b onto a", "push c onto b"]),
        DiffCase(name: "otherwise one change; the rest of both routes is ignored", before: "a(b*(c*))", after: "a(d*(e*))",
                 expected: ["change a: pop b; push d"]),
        DiffCase(name: "a change at the leaf", before: "a(b*(c*))", after: "a(b*(d*))",
                 expected: ["change b: pop c; push d"]),
        DiffCase(name: "no common root: one root change of the first elements only", before: "a(b*)", after: "x(y*)",
                 expected: ["change the root: pop a; push x"]),
        DiffCase(name: "from an empty route (Tempura crashes): a root change from nothing", before: "-", after: "a(b*)",
                 expected: ["change the root: pop nothing; push a"]),
        DiffCase(name: "to an empty route (Tempura crashes): a root change to nothing", before: "a(b*)", after: "-",
                 expected: ["change the root: pop a; push nothing"]),
        DiffCase(name: "the article's tab switch is one change of the tab",
                 before: KatanaDiffTests.article,
                 after: "tabBar(tabOne(childOne*) tabTwo*(inbox*(message*)) tabThree(childThree*))",
                 expected: ["change tabBar: pop tabOne; push tabTwo"]),
    ]

    @Test(arguments: reswift)
    func reswiftOperations(_ c: DiffCase) {
        #expect(OpLines.diff(c.before, c.after, .reswift) == c.expected)
    }

    @Test(arguments: tempura)
    func tempuraOperations(_ c: DiffCase) {
        #expect(OpLines.diff(c.before, c.after, .tempura) == c.expected)
    }
}
