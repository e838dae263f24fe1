import NavVizCore
import NavVizRender
import Testing
import _NavVizTestSupport

/// The route diagram: badges in execution order and colour, ghosts, destination and final
/// path classes, checked on the scene and on its DOT text.
@Suite struct RouteSceneTests {
    func result(_ sample: String) throws -> RoutingResult {
        guard case .route(let request) = try Samples.load(sample) else { throw SceneTestError.notARoute }
        return Router.route(request)
    }

    func node(_ scene: Scene, _ id: String) throws -> SceneNode {
        try #require(scene.nodes.first { $0.id == id })
    }

    func edge(_ scene: Scene, _ from: String, _ to: String) throws -> SceneEdge {
        try #require(scene.edges.first { $0.from == from && $0.to == to })
    }

    /// README example 1: leave switchNode3, switch to node1, enter node5, enter node8.
    @Test func badgesGhostsAndPaths() throws {
        let theme = Theme.light
        let scene = RouteScene.make(try result("portus-example-1.route.json"), theme: theme)
        #expect(scene.title == "route to switchNode1/node1/node5/node8")
        // The starting tree first, in pre-order, then the ghosts in the order entered.
        #expect(scene.nodes.map(\.id) == ["switchNode1", "switchNode2", "node3", "node4", "node1", "node2", "switchNode3", "node12", "node13", "node5", "node8"])
        #expect(try node(scene, "switchNode3").badges == [Badge(text: "1", color: theme.leave)])
        #expect(try node(scene, "switchNode3").classes.contains("left"))
        #expect(try node(scene, "node1").badges == [Badge(text: "2", color: theme.switchTo)])
        #expect(try node(scene, "node5").badges == [Badge(text: "3", color: theme.enter)])
        #expect(try node(scene, "node8").badges == [Badge(text: "4", color: theme.enter)])
        for ghost in ["node5", "node8"] {
            let n = try node(scene, ghost)
            #expect(n.classes.first == "ghost")
            #expect(n.styles.contains("dotted"))
        }
        #expect(try edge(scene, "node1", "node5").classes == ["ghost", "destination", "final"])
        #expect(try edge(scene, "node1", "node5").color == theme.destination)
        #expect(try edge(scene, "node1", "node5").styles == ["dotted"])
        #expect(try edge(scene, "switchNode1", "node1").classes == ["inactive", "destination", "final"])
        #expect(try edge(scene, "switchNode1", "node2").classes == ["active"])
        let final = scene.nodes.filter { $0.classes.contains("final") }.map(\.id)
        #expect(final == ["switchNode1", "node1", "node5", "node8"])
        #expect(scene.nodes.filter { !$0.badges.isEmpty }.count == 4)
    }

    /// Each row of the legend is drawn as the nodes it explains, in both themes: the
    /// destination path amber, the active path after the route amber and thick (a ghost on
    /// it thick and dotted in the enter colour), an entered node a dotted ghost.
    @Test(arguments: ["portus-example-1.route.json", "portus-example-4.route.json"], [Theme.light, Theme.dark])
    func legendMatchesTheDrawing(_ sample: String, _ theme: Theme) throws {
        let scene = RouteScene.make(try result(sample), theme: theme, legend: true)
        func entry(_ prefix: String) throws -> LegendEntry { try #require(scene.legend.first { $0.text.hasPrefix(prefix) }) }
        let destination = try entry("destination path"), final = try entry("active path after the route"), ghost = try entry("entered by the route")
        #expect(destination.stroke == theme.destination && !destination.thick && !destination.dotted && !destination.dashed)
        #expect(final.stroke == theme.destination && final.thick)
        #expect(ghost.stroke == theme.enter && ghost.dotted && !ghost.dashed)
        #expect(destination != final, "the two rows look alike")
        for node in scene.nodes {
            let isGhost = node.classes.contains("ghost")
            if isGhost {
                #expect(node.stroke == ghost.stroke && node.styles.contains("dotted") && !node.styles.contains("dashed"), "\(node.id)")
            } else if node.classes.contains("final") || node.classes.contains("destination") {
                #expect(node.stroke == theme.destination, "\(node.id)")
            }
            if node.classes.contains("final") { #expect(node.penWidth >= 3.5, "\(node.id) is on the final path but thin") }
            if node.classes.contains("destination") && !node.classes.contains("final") { #expect(node.penWidth < 3.5) }
        }
    }

    /// The route's text names nodes by id (`enter node8 under node5`); its picture shows each
    /// of those ids on its node, as the label or the smaller line under it.
    @Test(arguments: ["portus-example-1.route.json", "portus-example-2.route.json", "portus-example-3.route.json", "portus-example-4.route.json"])
    func textAndPictureNameNodesAlike(_ sample: String) throws {
        let route = try result(sample)
        let scene = RouteScene.make(route, theme: .light)
        for step in route.steps {
            for id in [step.operation.subject].compactMap({ $0 }) {
                let named = scene.nodes.contains { node in
                    let title = node.title.replacingOccurrences(of: "⇄ ", with: "")
                    return title.lowercased() == id.lowercased() || node.subtitle?.split(separator: "?").first.map(String.init) == id
                }
                #expect(named, "'\(id)' (\(OperationWriter.phrase(step.operation))) is named nowhere in the picture")
            }
        }
    }

    /// Template children are ghosts too; the entered switch container keeps its look.
    @Test func templateChildrenAreGhosts() throws {
        let scene = RouteScene.make(try result("portus-example-4.route.json"), theme: .dark)
        #expect(try node(scene, "switchNode3").classes == ["ghost", "switch", "destination", "final"])
        #expect(try node(scene, "switchNode3").peripheries == 2)
        #expect(try node(scene, "node12").classes == ["ghost"])
        #expect(try node(scene, "node13").classes == ["ghost", "destination", "final"])
        #expect(try edge(scene, "switchNode3", "node12").color == Theme.dark.enter)
        #expect(try edge(scene, "switchNode3", "node13").color == Theme.dark.destination)
    }

    /// The DOT text: ids stay `node-<id>`, badges appear in execution order, classes and
    /// colours as in the scene.
    @Test func dotStructure() throws {
        let dot = DOTEncoder.encode(RouteScene.make(try result("portus-example-2.route.json"), theme: .light, legend: true))
        let lines = dot.split(separator: "\n").map(String.init)
        func line(_ id: String) throws -> String { try #require(lines.first { $0.contains("id=\"node-\(id)\"") }) }
        #expect(try line("node8").contains(#"class="inactive left""#) == false)
        #expect(try line("node8").contains(#"class="active visible left""#))
        #expect(try line("node8").contains(##"<TD BGCOLOR="#cf222e" CELLPADDING="0"><TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0"><TR><TD HEIGHT="4"></TD></TR><TR><TD FIXEDSIZE="TRUE" WIDTH="13" HEIGHT="12"><FONT COLOR="#ffffff" POINT-SIZE="10"><B>1</B>"##))
        #expect(try line("node5").contains("<B>2</B>"))
        #expect(try line("switchNode2").contains(##"<TD BGCOLOR="#8250df" CELLPADDING="0"><TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0"><TR><TD HEIGHT="4"></TD></TR><TR><TD FIXEDSIZE="TRUE" WIDTH="13" HEIGHT="12"><FONT COLOR="#ffffff" POINT-SIZE="10"><B>3</B>"##))
        #expect(try line("node4").contains(##"<TD BGCOLOR="#8250df" CELLPADDING="0"><TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0"><TR><TD HEIGHT="4"></TD></TR><TR><TD FIXEDSIZE="TRUE" WIDTH="13" HEIGHT="12"><FONT COLOR="#ffffff" POINT-SIZE="10"><B>4</B>"##))
        #expect(try line("node4").contains(#"class="inactive destination final""#))
        #expect(lines.contains { $0.contains(##"id="edge-switchNode1-switchNode2", class="inactive destination final", color="#9a6700""##) })
        #expect(lines.contains { $0.contains(#"id="legend""#) && $0.contains("destination path") })
        // Badge numbers in DOT order follow execution order along the tree.
        let badges = lines.compactMap { l in l.range(of: "<B>").map { r in l[r.upperBound...].prefix { $0.isNumber } } }.filter { !$0.isEmpty }
        #expect(badges.sorted() == ["1", "2", "3", "4"])
    }

    /// A node entered away from where the starting tree has it gets a second, ghost drawing.
    @Test func reenteredElsewhereIsASecondGhost() throws {
        let tree = try Samples.tree(#"""
        {"id": "tabs", "kind": "tabs", "active": "chats", "children": [
          {"id": "home", "kind": "stack"},
          {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat"}]}
        ]}
        """#)
        // leave chat, switch to home, enter chat under home.
        let result = Router.route(from: tree, to: try PathParser.parse("tabs/home/chat"))
        #expect(result.isReached)
        let scene = RouteScene.make(result, theme: .light)
        #expect(scene.nodes.map(\.id) == ["tabs", "home", "chats", "chat", "chat~entered"])
        #expect(try node(scene, "chat").badges.map(\.text) == ["1"])
        #expect(try node(scene, "chat~entered").badges.map(\.text) == ["3"])
        #expect(try edge(scene, "home", "chat~entered").classes == ["ghost", "destination", "final"])
        #expect(DOTEncoder.encode(scene).contains(#"id="node-chat~entered""#))
    }

    @Test func mermaidIsTheSameScene() throws {
        let scene = RouteScene.make(try result("portus-example-3.route.json"), theme: .light)
        let mermaid = MermaidEncoder.encode(scene)
        #expect(mermaid == MermaidEncoder.encode(scene))
        #expect(mermaid.contains("[1] Node1"))
        #expect(mermaid.contains("-.->"))
    }

    /// A route that stops short still draws what ran (for a step-by-step replay).
    @Test func unreachableRouteDrawsWhatRan() throws {
        let theme = Theme.light
        let scene = RouteScene.make(try result("portus-loop.route.json"), theme: theme)
        #expect(scene.title == "route to tabs/settings (not reachable)")
        let settings = try node(scene, "settings")
        #expect(settings.badges == [Badge(text: "1", color: theme.enter), Badge(text: "2", color: theme.leave)])
        // Entered under 'feed', not under 'tabs' where the destination wants it.
        #expect(settings.classes == ["ghost", "left"])
        #expect(scene.nodes.filter { $0.classes.contains("final") }.map(\.id) == ["tabs", "home", "feed"])
    }

    enum SceneTestError: Error { case notARoute }
}
