import Testing
import NavVizCore
@_spi(Internals) @testable import NavVizRender
import _NavVizTestSupport

/// A composed frame is byte for byte what Graphviz draws from the frame's whole DOT.
struct SVGComposerTests {
    /// Every sample with more than one frame, in both step modes and both themes.
    static let cases: [(String, FrameGranularity, Theme)] = PackagePaths.allSamples().flatMap { name in
        [(name, FrameGranularity.transition, Theme.light), (name, .op, .dark)]
    }

    @Test(arguments: cases.indices)
    func composedFramesEqualDirectRenders(index: Int) throws {
        let (name, step, theme) = Self.cases[index]
        let document = try Samples.load(name)
        let timeline = TimelineBuilder.build(document)
        guard timeline.states.count > 1 else { return }
        let frames = AnimationPlan.frames(timeline, granularity: step, theme: theme)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        // Twice over, so the second pass is composed entirely from pieces. Each frame's direct
        // render is drawn once (the same DOT through the same Graphviz) and compared with both.
        var directs: [[UInt8]] = []
        for pass in 0..<2 {
            for (i, frame) in frames.enumerated() {
                let composed = try drawing.render(frame, png: false).svg
                if pass == 0 { directs.append(try drawing.renderDirectly(frame)) }
                let direct = directs[i]
                #expect(composed == direct, "\(name) frame \(i + 1) (\(step), composed \(composed.count) bytes, direct \(direct.count))")
            }
        }
        // Frames with two edges between the same nodes are drawn whole; so are a few with a
        // piece near the canvas's edge. Frames with change boxes are composed too.
        let composable = frames.filter { frame in
            SVGComposer.emitOrder(drawing.stable.pin(frame.scene)) != nil
        }
        #expect(Double(drawing.composer?.composed ?? 0) >= 1.5 * Double(composable.count), "\(name): frames drawn whole")
    }

    /// A planner that draws each window's first looks ahead (an animation whose scenes are
    /// kept) gives drawings whose first chunk needs no look drawn, whose frames are the
    /// bytes of direct renders (and, as PNG, of a drawing that drew nothing ahead), and
    /// whose second `drawing()` starts afresh; past `prefetchedWindows` windows, drawings
    /// start afresh too.
    @Test func windowsDrawnAheadComposeTheSameBytes() throws {
        let timeline = TimelineBuilder.build(try DocumentReader.log(Array(SessionLog.ndjson(transitions: 60, seed: 5).utf8)))
        let frames = AnimationPlan.frames(timeline, theme: .light)
        var planner = AnimationRenderer.Planner(layout: .stable, windowNodes: 12, prefetch: true)
        let scenes = try planner.add(frames)
        let held = zip(frames, scenes).map { $0.holding($1) }
        let windows = try planner.windows()
        #expect(windows.count > AnimationRenderer.Planner.prefetchedWindows)
        for (k, window) in windows.enumerated() {
            let drawing = try window.drawing()
            let composer = try #require(drawing.composer)
            let ahead = k < AnimationRenderer.Planner.prefetchedWindows
            #expect((composer.drawings > 0) == ahead, "window \(k): \(composer.drawings) looks drawn ahead")
            let before = composer.drawings
            let first = Array(held[window.frames].prefix(AnimationRenderer.Planner.prefetchedFrames))
            // The first window's frames as PNG too, compared below with a fresh drawing's.
            let png = k == 0
            let composed = try drawing.prepare(first, png: png).finish()
            if ahead { #expect(composer.drawings == before, "window \(k): its first chunk drew looks") }
            for (frame, rendered) in zip(first, composed) {
                #expect(rendered.svg == (try drawing.renderDirectly(frame)), "window \(k)")
            }
            let fresh = try window.drawing()
            #expect(fresh.composer?.drawings == 0)
            if png {
                let again = try fresh.prepare(first, png: true).finish()
                #expect(again.map(\.svg) == composed.map(\.svg))
                #expect(again.map(\.png) == composed.map(\.png) && composed.allSatisfy { $0.png != nil })
            }
        }
    }

    /// A composer that must start afresh every few frames still composes the same bytes.
    @Test func boundedCacheGivesTheSameBytes() throws {
        let timeline = TimelineBuilder.build(try Samples.load("nivelir-deeplink.script.json"))
        let frames = AnimationPlan.frames(timeline, theme: .light)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        let stable = drawing.stable
        let small = SVGComposer(layout: stable, maxPieces: 3)
        for (i, frame) in frames.enumerated() {
            let bounded = try small.svg(stable.pin(frame.scene))
            #expect(bounded == (try drawing.renderDirectly(frame)), "frame \(i + 1)")
        }
        #expect(small.composed > 0)
    }

    /// A chunk's pieces, once found (``SVGComposer/prepare(_:captions:)``), are joined into
    /// the same bytes however much the composer has drawn or forgotten since: chunks of a
    /// 60-transition session prepared one after the other, by a composer that starts afresh
    /// every few looks, and joined only at the end, last chunk first.
    @Test func chunksPreparedAheadJoinToTheSameBytes() throws {
        let timeline = TimelineBuilder.build(try DocumentReader.log(Array(SessionLog.ndjson(transitions: 60, seed: 3).utf8)))
        let frames = AnimationPlan.frames(timeline, theme: .light)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        let stable = drawing.stable
        let small = SVGComposer(layout: stable, maxPieces: 40)
        let chunks = stride(from: 0, to: frames.count, by: 16).map { $0..<min($0 + 16, frames.count) }
        #expect(chunks.count >= 6)
        var prepared: [SVGComposer.Prepared] = []
        for chunk in chunks {
            prepared.append(try small.prepare(frames[chunk].map { stable.pin($0.scene) },
                                              captions: chunk.map { ["Frame \($0 + 1)/\(frames.count)"] }))
        }
        for (chunk, ready) in zip(chunks, prepared).reversed() {
            let svgs = ready.svgs()
            #expect(svgs.count == chunk.count)
            for (i, svg) in zip(chunk, svgs) {
                let direct = FrameCaption.append(["Frame \(i + 1)/\(frames.count)"], to: try drawing.renderDirectly(frames[i]), theme: .light)
                #expect(svg == direct, "frame \(i + 1)")
            }
        }
        #expect(small.composed > frames.count / 2)
    }

    /// Transitions that replace several stacks at once: pending frames with two and three
    /// change boxes (clusters), one with a context.
    static let boxes = #"""
    {"navviz": 1, "title": "boxes", "frames": [
     {"label": "start", "tree": {"id": "tabBar", "kind": "tabs", "active": "tab1", "children": [
      {"id": "tab1", "kind": "stack", "active": "one", "children": [{"id": "one"}]},
      {"id": "tab2", "kind": "stack", "active": "two", "children": [{"id": "two"}]},
      {"id": "tab3", "kind": "stack", "active": "three", "children": [{"id": "three"}]}]}},
     {"label": "replace every stack", "tree": {"id": "tabBar", "kind": "tabs", "active": "tab2", "children": [
      {"id": "tab1", "kind": "stack", "active": "a2", "children": [{"id": "a1"}, {"id": "a2"}]},
      {"id": "tab2", "kind": "stack", "active": "b1", "children": [{"id": "b1"}]},
      {"id": "tab3", "kind": "stack", "active": "c2", "children": [{"id": "c1"}, {"id": "c2"}]}]}},
     {"label": "replace two again", "tree": {"id": "tabBar", "kind": "tabs", "active": "tab3", "children": [
      {"id": "tab1", "kind": "stack", "active": "a3", "children": [{"id": "a3"}]},
      {"id": "tab2", "kind": "stack", "active": "b1", "children": [{"id": "b1"}]},
      {"id": "tab3", "kind": "stack", "active": "c3", "children": [{"id": "c3", "context": {"id": "7"}}]}]}},
     {"label": "and back", "tree": {"id": "tabBar", "kind": "tabs", "active": "tab1", "children": [
      {"id": "tab1", "kind": "stack", "active": "one", "children": [{"id": "one"}]},
      {"id": "tab2", "kind": "stack", "active": "two", "children": [{"id": "two"}]},
      {"id": "tab3", "kind": "stack", "active": "three", "children": [{"id": "three"}]}]}}]}
    """#

    /// Frames with several change boxes are composed, byte for byte what Graphviz draws from
    /// their whole DOT, whether drawn in one chunk or one by one.
    @Test(arguments: FrameGranularity.allCases)
    func framesWithBoxesAreComposed(step: FrameGranularity) throws {
        let timeline = TimelineBuilder.build(try Samples.document(Self.boxes))
        let frames = AnimationPlan.frames(timeline, granularity: step, theme: .light)
        let boxed = frames.filter { $0.scene.boxes.count >= 2 }
        #expect(boxed.count >= 2)
        for chunked in [true, false] {
            let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
            let rendered = chunked ? try drawing.render(frames, png: false) : try frames.map { try drawing.render($0, png: false) }
            for (i, frame) in frames.enumerated() {
                let direct = try drawing.renderDirectly(frame)
                #expect(rendered[i].svg == direct, "frame \(i + 1) (\(step), chunked: \(chunked))")
            }
            #expect(drawing.composer?.composed == frames.count, "\(step), chunked: \(chunked): frames drawn whole")
        }
    }

    /// A chunk's missing looks are drawn together: graph k holds the k-th new look of each
    /// node and edge, so Graphviz is asked about as often as one node has looks, not once a
    /// frame, and never to draw a frame whole.
    @Test func chunksNeedFewGraphvizCalls() throws {
        for name in ["tempura-showhide.script.json", "katana-tabs.script.json", "boxes"] {
            let document = name == "boxes" ? try Samples.document(Self.boxes) : try Samples.load(name)
            let frames = AnimationPlan.frames(TimelineBuilder.build(document), granularity: .op, theme: .light)
            let oneByOne = try AnimationRenderer.prepare(frames, layout: .stable)
            for frame in frames { _ = try oneByOne.render(frame, png: false) }
            let chunked = try AnimationRenderer.prepare(frames, layout: .stable)
            _ = try chunked.render(frames, png: false)
            // The most looks one node, edge or box (by cluster number) has across the frames.
            let stable = chunked.stable
            let pinned = frames.map { stable.pin($0.scene) }
            var looks: [String: Set<String>] = [:]
            for scene in pinned {
                for node in scene.nodes { looks["n " + node.id, default: []].insert("\(node)") }
                for edge in scene.edges { looks["e \(edge.from) \(edge.to)", default: []].insert("\(edge)") }
                for box in scene.boxes { looks["b " + box.id, default: []].insert("\(box.look)") }
            }
            let most = looks.values.map(\.count).max() ?? 0
            let calls = chunked.composer!.drawings, before = oneByOne.composer!.drawings
            #expect(calls <= most, "\(name): \(calls) Graphviz calls for \(frames.count) frames (one by one: \(before))")
            #expect(calls < before, "\(name): \(calls) Graphviz calls chunked, \(before) one by one")
            #expect(chunked.composer!.composed == frames.count, "\(name): frames drawn whole")
        }
    }

    /// A composed frame is written with its caption: the bytes ``FrameCaption/append(_:to:theme:)``
    /// gives for the frame Graphviz draws whole, every frame composed.
    @Test(arguments: ["nivelir-deeplink.script.json", "boxes"])
    func captionedFramesEqualCaptionedDirectRenders(name: String) throws {
        let document = name == "boxes" ? try Samples.document(Self.boxes) : try Samples.load(name)
        let frames = AnimationPlan.frames(TimelineBuilder.build(document), granularity: .op, theme: .dark)
        let captions = frames.indices.map { FrameCaption.lines(frames[$0].info, number: $0 + 1, count: frames.count) }
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        let rendered = try drawing.render(frames, png: false, captions: captions)
        for (i, frame) in frames.enumerated() {
            let direct = FrameCaption.append(captions[i], to: try drawing.renderDirectly(frame), theme: frame.scene.theme)
            #expect(rendered[i].svg == direct, "\(name) frame \(i + 1)")
            #expect(rendered[i].svg.count > (try drawing.renderDirectly(frame)).count, "\(name) frame \(i + 1): no caption")
        }
        #expect(drawing.composer?.composed == frames.count, "\(name): frames drawn whole")
    }

    /// The emit order is kept for the next frame only while the frames have the same node ids
    /// and edge ends, in the same order; looks do not count.
    @Test func emitOrderIsKeptForTheSameNodesAndEdges() {
        func scene(_ ids: [String], _ ends: [(String, String)], fill: String = "") -> Scene {
            var scene = Scene(theme: .light)
            scene.nodes = ids.map {
                SceneNode(id: $0, title: $0, subtitle: nil, shape: "box", styles: [], stroke: "", fill: fill, fontColor: "",
                          penWidth: 1, classes: [], tooltip: "")
            }
            scene.edges = ends.map { SceneEdge(from: $0, to: $1, color: "", penWidth: 1, classes: []) }
            return scene
        }
        let memo = SVGComposer.OrderMemo(scene(["a", "b", "c"], [("a", "b"), ("a", "c")]))
        #expect(memo.order?.count == 5)
        #expect(memo.holds(for: scene(["a", "b", "c"], [("a", "b"), ("a", "c")], fill: "#f00")))
        #expect(!memo.holds(for: scene(["a", "c", "b"], [("a", "b"), ("a", "c")])))
        #expect(!memo.holds(for: scene(["a", "b", "c"], [("a", "c"), ("a", "b")])))
        #expect(!memo.holds(for: scene(["a", "b", "c"], [("a", "b"), ("b", "c")])))
        #expect(!memo.holds(for: scene(["a", "b", "c", "d"], [("a", "b"), ("a", "c")])))
        #expect(!memo.holds(for: scene(["a", "b", "c"], [("a", "b")])))
        // Two edges between the same nodes: no order, and that is kept too.
        let twice = SVGComposer.OrderMemo(scene(["a", "b"], [("a", "b"), ("a", "b")]))
        #expect(twice.order == nil)
        #expect(twice.holds(for: scene(["a", "b"], [("a", "b"), ("a", "b")])))
    }

    /// A pinned frame's emit order found by its slots is the order found by its ids, for
    /// every frame of every sample; the memo made by slots holds for the frame it was made
    /// of and not for a frame with a node or an edge more, fewer or elsewhere.
    @Test(arguments: PackagePaths.allSamples())
    func emitOrderBySlotsIsTheOrderByIds(name: String) throws {
        func text(_ order: [SVGComposer.Item]?) -> [String]? {
            order?.map { item in
                switch item {
                case .node(let i): "n\(i)"
                case .edge(let i): "e\(i)"
                }
            }
        }
        let frames = AnimationPlan.frames(TimelineBuilder.build(try Samples.load(name)), granularity: .op, theme: .light)
        guard !frames.isEmpty else { return }
        let layout = try StableLayout.compute(frames.map(\.scene))
        for (i, frame) in frames.enumerated() {
            let pinned = layout.pin(frame.scene)
            let memo = SVGComposer.OrderMemo(pinned, layout: layout)
            #expect(text(memo.order) == text(SVGComposer.emitOrder(pinned)), "\(name) frame \(i + 1)")
            #expect(memo.holds(for: pinned))
            var fewer = pinned
            if !fewer.edges.isEmpty {
                fewer.edges.removeLast()
                #expect(!memo.holds(for: fewer))
            }
            if pinned.nodes.count > 1 {
                var swapped = pinned
                swapped.nodes.swapAt(0, 1)
                #expect(!memo.holds(for: swapped))
            }
        }
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

    /// A frame pinned to another layout (its slots are another layout's) is drawn whole,
    /// as a direct render of it gives, never composed of the pieces of the nodes that hold
    /// its slots here.
    @Test func framesPinnedToAnotherLayoutAreDrawnWhole() throws {
        let frames = AnimationPlan.frames(TimelineBuilder.build(try Samples.load("tab-switch.sequence.json")), granularity: .op, theme: .light)
        let scenes = frames.map(\.scene)
        let here = try StableLayout.compute(scenes)
        let elsewhere = try StableLayout.compute(Array(scenes.reversed()))
        #expect(here.nodeIDs != elsewhere.nodeIDs)
        let composer = SVGComposer(layout: here)
        for scene in scenes.prefix(4) {
            let pinned = elsewhere.pin(scene)
            let direct = try Graphviz.shared.render(dot: here.encode(pinned), format: .svg, engine: StableLayout.engine)
            #expect(try composer.svg(pinned) == direct)
        }
    }
}
