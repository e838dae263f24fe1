import Foundation
import Testing
import NavVizCore
@_spi(Internals) import NavVizRender
@testable import NavVizArtifacts

/// A frame's row lists what changed since the frame before, in node (and edge) order:
/// `index, text row, style row` for a node shown with other rows, `-index-1` for one no
/// longer shown; a `full` frame lists every node and edge it shows.
struct PlayerModelDeltaTests {
    static func node(_ id: String, fill: String = "#fff") -> SceneNode {
        SceneNode(id: id, title: id, subtitle: nil, shape: "box", styles: [], stroke: "#000", fill: fill, fontColor: "#000",
                  penWidth: 1, classes: [], tooltip: id)
    }

    static func edge(_ from: String, _ to: String, color: String = "#000") -> SceneEdge {
        SceneEdge(from: from, to: to, color: color, penWidth: 1, classes: [])
    }

    static func scene(_ nodes: [SceneNode], _ edges: [SceneEdge]) -> Scene {
        var scene = Scene(theme: .light)
        scene.nodes = nodes
        scene.edges = edges
        return scene
    }

    /// The frame row's `d` and `e`.
    static func deltas(_ row: JSONOutput.Written) throws -> (d: [Int], e: [Int]) {
        let object = try #require(JSONSerialization.jsonObject(with: Data(row.text.utf8)) as? [String: Any])
        return (try #require(object["d"] as? [Int]), try #require(object["e"] as? [Int]))
    }

    @Test func deltasListChangesAndRemovalsInOrder() throws {
        var model = PlayerModel()
        let ids = ["root", "a", "b", "c"]
        _ = model.beginWindow(PlayerWindow(nodes: ids.map { PlayerWindow.Node(id: $0, x: 0, y: 0, width: 10, height: 10) },
                                           edges: [("root", "a"), ("root", "b"), ("root", "c")].map { PlayerWindow.Edge(key: .init(from: $0, to: $1)) },
                                           box: PlayerWindow.Box(x0: 0, y0: 0, x1: 100, y1: 100)))
        let info = AnimationFrame(label: "x", phase: .applied, transition: 0, operations: [], shown: nil) { Scene(theme: .light) }.info
        // Listed out of order: the rows still come in node order.
        let first = try Self.deltas(model.add(info, scene: Self.scene([Self.node("c"), Self.node("root"), Self.node("a")],
                                                                      [Self.edge("root", "c"), Self.edge("root", "a")]), file: "1.svg"))
        // Text rows are numbered as the texts first appear ("c", "root", "a"): one style row.
        #expect(first.d == [0, 1, 0, 1, 2, 0, 3, 0, 0])
        #expect(first.e == [0, 0, 2, 0])
        // "a" leaves, "b" comes, "c" changes its fill (a new style row), "root" stays as it was.
        let second = try Self.deltas(model.add(info, scene: Self.scene([Self.node("root"), Self.node("b"), Self.node("c", fill: "#f00")],
                                                                       [Self.edge("root", "b"), Self.edge("root", "c", color: "#f00")]), file: "2.svg"))
        #expect(second.d == [-2, 2, 3, 0, 3, 0, 1])
        #expect(second.e == [-1, 1, 0, 2, 1])
        // Back to the first looks: found among the looks kept, no new rows.
        let third = try Self.deltas(model.add(info, scene: Self.scene([Self.node("root"), Self.node("c")], [Self.edge("root", "c")]), file: "3.svg"))
        #expect(third.d == [-3, 3, 0, 0])
        #expect(third.e == [-2, 2, 0])
        #expect(model.tableRowCount == 4 + 2 + 2)
        // A full frame lists everything it shows, changed or not, and no removals.
        let full = try Self.deltas(model.add(info, scene: Self.scene([Self.node("c"), Self.node("root")], [Self.edge("root", "c")]),
                                             file: "4.svg", full: true))
        #expect(full.d == [0, 1, 0, 3, 0, 0])
        #expect(full.e == [2, 0])
    }
}
