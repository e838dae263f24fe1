import Testing
@testable import NavVizRender

/// What ``SVGBatch`` packs into graphs: each look drawn once however often asked, a node's
/// k-th look in graph k, its looks found by slot or, without one, by id (the same graphs
/// either way); an edge's ends that no look draws are markers where the first frame offered
/// put them.
struct SVGBatchTests {
    static func node(_ id: String, title: String = "T", slot: Int?, x: Double = 0) -> SceneNode {
        var node = SceneNode(id: id, title: title, subtitle: nil, shape: "box", styles: [], stroke: "", fill: "",
                             fontColor: "", penWidth: 1, classes: [], tooltip: "")
        node.pin(slot: slot, position: Point(x: x, y: 0))
        return node
    }

    static func edge(_ from: String, _ to: String, slot: Int?) -> SceneEdge {
        var edge = SceneEdge(from: from, to: to, color: "black", penWidth: 1, classes: [])
        edge.pin(slot: slot, route: nil)
        return edge
    }

    static func frame(_ nodes: [SceneNode]) -> Scene {
        var scene = Scene(theme: .light)
        scene.nodes = nodes
        return scene
    }

    @Test(arguments: [true, false])
    func eachLookOnceAndANodesSecondLookInTheSecondGraph(slots: Bool) {
        var batch = SVGBatch()
        let one = Self.node("a", title: "one", slot: slots ? 0 : nil), two = Self.node("a", title: "two", slot: slots ? 0 : nil)
        let b = Self.node("b", slot: slots ? 5 : nil)
        for node in [one, b, one, two, b, two] { batch.add(node) }
        let ab = Self.edge("a", "b", slot: slots ? 3 : nil)
        batch.add(ab)
        batch.add(ab)
        let graphs = batch.graphs(like: Self.frame([]))
        #expect(graphs.count == 2)
        #expect(graphs.first?.nodes == [one, b])
        #expect(graphs.first?.edges == [ab])
        #expect(graphs.last?.nodes == [two])
        #expect(graphs.last?.edges == [])
    }

    /// Frames offered in turn, the same nodes in the same order and then shifted by a new
    /// one: a marker stands where the first frame that held its node put it.
    @Test func markersStandWhereTheFirstOfferedFramePutTheirNodes() {
        var batch = SVGBatch()
        batch.offer(Self.frame([Self.node("a", slot: 0, x: 1), Self.node("b", slot: 1, x: 2)]))
        batch.offer(Self.frame([Self.node("a", slot: 0, x: 10), Self.node("b", slot: 1, x: 20)]))
        batch.offer(Self.frame([Self.node("c", slot: 2, x: 5), Self.node("a", slot: 0, x: 100), Self.node("b", slot: 1, x: 200)]))
        batch.add(Self.edge("a", "b", slot: 0))
        batch.add(Self.edge("c", "a", slot: 1))
        let graphs = batch.graphs(like: Self.frame([]))
        #expect(graphs.count == 1)
        let markers = graphs.first?.nodes ?? []
        #expect(markers.map(\.id) == ["a", "b", "c"])
        #expect(markers.allSatisfy(SVGBatch.isMarker))
        #expect(markers.map { $0.position?.x } == [1, 2, 5])
    }
}
