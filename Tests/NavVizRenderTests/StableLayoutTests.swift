import PropertyBased
import Foundation
import Testing
import NavVizCore
@_spi(Internals) @testable import NavVizRender
import _NavVizTestSupport

/// Frames drawn from one union layout: nodes keep their place and the canvas its size.
struct StableLayoutTests {
    static func textPosition(of id: String, in svg: String) -> String? {
        guard let g = svg.range(of: "<g id=\"node&#45;\(id)\"") else { return nil }
        guard let t = svg.range(of: "<text ", range: g.upperBound..<svg.endIndex) else { return nil }
        let rest = svg[t.upperBound...]
        guard let x = rest.range(of: "x=\""), let yEnd = rest.range(of: "\" font-family") else { return nil }
        return String(rest[x.lowerBound..<yEnd.lowerBound])
    }

    static func canvas(_ svg: String) -> String? {
        guard let r = svg.range(of: "<svg width=\""), let end = svg.range(of: " viewBox", range: r.upperBound..<svg.endIndex) else { return nil }
        return String(svg[r.lowerBound..<end.lowerBound])
    }

    /// A worker sends a layout's geometry back as names and numbers; it reads back the same,
    /// and bytes cut short or followed by more do not read at all.
    @Test func geometryTravelsFromTheWorkerIntact() throws {
        let geometry = try Graphviz.shared.geometry(dot: "digraph { a -> b; a -> c; c [label=\"a wider label\"] }")
        #expect(geometry.nodes.count == 3 && geometry.edges.count == 2)
        let bytes = geometry.encoded()
        #expect(Graphviz.Geometry(encoded: bytes) == geometry)
        #expect(Graphviz.Geometry(encoded: Array(bytes.dropLast())) == nil)
        #expect(Graphviz.Geometry(encoded: bytes + [0]) == nil)
    }

    /// A union is laid out from DOT without its nodes' and edges' ids, classes, colours and
    /// tooltips (``DOTEncoder/Options/layoutOnly``): the geometry is the one its whole DOT
    /// gives, node for node and spline for spline, for every sample's union in both themes.
    @Test(arguments: PackagePaths.allSamples())
    func aLayoutOnlyDOTLaysOutAsTheWholeOne(name: String) throws {
        for theme in [Theme.light, .dark] {
            let frames = AnimationPlan.frames(TimelineBuilder.build(try Samples.load(name)), granularity: .op, theme: theme)
            guard !frames.isEmpty else { continue }
            let union = StableLayout.unionScene(frames.map(\.scene))
            var lean = DOTEncoder.Options()
            lean.layoutOnly = true
            let whole = try Graphviz.shared.geometry(dot: DOTEncoder.encode(union))
            #expect(try Graphviz.shared.geometry(dot: DOTEncoder.encode(union, options: lean)) == whole, "\(name)")
            #expect(!whole.nodes.isEmpty, "\(name)")
        }
    }

    @Test func sharedNodesDoNotMove() throws {
        let a = try Samples.tree(#"{"id": "tabs", "kind": "tabs", "active": "home", "children": [{"id": "home"}, {"id": "chats", "active": "chat", "children": [{"id": "chat"}]}]}"#)
        let b = try Samples.tree(#"{"id": "tabs", "kind": "tabs", "active": "settings", "children": [{"id": "home", "active": "feed", "children": [{"id": "feed"}]}, {"id": "settings"}]}"#)
        let scenes = [TreeScene.make(a, theme: .light), TreeScene.make(b, theme: .light)]
        let layout = try StableLayout.compute(scenes)
        let svgs = try scenes.map { String(decoding: try Graphviz.shared.render(dot: layout.dot($0), format: .svg, engine: StableLayout.engine), as: UTF8.self) }
        for id in ["tabs", "home"] {
            let p0 = Self.textPosition(of: id, in: svgs[0]), p1 = Self.textPosition(of: id, in: svgs[1])
            #expect(p0 != nil && p0 == p1, "\(id) moved: \(p0 ?? "-") vs \(p1 ?? "-")")
        }
        #expect(Self.canvas(svgs[0]) == Self.canvas(svgs[1]))
        #expect(!svgs[1].contains("node&#45;chat\""))
        #expect(layout.positions.count == 6)
    }

    /// Edges are pinned to the union's splines, so nop2 routes nothing and an edge shared by
    /// two frames is drawn along the same path in both.
    @Test func edgesArePinnedToTheUnionSplines() throws {
        let a = try Samples.tree(#"{"id": "tabs", "kind": "tabs", "active": "home", "children": [{"id": "home"}, {"id": "chats", "active": "chat", "children": [{"id": "chat"}]}]}"#)
        let b = try Samples.tree(#"{"id": "tabs", "kind": "tabs", "active": "chats", "children": [{"id": "home", "active": "feed", "children": [{"id": "feed"}]}, {"id": "chats", "active": "chat", "children": [{"id": "chat"}]}]}"#)
        let scenes = [TreeScene.make(a, theme: .light), TreeScene.make(b, theme: .light)]
        let layout = try StableLayout.compute(scenes)
        for scene in scenes {
            let edgeLines = layout.dot(scene).split(separator: "\n").filter { $0.contains(" -> ") }
            #expect(!edgeLines.isEmpty && edgeLines.allSatisfy { $0.contains("pos=\"e,") })
        }
        func path(_ svg: String) -> Substring? {
            guard let g = svg.range(of: "<g id=\"edge&#45;chats&#45;chat\""),
                  let d = svg.range(of: " d=\"", range: g.upperBound..<svg.endIndex),
                  let end = svg.range(of: "\"", range: d.upperBound..<svg.endIndex) else { return nil }
            return svg[d.upperBound..<end.lowerBound]
        }
        let svgs = try scenes.map { String(decoding: try Graphviz.shared.render(dot: layout.dot($0), format: .svg, engine: StableLayout.engine), as: UTF8.self) }
        #expect(path(svgs[0]) != nil && path(svgs[0]) == path(svgs[1]))
    }

    /// A node's width counts characters: counted from bytes for ASCII text, it is what
    /// `String.count` says for any text (CR LF is one character; so is é spelt as two scalars).
    @Test func charactersAreCountedAsStringCountCountsThem() async {
        let alphabet = Array("ab \r\n\té\u{301}⇄😀\u{7F}".unicodeScalars)
        await propertyCheck(count: 1000, input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...20)) { picks in
            var text = ""
            for k in picks { text.unicodeScalars.append(alphabet[k]) }
            #expect(StableLayout.characters(text) == text.count, "\(Array(text.utf8))")
        }
    }

    /// The union of frames added one at a time holds every node once, in first appearance,
    /// in its widest look, and every edge once, whichever frames repeat the one before.
    @Test func theUnionHoldsEachNodeAndEdgeOnce() throws {
        let frames = AnimationPlan.frames(TimelineBuilder.build(try Samples.load("tab-switch.sequence.json")), granularity: .op, theme: .light)
        let scenes = frames.map(\.scene)
        // Each scene twice in a row, then all of them again in reverse: the memo of the frame
        // before is hit, missed, and hit again.
        let union = StableLayout.unionScene(scenes.flatMap { [$0, $0] } + scenes.reversed())
        var ids: [String] = []
        for scene in scenes { for node in scene.nodes where !ids.contains(node.id) { ids.append(node.id) } }
        #expect(union.nodes.map(\.id) == ids)
        var ends: [String] = []
        for scene in scenes { for edge in scene.edges where !ends.contains(edge.from + " " + edge.to) { ends.append(edge.from + " " + edge.to) } }
        #expect(union.edges.map { $0.from + " " + $0.to } == ends)
        for node in union.nodes {
            let widest = scenes.flatMap(\.nodes).filter { $0.id == node.id }.map(StableLayout.width).max()
            #expect(StableLayout.width(node) == widest, "\(node.id)")
        }
    }

    /// Frames pinned one after another, each finding its slots at their places in the frame
    /// before, are the frames pinned each on its own, in any order.
    @Test(arguments: ["tab-switch.sequence.json", "shop-related.sequence.json", "katana-tabs.script.json"])
    func pinningAfterAFrameIsPinningAlone(name: String) throws {
        let frames = AnimationPlan.frames(TimelineBuilder.build(try Samples.load(name)), granularity: .op, theme: .light)
        let scenes = frames.map(\.scene)
        let layout = try StableLayout.compute(scenes)
        var memo = StableLayout.PinMemo()
        for scene in scenes + scenes.reversed() {
            let pinned = layout.pin(scene, memo: &memo)
            #expect(pinned == layout.pin(scene))
            #expect(pinned.nodes.allSatisfy { $0.slot.map { layout.nodeIDs[$0] } == $0.id })
        }
    }
}
