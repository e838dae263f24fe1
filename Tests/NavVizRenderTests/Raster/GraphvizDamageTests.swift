import Foundation
import Testing
import NavVizCore
@_spi(Internals) @testable import NavVizRender
import _NavVizTestSupport

/// A worker draws a PNG frame only where it differs from the frame it drew before
/// (``GraphvizDamage``): the pages come out with every pixel of the page drawn whole, frame
/// after frame of long sessions (their change boxes included), and when only the order
/// Graphviz draws unchanged objects in changes; the view maps a graph's points to the pixels
/// cairo draws them on; an encoder told which rows changed writes the bytes a fresh one
/// writes.
struct GraphvizDamageTests {
    /// Every PNG frame of a session, drawn in order by one worker (each drawn only where it
    /// differs from the one before), is the bytes of the same frame drawn whole (after a page
    /// with no viewport, which is never drawn in part and leaves nothing to compare with).
    @Test(arguments: [5, 21] as [UInt64])
    func pagesDrawnInPartHaveTheWholePagesBytes(seed: UInt64) throws {
        let timeline = TimelineBuilder.build(try DocumentReader.log(Array(SessionLog.ndjson(transitions: 120, seed: seed).utf8)))
        let frames = AnimationPlan.frames(timeline, theme: .light)
        var planner = AnimationRenderer.Planner(layout: .stable)
        try planner.add(frames)
        var pages: [(dot: String, engine: String)] = []
        for window in try planner.windows() {
            let drawing = try window.drawing()
            let dots = drawing.pngDOTs(Array(frames[window.frames]), firstNumber: window.frames.lowerBound + 1)
            pages += dots.map { ($0, drawing.engine) }
        }
        #expect(pages.count == frames.count)
        #expect(pages.contains { $0.dot.contains("subgraph cluster") }, "no frame with a change box")
        #expect(pages.allSatisfy { $0.dot.contains("viewport=") }, "a frame without a viewport is always drawn whole")
        let worker = OneWorker()
        func png(_ page: (dot: String, engine: String)) throws -> [UInt8] { try worker.png(page.dot, engine: page.engine) }
        let inOrder = try pages.map(png)
        var differing: [Int] = []
        for (i, page) in pages.enumerated() {
            _ = try png(("digraph { reset }", "dot"))
            if try png(page) != inOrder[i] { differing.append(i + 1) }
        }
        #expect(differing.isEmpty, "seed \(seed): \(differing.count) of \(pages.count) frames differ from the frame drawn whole: \(differing.prefix(10))")
    }

    /// A node drawn after an edge that crosses it, then (an edge to it added from a node
    /// earlier in the graph) before it: only the new node and edge changed, yet where the
    /// edge crosses the node the page must change too. Drawn after the first page, the second
    /// has the bytes it has drawn whole.
    @Test func drawingOrderThatChangesIsDamage() throws {
        func page(_ early: Bool) -> String {
            let x = "x [shape=box, style=filled, fillcolor=\"#3050c0\", width=2, height=2, fixedsize=true, label=\"\", pos=\"300,300!\"]"
            let nodes = early ? ["w [shape=box, width=0.5, height=0.3, fixedsize=true, label=\"\", pos=\"300,40!\"]"] : []
            let rest = ["a [shape=box, width=0.5, height=0.3, fixedsize=true, label=\"\", pos=\"60,300!\"]", x,
                        "b [shape=box, width=0.5, height=0.3, fixedsize=true, label=\"\", pos=\"540,300!\"]"]
            // `a` comes before `x` in both; `w`, before both, draws `x` as the head of its edge.
            let order = early ? nodes + [rest[0], rest[1], rest[2]] : [rest[0], rest[1], rest[2]]
            let edges = (early ? ["w -> x"] : []) + ["a -> b [penwidth=6, color=\"#d02020\"]"]
            return "digraph { graph [viewport=\"600,600,1,300,300\", bgcolor=\"#ffffff\", pad=0, margin=0, notranslate=true, splines=line]\n"
                + order.joined(separator: "\n") + "\n" + edges.joined(separator: "\n") + "\n}"
        }
        let worker = OneWorker()
        func png(_ dot: String) throws -> [UInt8] { try worker.png(dot, engine: "nop2") }
        let first = try png(page(false))
        let after = try png(page(true))
        _ = try png("digraph { reset }")
        let whole = try png(page(true))
        let same = after == whole, changed = first != whole
        #expect(same, "the page drawn after the one before differs from the page drawn whole")
        #expect(changed)
    }

    /// An ellipse outside the damage, left undrawn, would change where the text of a node
    /// drawn after it lands (Graphviz draws an ellipse through `cairo_set_matrix`, and text
    /// after it by the inverse that sets: a glyph a pixel apart): the first ellipse of a page
    /// is always drawn (`GraphvizDamage.Drawing.kept`). Frames 477 and 478 of the benchmark's
    /// 1,000-frame sequence, reduced to what still showed it: a node added below the list
    /// node (`n100`) damages it, and the view's ellipse (`n98`) lies outside the damage.
    @Test func theFirstEllipseIsDrawnWhereverTheDamageIs() throws {
        let before = #"""
            digraph navviz {
              graph [bgcolor="#ffffff", rankdir=TB, ordering=out, nodesep=0.3, ranksep=0.45, pad=0.25, margin=0, fontname="DejaVu Sans", fontcolor="#1f2328", fontsize=14, id="navviz", label=<Frame 477/1000 · step 246: present tab2.d8.modal<BR ALIGN="LEFT"/>applied: the state after step 246 (push ×3)<BR ALIGN="LEFT"/>showing 16 of 165 nodes, around the visible screen (the SVG frame has them all)<BR ALIGN="LEFT"/><BR ALIGN="LEFT"/>>, labelloc=t, labeljust=l, notranslate=true, splines=line, viewport="960,936.75,0.6875,7777.28,-739.72"];
              edge [arrowsize=0.6, fontname="DejaVu Sans", fontsize=10];
              n98 [id="node-tab2.d7.profile.v0", class="inactive kind-view", label=<EmbeddedView<BR/><FONT POINT-SIZE="9">tab2.d7.profile.v0</FONT>>, shape=ellipse, style="filled", color="#c3c8cf", fillcolor="#f6f8fa", fontcolor="#8c959f", penwidth=1, tooltip="id: tab2.d7.profile.v0\ntype: EmbeddedView\nkind: view", pos="7576.16,-693.02!"];
              n100 [id="node-tab2.d9.list", class="active visible", label=<ListViewController<BR/><FONT POINT-SIZE="9">tab2.d9.list</FONT>>, shape=box, style="rounded,filled", color="#0969da", fillcolor="#ddf4ff", fontcolor="#1f2328", penwidth=3.5, tooltip="id: tab2.d9.list\ntype: ListViewController", pos="7777.28,-772.02!"];
              anchor0 [id="anchor0", shape=point, style=invis, width=0, height=0, label="", pos="7079.09,-1420.99!"];
              anchor1 [id="anchor1", shape=point, style=invis, width=0, height=0, label="", pos="27079.09,-132.45!"];
            }
            """#
        let after = #"""
            digraph navviz {
              graph [bgcolor="#ffffff", rankdir=TB, ordering=out, nodesep=0.3, ranksep=0.45, pad=0.25, margin=0, fontname="DejaVu Sans", fontcolor="#1f2328", fontsize=14, id="navviz", label=<Frame 478/1000 · step 247: present tab2.d10.modal<BR ALIGN="LEFT"/>pending, not yet applied: push ×3; badges number the execution order<BR ALIGN="LEFT"/>showing 19 of 168 nodes, around the changes (the SVG frame has them all)<BR ALIGN="LEFT"/><BR ALIGN="LEFT"/>>, labelloc=t, labeljust=l, notranslate=true, splines=line, viewport="960,936.75,0.6875,7777.28,-739.72"];
              edge [arrowsize=0.6, fontname="DejaVu Sans", fontsize=10];
              n98 [id="node-tab2.d7.profile.v0", class="inactive kind-view", label=<EmbeddedView<BR/><FONT POINT-SIZE="9">tab2.d7.profile.v0</FONT>>, shape=ellipse, style="filled", color="#c3c8cf", fillcolor="#f6f8fa", fontcolor="#8c959f", penwidth=1, tooltip="id: tab2.d7.profile.v0\ntype: EmbeddedView\nkind: view", pos="7576.16,-693.02!"];
              n100 [id="node-tab2.d9.list", class="active visible", label=<ListViewController<BR/><FONT POINT-SIZE="9">tab2.d9.list</FONT>>, shape=box, style="rounded,filled", color="#0969da", fillcolor="#ddf4ff", fontcolor="#1f2328", penwidth=3.5, tooltip="id: tab2.d9.list\ntype: ListViewController", pos="7777.28,-772.02!"];
              n165 [id="node-tab2.d10.modal", class="added inactive kind-modal", label=<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1"><TR><TD BGCOLOR="#1a7f37" CELLPADDING="0"><TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0"><TR><TD HEIGHT="4"></TD></TR><TR><TD FIXEDSIZE="TRUE" WIDTH="13" HEIGHT="12"><FONT COLOR="#ffffff" POINT-SIZE="10"><B>1</B></FONT></TD></TR></TABLE></TD><TD>ComposeViewController</TD></TR><TR><TD COLSPAN="2"><FONT POINT-SIZE="9">tab2.d10.modal</FONT></TD></TR></TABLE>>, shape=box, style="rounded,filled,bold", color="#1a7f37", fillcolor="#dafbe1", fontcolor="#8c959f", penwidth=2, peripheries=2, tooltip="id: tab2.d10.modal\ntype: ComposeViewController\nkind: modal", pos="7993.24,-855.72!"];
              n100 -> n165 [id="edge-tab2.d9.list-tab2.d10.modal", class="added inactive", color="#1a7f37", penwidth=1];
              anchor0 [id="anchor0", shape=point, style=invis, width=0, height=0, label="", pos="7079.09,-1420.99!"];
              anchor1 [id="anchor1", shape=point, style=invis, width=0, height=0, label="", pos="27079.09,-132.45!"];
            }
            """#
        let worker = OneWorker()
        func png(_ dot: String) throws -> [UInt8] { try worker.png(dot, engine: "nop2") }
        let first = try png(before)
        let inPart = try png(after)
        _ = try png("digraph { reset }")
        let whole = try png(after)
        let same = inPart == whole, changed = first != whole
        #expect(same, "the page drawn in part differs from the page drawn whole")
        #expect(changed)
    }

    /// The view puts a node where cairo draws it: the pixels a node changes lie inside the
    /// rectangle its box maps to (grown by its pen), and reach within two pixels of the box's
    /// own edges; with another zoom and centre too.
    @Test(arguments: ["400,300,1.5,120,60", "640,480,0.75,-40,200"])
    func viewMapsPointsToThePixelsDrawn(viewport: String) throws {
        let view = try #require(GraphvizDamage.view(viewport))
        let dot = """
            digraph { graph [viewport="\(viewport)", bgcolor="#ffffff", pad=0, margin=0, notranslate=true]
              a [shape=box, style=filled, fillcolor="#000000", color="#000000", fixedsize=true, width=1, height=0.5, label="", penwidth=1, pos="100,50!"]
            }
            """
        let (width, height, rows) = try PNGEncoderTests.wellFormed(try OneWorker().png(dot, engine: "nop2"))
        #expect(width == Int((400.0 * 4 / 3).rounded()) || viewport.hasPrefix("640"))
        var ink: GraphvizDamage.Rect?
        for y in 0..<height {
            for x in 0..<width {
                let p = y * (1 + 3 * width) + 1 + 3 * x
                guard rows[p] != 255 || rows[p + 1] != 255 || rows[p + 2] != 255 else { continue }
                ink = ink.map { .init(x0: min($0.x0, x), y0: min($0.y0, y), x1: max($0.x1, x + 1), y1: max($0.y1, y + 1)) }
                    ?? .init(x0: x, y0: y, x1: x + 1, y1: y + 1)
            }
        }
        let drawnBox = try #require(ink, "nothing drawn")
        let box = view.pixels(.init(centre: 100, 50, width: 72, height: 36, margin: 0))
        let grown = view.pixels(.init(centre: 100, 50, width: 72, height: 36, margin: 1))
        #expect(drawnBox.x0 >= grown.x0 && drawnBox.y0 >= grown.y0 && drawnBox.x1 <= grown.x1 && drawnBox.y1 <= grown.y1,
                "drawn \(drawnBox), outside \(grown)")
        #expect(abs(drawnBox.x0 - box.x0) <= 3 && abs(drawnBox.y0 - box.y0) <= 3 && abs(drawnBox.x1 - box.x1) <= 3 && abs(drawnBox.y1 - box.y1) <= 3,
                "drawn \(drawnBox), the box maps to \(box)")
    }

    /// Only a five-number viewport is a view; rectangles that meet are joined, and past the
    /// limit all are; rows come out sorted and apart.
    @Test func viewsRectanglesAndRows() {
        #expect(GraphvizDamage.view("960,951.75,0.893,513.5,-434.88") == .init(width: 960, height: 951.75, zoom: 0.893, centreX: 513.5, centreY: -434.88))
        for text in ["960,951.75,0.893", "960,951.75,0.893,'n0'", "960,951.75,0.893,n0", "0,10,1,0,0", "10,10,1,0,nan", "a,b,c,d,e", "",
                     "400 ,300,1,0,0", "400,300,1,0,0 "] {
            #expect(GraphvizDamage.view(text) == nil, "\(text)")
        }
        typealias Rect = GraphvizDamage.Rect
        let merged = GraphvizDamage.merged([Rect(x0: 0, y0: 0, x1: 10, y1: 10), Rect(x0: 50, y0: 50, x1: 60, y1: 60), Rect(x0: 10, y0: 5, x1: 20, y1: 8)])
        #expect(merged == [Rect(x0: 0, y0: 0, x1: 20, y1: 10), Rect(x0: 50, y0: 50, x1: 60, y1: 60)])
        let many = (0..<(GraphvizDamage.maxRects + 1)).map { Rect(x0: 10 * $0, y0: 0, x1: 10 * $0 + 5, y1: 5) }
        #expect(GraphvizDamage.merged(many) == [Rect(x0: 0, y0: 0, x1: 10 * GraphvizDamage.maxRects + 5, y1: 5)])
        #expect(GraphvizRasterDevice.rows([Rect(x0: 0, y0: 30, x1: 5, y1: 40), Rect(x0: 0, y0: -5, x1: 5, y1: 10), Rect(x0: 9, y0: 35, x1: 20, y1: 50)], height: 45)
                == [0..<10, 30..<45])
    }

    /// Items drawn in another order are those outside a longest run kept in order; text
    /// stacking three marks on a character is not tracked.
    @Test func reorderedItemsAndStackedMarks() {
        #expect(GraphvizDamage.reordered(["g", "a", "b", "ab", "x"], ["g", "w", "x", "wx", "a", "b", "ab"]) == ["x"])
        #expect(GraphvizDamage.reordered(["a", "b", "c"], ["a", "c"]).isEmpty)
        #expect(GraphvizDamage.reordered(["a", "b", "c", "d"], ["d", "c", "b", "a"]).count == 3)
        #expect(GraphvizDamage.reordered([], ["a"]).isEmpty)
        #expect(!GraphvizDamage.stacksMarks("Café, Việt Nam, ReviewsViewController"))
        #expect(GraphvizDamage.stacksMarks("Z\u{0351}\u{0360}\u{0356}algo"))
    }

    /// An encoder told which rows changed since the page it encoded last writes what a fresh
    /// encoder writes; told of rows after a page it did not encode, it compares every band.
    @Test func changedRowsGiveAFreshEncodersBytes() throws {
        let (width, height) = (50, 70)
        guard let a = Raster(width: width, height: height, stride: 4 * width), let b = Raster(width: width, height: height, stride: 4 * width) else {
            Issue.record("no raster")
            return
        }
        a.withUnsafeMutableBytes { bytes in for i in 0..<bytes.count { bytes[i] = i % 4 == 3 ? 255 : UInt8(i % 7) } }
        b.withUnsafeMutableBytes { bytes in
            a.withUnsafeBytes { bytes.copyMemory(from: $0) }
            // Rows 40 to 44 change.
            for y in 40..<45 { for x in 0..<width { bytes[y * 4 * width + 4 * x] = 200 } }
        }
        func page(_ raster: Raster, _ number: Int, _ rows: [Range<Int>]?) throws -> RasterPage {
            var page = try #require(RasterPage(raster, width: width, height: height))
            page.history = .init(canvas: 1, number: number, changedRows: rows)
            return page
        }
        let encoder = PNGFrameEncoder()
        _ = try #require(encoder.png(try page(a, 1, nil)))
        let told = try #require(encoder.png(try page(b, 2, [40..<45])))
        let fresh = try #require(PNGFrameEncoder().png(try page(b, 9, nil)))
        #expect(told == fresh)
        // A page that does not follow the one encoded last: its rows are not trusted.
        let skipped = try #require(encoder.png(try page(a, 4, [])))
        #expect(skipped == PNGFrameEncoder().png(try page(a, 1, nil)))
    }
}
