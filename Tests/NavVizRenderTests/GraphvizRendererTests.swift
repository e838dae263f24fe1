import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import NavVizCore
import NavVizRender
import _NavVizTestSupport

/// libgvc in-process: SVG structure, PNG signature and size, captured errors.
struct GraphvizRendererTests {
    static func tabs() throws -> Tree {
        guard case .snapshot(let t) = try Samples.load("katana-tabs.json") else { throw Samples.SampleError.notASnapshot }
        return t
    }

    @Test func svgIsXMLWithAGroupPerNode() throws {
        let tree = try Self.tabs()
        let svg = try Graphviz.shared.render(dot: DOTEncoder.encode(TreeScene.make(tree, theme: .light, legend: true)), format: .svg)
        let groups = try SVGGroups(svg)
        for slot in tree.preorder() {
            #expect(groups.ids.contains("node-\(tree.id(slot))"))
        }
        #expect(groups.classes["node-childOne"] == "node active visible")
        #expect(groups.classes["node-tabTwo"] == "node inactive kind-stack")
        #expect(groups.ids.contains("edge-tabBar-tabOne"))
    }

    /// A bitmap wider than cairo's 32,767 pixels: Graphviz would shrink it to a strip and
    /// print `(null): graph is too large for cairo-renderer bitmaps` on stderr; navviz
    /// catches that line (``GraphvizStderr``) and refuses the picture instead.
    @Test func bitmapTooLargeForCairoIsAnError() throws {
        let dot = "digraph { node [shape=box, width=3]; " + (0..<200).map { "n\($0);" }.joined() + " }"
        do {
            _ = try Graphviz.shared.render(dot: dot, format: .png)
            Issue.record("a PNG wider than cairo allows was drawn")
        } catch {
            guard case .tooLargeForBitmap(let scale) = error else { Issue.record("\(error)"); return }
            // 200 boxes 3 inches wide at 96 dpi, and the gaps between them.
            #expect(scale > 0.4 && scale < 0.6, "\(scale)")
        }
        // SVG has no such limit.
        #expect(try Graphviz.shared.render(dot: dot, format: .svg).count > 0)
        let error = RenderError.tooLargeForBitmap(scale: 0.046)
        #expect(error.description == "the picture is too large for a bitmap: cairo draws at most 32,767 pixels a side, and Graphviz would shrink it to 4.6% to fit (use SVG or PDF, which have no such limit, or draw fewer nodes)")
    }

    @Test func sameDOTSameSVG() throws {
        let dot = DOTEncoder.encode(TreeScene.make(try Self.tabs(), theme: .light))
        #expect(try Graphviz.shared.render(dot: dot, format: .svg) == Graphviz.shared.render(dot: dot, format: .svg))
    }

    /// Clusters are drawn in the order the DOT lists them, whatever was allocated before:
    /// cgraph's default IDs (the addresses of interned names) made the order follow the
    /// heap's history, so two processes could draw the same frame differently.
    @Test func clustersKeepTheirDOTOrder() throws {
        let names = (0..<12).map { "cluster_\($0)" }
        let body = names.enumerated().map { i, name in "subgraph \(name) { label=\"box \(i)\"; x\(i); }" }.joined(separator: "\n")
        var orders: Set<[String]> = []
        for round in 0..<4 {
            // Churn the heap differently before each parse.
            let noise = (0..<(round * 7)).map { "subgraph cluster_noise\($0) { y\($0); }" }.joined(separator: "\n")
            _ = try Graphviz.shared.render(dot: "digraph { \(noise) }", format: .svg)
            let svg = String(decoding: try Graphviz.shared.render(dot: "digraph { \(body) }", format: .svg), as: UTF8.self)
            orders.insert(svg.components(separatedBy: "<title>").dropFirst().map { String($0.prefix { $0 != "<" }) }.filter { $0.hasPrefix("cluster_") })
        }
        #expect(orders == [names])
    }

    @Test func pngHasSignatureAndSaneSize() throws {
        let png = try Graphviz.shared.render(dot: DOTEncoder.encode(TreeScene.make(try Self.tabs(), theme: .light)), format: .png)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect((200...2000).contains(width))
        #expect((100...1500).contains(height))
    }

    @Test func pdfHasHeader() throws {
        let pdf = try Graphviz.shared.render(dot: DOTEncoder.encode(TreeScene.make(try Self.tabs(), theme: .light)), format: .pdf)
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
    }

    @Test func graphvizErrorsAreCapturedNotPrinted() {
        do {
            _ = try Graphviz.shared.render(dot: "digraph { a -> }", format: .svg)
            Issue.record("expected an error")
        } catch {
            guard case .invalidDOT(let messages) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(messages.contains { $0.contains("syntax error") })
        }
        // The owner still works after an error.
        #expect((try? Graphviz.shared.render(dot: "digraph { a }", format: .svg)) != nil)
    }

    @Test func rendersFromManyThreadsThroughOneOwner() async throws {
        let dot = DOTEncoder.encode(TreeScene.make(try Self.tabs(), theme: .light))
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try Graphviz.shared.render(dot: dot, format: .svg).count } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(Set(sizes).count == 1)
    }
}

/// The `<g>` elements of an SVG by id, with their classes; parsing fails on malformed XML.
struct SVGGroups {
    var ids: Set<String> = []
    var classes: [String: String] = [:]

    init(_ bytes: [UInt8]) throws {
        let delegate = Collector()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = delegate
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        ids = delegate.ids
        classes = delegate.classes
    }

    final class Collector: NSObject, XMLParserDelegate {
        var ids: Set<String> = []
        var classes: [String: String] = [:]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            guard name == "g", let id = attributes["id"] else { return }
            ids.insert(id)
            classes[id] = attributes["class"]
        }
    }
}
