import Foundation
import NavVizCore
@_spi(Internals) import NavVizRender
import Testing
import _NavVizTestSupport

/// Repeated screens in pictures: each `product` is its own node, shows its context, carries
/// its own operation numbers, and keeps its own place in an animation's stable layout.
@Suite struct RepeatedScreensSceneTests {
    static func frames() throws -> [Snapshot] {
        guard case .sequence(let s) = try Samples.load("shop-related.sequence.json") else { throw Samples.SampleError.notASnapshot }
        return s.snapshots
    }

    static func line(_ dot: String, node id: String) -> String? {
        dot.split(separator: "\n").map(String.init).first { $0.contains("id=\"node-\(id)\"") }
    }

    static let p7 = "product"
    static let p12 = "app/home/feed/product?id=7/product?id=12"
    static let p7again = "app/home/feed/product?id=7/product?id=12/product?id=7"

    @Test func everyProductIsItsOwnNodeWithItsContext() throws {
        let tree = try Self.frames()[3].tree
        let scene = TreeScene.make(tree, theme: .light)
        let products = scene.nodes.filter { $0.tooltip.hasPrefix("id: product") }
        #expect(products.map(\.id) == [Self.p7, Self.p12, Self.p7again])
        #expect(products.map(\.subtitle) == ["product?id=7", "product?id=12", "product?id=7"])
        #expect(Set(scene.nodes.map(\.id)).count == scene.nodes.count)
        #expect(scene.edges.contains { $0.from == Self.p12 && $0.to == Self.p7again })
        let dot = DOTEncoder.encode(scene)
        #expect(Self.line(dot, node: Self.p7again) != nil)
        let mermaid = MermaidEncoder.encode(scene)
        #expect(mermaid.components(separatedBy: "ProductViewController<br/><small>product?id=7</small>").count == 3)
        #expect(mermaid.contains("ProductViewController<br/><small>product?id=12</small>"))
    }

    /// The pop of the second product 7 is numbered on it, not on the first.
    @Test func aPopIsNumberedOnTheNodeItPops() throws {
        let f = try Self.frames()
        let ops = TreeDiff.operations(from: f[3].tree, to: f[4].tree)
        let scene = DiffScene.make(old: f[3].tree, new: f[4].tree, operations: ops, dialect: .navviz, theme: .light)
        let removed = try #require(scene.nodes.first { $0.id == Self.p7again })
        #expect(removed.classes.first == "removed")
        #expect(removed.badges.map(\.text) == ["1"])
        #expect(scene.nodes.first { $0.id == Self.p7 }?.badges.isEmpty == true)
        #expect(scene.edges.contains { $0.from == Self.p12 && $0.to == Self.p7again && $0.classes == ["removed"] })
    }

    /// A push onto a product is numbered on the pushed node, drawn under the right parent.
    @Test func aPushIsNumberedOnTheNodeItPushes() throws {
        let f = try Self.frames()
        let ops = TreeDiff.operations(from: f[2].tree, to: f[3].tree)
        let scene = DiffScene.make(old: f[2].tree, new: f[3].tree, operations: ops, dialect: .navviz, theme: .light)
        let pushed = try #require(scene.nodes.first { $0.id == Self.p7again })
        #expect(pushed.classes.first == "added")
        #expect(pushed.badges.map(\.text) == ["1"])
        #expect(scene.nodes.first { $0.id == Self.p7 }?.badges.isEmpty == true)
    }

    /// Issue 14: a context change shows old → new, whether the dialect pops and pushes the
    /// node (navviz) or keeps it and says nothing (KatanaRouter).
    @Test(arguments: [DiffDialect.navviz, .katana])
    func aContextChangeReadsOldToNew(_ dialect: DiffDialect) throws {
        let f = try Self.frames()
        let ops = TreeDiff.operations(from: f[4].tree, to: f[5].tree, dialect: dialect)
        let scene = DiffScene.make(old: f[4].tree, new: f[5].tree, operations: ops, dialect: dialect, theme: .light)
        let changed = try #require(scene.nodes.first { $0.subtitle?.contains("→") == true })
        #expect(changed.subtitle == "product: id=12 → color=red id=12")
        #expect(changed.classes.contains("context-changed"))
        #expect(changed.tooltip.contains("context before: id=12"))
        #expect(scene.nodes.filter { $0.tooltip.hasPrefix("id: product") }.count == 2)
        if dialect == .navviz {
            #expect(scene.boxes.first?.nodeIDs == [changed.id])
        } else {
            #expect(ops.isEmpty)
        }
    }

    /// The route's enter of a second product 7 is a ghost below product 12, numbered there;
    /// the final active path ends on it.
    @Test func aRouteEntersTheProductAgain() throws {
        guard case .route(let request) = try Samples.load("shop-related.route.json") else { Issue.record("not a route"); return }
        let result = Router.route(request)
        #expect(result.isReached)
        let scene = RouteScene.make(result, theme: .light)
        let ghost = try #require(scene.nodes.first { $0.classes.contains("ghost") })
        #expect(ghost.id == "product~entered")
        #expect(ghost.badges.map(\.text) == ["1"])
        #expect(ghost.classes.contains("final") && ghost.classes.contains("destination"))
        #expect(scene.edges.contains { $0.from == Self.p12 && $0.to == ghost.id })
        #expect(scene.nodes.filter { $0.classes.contains("destination") }.count == 6)
    }

    /// The animation's stable layout keeps the products apart, and each keeps its place in
    /// every frame it is in.
    @Test func theStableLayoutKeepsTheProductsApart() throws {
        guard case .sequence(let s) = try Samples.load("shop-related.sequence.json") else { Issue.record("not a sequence"); return }
        let timeline = TimelineBuilder.sequence(s, dialect: .navviz)
        let scenes = AnimationPlan.frames(timeline, theme: .light).map(\.scene)
        let layout = try StableLayout.compute(scenes)
        let places = [Self.p7, Self.p12, Self.p7again].map { layout.positions[$0] }
        #expect(places.allSatisfy { $0 != nil })
        #expect(Set(places.compactMap { $0.map { "\($0.x),\($0.y)" } }).count == 3)
        // The first product is `product` in every frame it is in, so it never moves.
        for scene in scenes where scene.nodes.contains(where: { $0.tooltip.contains("context: id=7") }) {
            #expect(scene.nodes.contains { $0.id == Self.p7 })
        }
    }
}
