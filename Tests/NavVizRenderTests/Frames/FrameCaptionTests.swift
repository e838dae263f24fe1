import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import NavVizCore
@_spi(Internals) @testable import NavVizRender
import _NavVizTestSupport

/// Every drawn frame stands alone: its caption says which frame and step it is, what caused
/// it and what its marks mean; PNG frames are steady pictures within a bounded canvas; an
/// empty tree is drawn as "empty tree".
struct FrameCaptionTests {
    static func frames(_ sample: String) throws -> [AnimationFrame] {
        AnimationPlan.frames(TimelineBuilder.build(try Samples.load(sample)), theme: .light)
    }

    @Test func captionSaysFrameStepLabelAndMarks() throws {
        let frames = try Self.frames("nivelir-deeplink.script.json").map(\.info)
        #expect(FrameCaption.lines(frames[0], number: 1, count: 7) == ["Frame 1/7 · start: initial", "the first state; its active path emphasised"])
        #expect(FrameCaption.lines(frames[1], number: 2, count: 7) == [
            "Frame 2/7 · step 1: dismiss the settings modal",
            "pending, not yet applied: pop ×1; badges number the execution order",
        ])
        #expect(FrameCaption.lines(frames[2], number: 3, count: 7) == [
            "Frame 3/7 · step 1: dismiss the settings modal", "applied: the state after step 1 (pop ×1)",
        ])
    }

    /// A frame written in one pass with its caption's band (its head with the `<svg>` tag
    /// grown, its body, the band before its last `</svg>`) is byte for byte what
    /// ``FrameCaption/append(_:to:theme:)`` makes of the frame written without it; without
    /// lines, or with the tag not (wholly) in the head, there is no band.
    @Test func bandWrittenInOnePassEqualsAppend() throws {
        let head = Array("<?xml version=\"1.0\"?>\n<svg width=\"120pt\" height=\"80pt\"\n viewBox=\"0.00 0.00 120.00 80.00\" xmlns=\"http://www.w3.org/2000/svg\">\n<g id=\"graph0\">\n".utf8)
        let body = Array("<!-- n1 -->\n<g id=\"node1\"><text>a &amp; b</text></g>\n".utf8)
        let tail = Array("<!-- anchor0 -->\n</g>\n</svg>\n".utf8)
        let lines = ["Frame 1/2 · step 1: <push>", "applied: the state after step 1 (push ×1)"]
        let band = try #require(FrameCaption.Band(lines, head: head, theme: .dark))
        var out: [UInt8] = []
        head.withUnsafeBufferPointer { band.writeHead($0, into: &out) }
        out += body
        let end = try #require(tail.indices.last { tail[$0...].starts(with: "</svg>".utf8) })
        out += tail[..<end]
        out += band.caption
        out += tail[end...]
        let appended = FrameCaption.append(lines, to: head + body + tail, theme: .dark)
        #expect(out == appended)
        #expect(appended.count == head.count + body.count + tail.count + band.growth)
        #expect(String(decoding: out, as: UTF8.self).contains("height=\"122pt\""))
        #expect(FrameCaption.Band([], head: head, theme: .dark) == nil)
        let cut = Array(head[..<(head.firstIndex(of: UInt8(ascii: ">"))! + 40)])
        #expect(FrameCaption.Band(lines, head: cut, theme: .dark) == nil)
    }

    /// The caption is a band below an SVG frame: the canvas grows by the band, the text is
    /// escaped, the SVG stays well-formed.
    @Test func svgFramesCarryTheirCaption() throws {
        let frames = try Self.frames("nivelir-deeplink.script.json")
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        let plain = try drawing.render([frames[1]], png: true)[0]
        let captioned = try drawing.render([frames[1]], png: true, captions: [["Frame 2/7 · <step> & 1", "pending"]])[0]
        let svg = String(decoding: captioned.svg, as: UTF8.self)
        #expect(svg.contains(">Frame 2/7 · &lt;step&gt; &amp; 1</text>"))
        #expect(svg.contains("<g id=\"caption\" class=\"caption\">"))
        func height(_ svg: [UInt8]) -> Double? {
            let text = String(decoding: svg, as: UTF8.self)
            guard let r = text.range(of: "height=\""), let end = text[r.upperBound...].range(of: "pt\"") else { return nil }
            return Double(text[r.upperBound..<end.lowerBound])
        }
        let before = try #require(height(plain.svg)), after = try #require(height(captioned.svg))
        let grown = after - before
        #expect(abs(grown - 42) < 0.5, "two lines and the padding: \(grown)")
        #expect(XMLParser(data: Data(captioned.svg)).parse())
        // PNG frames get it from Graphviz, as the graph's label, in a band above the nodes
        // that is as high whatever the caption says: the same picture, with text in the band.
        let plainPNG = try #require(plain.png), captionedPNG = try #require(captioned.png)
        let a = try #require(LibGD.pixels(plainPNG)), b = try #require(LibGD.pixels(captionedPNG))
        #expect(a.width == b.width && a.height == b.height)
        func inked(_ image: (width: Int, height: Int, rgb: [UInt32]), rows: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in sum + (0..<image.width).filter { image.rgb[y * image.width + $0] != image.rgb[0] }.count }
        }
        // The band: the rows above the nodes' first (Graphviz 2.43 sets the caption at the
        // band's top, 14.1.3 about 40 px lower; both inside it, clear of the nodes).
        let top = (0..<a.height).first { inked(a, rows: $0..<($0 + 1)) > 0 } ?? a.height
        #expect(top >= 60, "a band above the nodes: \(top) px")
        #expect(inked(b, rows: 0..<top) > 50, "the caption's first line is in the band")
        #expect(inked(a, rows: top..<a.height) == inked(b, rows: top..<b.height), "the nodes are where they were")
    }

    /// A frame wider than the bound is scaled down as far as labels stay readable, then cut
    /// to the nodes around its changes, and its caption says how many it shows.
    @Test func widePNGFramesStayWithinTheBound() throws {
        let children = (0..<150).map { "{\"id\": \"s\($0)\", \"label\": \"Screen number \($0)\"}" }.joined(separator: ",")
        let wide = try Samples.tree("{\"id\": \"root\", \"kind\": \"stack\", \"active\": \"s75\", \"children\": [\(children)]}")
        let narrow = try Samples.tree("{\"id\": \"root\", \"kind\": \"stack\", \"active\": \"s1\", \"children\": [{\"id\": \"s1\"}]}")
        let timeline = TimelineBuilder.build(Document.sequence(SnapshotSequence(snapshots: [Snapshot(label: "wide", tree: wide), Snapshot(label: "narrow", tree: narrow)])))
        let frames = AnimationPlan.frames(timeline, theme: .light)
        let drawing = try AnimationRenderer.prepare(frames, layout: .stable)
        let dot = AnimationRenderer.Drawing(stable: drawing.stable, pinned: true).pngDOTs([frames[0]], captions: [["wide"]], maxPixels: 1280)[0]
        #expect(dot.contains("showing "), "the caption says the frame is cut")
        for maxPixels in [1280, 600] {
            let drawn = try drawing.render(frames, png: true, captions: [["wide"], ["narrow"]], maxPixels: maxPixels)
            for (i, frame) in drawn.enumerated() {
                let bytes = try #require(frame.png)
                let png = try #require(LibGD.pixels(bytes))
                #expect(png.width <= maxPixels && png.height <= maxPixels, "frame \(i + 1): \(png.width)x\(png.height)")
                #expect(png.width > 100, "frame \(i + 1) is framed on its nodes, not shrunk to nothing")
            }
        }
    }

    @Test func emptyTreeIsDrawnAsSuch() throws {
        let scene = TreeScene.make(Tree(), theme: .light)
        #expect(DOTEncoder.encode(scene).contains("label=\"empty tree\""))
        let svg = String(decoding: try Graphviz.shared.render(dot: DOTEncoder.encode(scene), format: .svg), as: UTF8.self)
        #expect(svg.contains(">empty tree</text>"))
    }
}
