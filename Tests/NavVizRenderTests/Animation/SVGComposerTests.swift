import Testing
import NavVizCore
@testable import NavVizRender
import _NavVizTestSupport

/// A composed frame is byte for byte what Graphviz draws from the frame's whole DOT.
struct SVGComposerTests {
    /// Every sample with more than one frame, in both step modes and both themes.
    static let cases: [(String, StepMode, Theme)] = PackagePaths.allSamples().flatMap { name in
        [(name, StepMode.transition, Theme.light), (name, .op, .dark)]
    }

    @Test(arguments: cases.indices)
    func composedFramesEqualDirectRenders(index: Int) throws {
        let (name, step, theme) = Self.cases[index]
        let document = try Samples.load(name)
        guard let timeline = try? TimelineBuilder.build(document), timeline.frames.count > 1 else { return }
        let frames = AnimationPlan.frames(timeline, step: step, theme: theme)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        // Twice over, so the second pass is composed entirely from pieces.
        for _ in 0..<2 {
            for (i, frame) in frames.enumerated() {
                let composed = try drawing.render(frame, png: false).svg
                let direct = try drawing.renderDirectly(frame)
                #expect(composed == direct, "\(name) frame \(i + 1) (\(step), composed \(composed.count) bytes, direct \(direct.count))")
            }
        }
        // Frames with change boxes, or two edges between the same nodes, are drawn whole; so
        // are a few with a piece near the canvas's edge.
        let composable = frames.filter { frame in
            let pinned = drawing.stable!.pin(frame.scene)
            return pinned.boxes.isEmpty && SVGComposer.emitOrder(pinned) != nil
        }
        #expect(Double(drawing.composer?.composed ?? 0) >= 1.5 * Double(composable.count), "\(name): frames drawn whole")
    }

    /// A composer that must start afresh every few frames still composes the same bytes.
    @Test func boundedCacheGivesTheSameBytes() throws {
        let timeline = try TimelineBuilder.build(try Samples.load("nivelir-deeplink.script.json"))
        let frames = AnimationPlan.frames(timeline, theme: .light)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        let stable = try #require(drawing.stable)
        let small = SVGComposer(layout: stable, maxPieces: 3)
        for (i, frame) in frames.enumerated() {
            let bounded = try small.svg(stable.pin(frame.scene))
            #expect(bounded == (try drawing.renderDirectly(frame)), "frame \(i + 1)")
        }
        #expect(small.composed > 0)
    }

    /// Graphviz's walk: each node, then for each out-edge its head and the edge; an edge
    /// whose end is not drawn is left out, as the DOT leaves it out.
    @Test func emitOrderFollowsGraphviz() {
        var scene = Scene(theme: .light)
        scene.nodes = ["a", "b", "c", "d"].map {
            SceneNode(id: $0, title: $0, subtitle: nil, shape: "box", styles: [], stroke: "", fill: "", fontColor: "",
                      penWidth: 1, classes: [], tooltip: "")
        }
        scene.edges = [("a", "c"), ("a", "b"), ("c", "d"), ("c", "gone")].map {
            SceneEdge(from: $0, to: $1, color: "", penWidth: 1, classes: [])
        }
        let order = SVGComposer.emitOrder(scene)?.map { item -> String in
            switch item {
            case .node(let i): scene.nodes[i].id
            case .edge(let i): "\(scene.edges[i].from)->\(scene.edges[i].to)"
            }
        }
        #expect(order == ["a", "c", "a->c", "b", "a->b", "d", "c->d"])
    }
}
