import Testing
@testable import NavVizRender

/// ``SceneNode`` and ``SceneEdge`` keep their fields in one shared box (copy on write): they
/// must still behave as plain values.
struct SceneValueTests {
    static func node(_ id: String = "home") -> SceneNode {
        SceneNode(id: id, title: "Home", subtitle: "HomeView", shape: "box", styles: ["rounded", "filled"],
                  stroke: "#1f6feb", fill: "#ddf4ff", fontColor: "#1f2328", penWidth: 2.5,
                  classes: ["active"], tooltip: "home\ntype: HomeView")
    }

    static func edge() -> SceneEdge {
        SceneEdge(from: "root", to: "home", color: "#1f6feb", penWidth: 2.5, classes: ["active"])
    }

    /// Writing a field of a copy, in place or by assignment, leaves the original as it was.
    @Test func aNodeCopyIsItsOwn() {
        let original = Self.node()
        var copy = original
        #expect(copy == original)
        copy.classes.append("visible")
        copy.position = Point(x: 1, y: 2)
        copy.badges.append(Badge(text: "1", color: "#cf222e"))
        copy.penWidth = 3.5
        #expect(original.classes == ["active"])
        #expect(original.position == nil)
        #expect(original.badges.isEmpty)
        #expect(original.penWidth == 2.5)
        #expect(copy.classes == ["active", "visible"])
        #expect(copy.position == Point(x: 1, y: 2))
        #expect(copy != original)
        var again = copy
        again.classes.removeLast()
        #expect(copy.classes == ["active", "visible"], "the second copy wrote its own box")
        #expect(again.classes == ["active"])
    }

    /// Two nodes made apart with the same fields are equal and hash alike; each field that
    /// differs tells them apart.
    @Test func nodesCompareFieldByField() {
        let a = Self.node(), b = Self.node()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        let changes: [(inout SceneNode) -> Void] = [
            { $0.id = "other" }, { $0.title = "Other" }, { $0.subtitle = nil }, { $0.shape = "ellipse" },
            { $0.styles = ["filled"] }, { $0.peripheries = 2 }, { $0.stroke = "#000000" }, { $0.fill = "#ffffff" },
            { $0.fontColor = "#000000" }, { $0.penWidth = 1 }, { $0.classes = ["inactive"] },
            { $0.badges = [Badge(text: "2", color: "#000000")] }, { $0.tooltip = "" }, { $0.position = Point(x: 0, y: 0) },
        ]
        for (i, change) in changes.enumerated() {
            var c = a
            change(&c)
            #expect(c != a, "field \(i)")
            #expect(a == b, "field \(i): the original is untouched")
        }
    }

    /// The same for edges.
    @Test func edgesAreValues() {
        let original = Self.edge()
        var copy = original
        copy.route = "e,10,10 0,0 5,5 10,10"
        copy.labelPosition = Point(x: 3, y: 4)
        copy.styles.append("dashed")
        #expect(original.route == nil && original.labelPosition == nil && original.styles.isEmpty)
        #expect(copy != original)
        #expect(Self.edge() == original)
        #expect(Self.edge().hashValue == original.hashValue)
        let changes: [(inout SceneEdge) -> Void] = [
            { $0.from = "x" }, { $0.to = "y" }, { $0.color = "#000000" }, { $0.penWidth = 1 }, { $0.styles = ["bold"] },
            { $0.classes = [] }, { $0.label = "1" }, { $0.labelColor = "#000000" }, { $0.route = "" },
            { $0.labelPosition = Point(x: 0, y: 0) },
        ]
        for (i, change) in changes.enumerated() {
            var c = original
            change(&c)
            #expect(c != original, "field \(i)")
        }
    }

    /// A node prints its fields, as the plain struct did (test messages tell looks apart by it).
    @Test func aNodePrintsItsFields() {
        let text = "\(Self.node())"
        #expect(text.hasPrefix("SceneNode(id: \"home\", title: \"Home\""), "\(text)")
        #expect("\(Self.node("a"))" != "\(Self.node("b"))")
        #expect("\(Self.edge())".hasPrefix("SceneEdge(from: \"root\", to: \"home\""))
    }

    /// Copies shared across threads read the same fields while each thread writes its own.
    @Test func copiesAcrossThreads() async {
        let shared = Self.node()
        let results = await withTaskGroup(of: [String].self) { group in
            for i in 0..<8 {
                group.addTask {
                    var mine = shared
                    for k in 0..<200 { mine.classes.append("c\(i)-\(k)") }
                    return mine.classes
                }
            }
            var all: [[String]] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(shared.classes == ["active"])
        #expect(results.allSatisfy { $0.count == 201 && $0.first == "active" })
    }
}
