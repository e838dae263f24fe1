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
            let parts = drawing.stable!.parts(frame.scene)
            return parts.boxes.isEmpty && SVGComposer.emitOrder(parts) != nil
        }
        #expect(Double(drawing.composer?.composed ?? 0) >= 1.5 * Double(composable.count), "\(name): frames drawn whole")
    }

    /// Graphviz's walk: each node, then for each out-edge its head and the edge.
    @Test func emitOrderFollowsGraphviz() {
        var parts = DOTParts()
        parts.nodes = ["n0", "n1", "n2", "n3"].map { DOTParts.Node(name: $0, text: $0) }
        parts.edges = [("n0", "n2"), ("n0", "n1"), ("n2", "n3")].map { DOTParts.Edge(tail: $0, head: $1, text: "\($0)->\($1)") }
        let order = SVGComposer.emitOrder(parts)?.map { item -> String in
            switch item {
            case .node(let i): parts.nodes[i].name
            case .edge(let i): parts.edges[i].text
            }
        }
        #expect(order == ["n0", "n2", "n0->n2", "n1", "n0->n1", "n3", "n2->n3"])
    }
}
