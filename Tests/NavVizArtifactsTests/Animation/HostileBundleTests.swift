import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavVizArtifacts
import Testing
import NavVizCore
import _NavVizTestSupport

/// Hostile strings (``Hostile/strings``) through every file `Animation.write` writes: the HTML
/// player, the frame SVGs, summary.md and manifest.json keep each as text.
struct HostileBundleTests {
    /// One animation carries every hostile string (as the title, and each as a step's label,
    /// a node's id, label and context), read whole as standard input is: one call instead of
    /// one per string, and the same checks on every file it writes.
    @Test func everyStringStaysTextInEveryFile() throws {
        let texts = Hostile.strings.map(\.text)
        let name = "every hostile string"
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dir = tmp.appendingPathComponent("bundle")
        var reported: [Diagnostic] = []
        _ = try Animation.write(try Bundles.fifo(Hostile.sequence(of: texts), in: tmp), to: dir.path, options: Animation.Options(),
                                diagnostics: Diagnostics(report: { reported.append($0) }))
        #expect(reported.allSatisfy { Hostile.unsafe($0.description).isEmpty }, "\(name): \(reported)")

        // The player: navviz's two scripts and nothing else that runs.
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<script").count == 3, "\(name): extra <script")
        #expect(html.components(separatedBy: "</script>").count == 3, "\(name): a </script> from input")
        let page = html.components(separatedBy: "<script")[0]
        // Every tag left is the player's own (input text has its '<' escaped), with no handlers.
        let tags = Set(page.matches(of: /<\/?([a-zA-Z][a-zA-Z0-9]*)/).map { String($0.output.1).lowercased() })
        let player: Set = ["html", "head", "meta", "title", "style", "body", "header", "h1", "button", "input", "span",
                           "main", "div", "aside", "p", "ol", "footer", "svg", "g", "a", "nav", "rect"]
        #expect(tags.isSubset(of: player), "\(name): \(tags.subtracting(player))")
        #expect(page.firstMatch(of: /<[^>]*\s(on[a-z]+|href|src)\s*=/.ignoresCase()) == nil, "\(name): a handler or link in the page")
        // The data round-trips exactly: the player shows it with textContent.
        let data = try PlayerPage(html)
        #expect(data.data["title"] as? String == texts.joined(separator: " "), "\(name): title changed")
        #expect(Set(data.labels) == Set(["start"] + texts), "\(name): a label changed")
        // Each frame's SVG on disk is well-formed XML.
        let frameFiles = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path)
        #expect(!frameFiles.isEmpty)
        for file in frameFiles {
            let svg = try Data(contentsOf: dir.appendingPathComponent("frames").appendingPathComponent(file))
            let names = XMLNames(svg)
            #expect(names.wellFormed, "\(name): frames/\(file) is not well-formed")
            #expect(names.safe, "\(name): \(names.elements) \(names.attributes)")
        }
        #expect((try? JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("manifest.json")))) != nil)

        // summary.md: no raw HTML, no new headings, table rows, links or fences from input.
        let summary = try String(contentsOf: dir.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(Hostile.unsafe(summary).isEmpty, "\(name)")
        var inFence = false
        for line in summary.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if inFence {
                #expect(line.hasPrefix("  ") || line.hasPrefix("flowchart"), "\(name): \(line.prefix(100))")
                continue
            }
            #expect(!line.hasPrefix("#") || line.hasPrefix("# ") || line.hasPrefix("## "), "\(name): \(line.prefix(100))")
            let withoutBreaks = line.replacingOccurrences(of: "<br>", with: "")
            #expect(!withoutBreaks.contains("<"), "\(name): raw '<' in \(line.prefix(100))")
            #expect(line.range(of: #"(?<!\\)\]\((?!frames/|index\.html\)|manifest\.json\))"#, options: .regularExpression) == nil, "\(name): a link from input: \(line.prefix(100))")
        }
        #expect(!inFence, "\(name): unbalanced fence")
        let headings = summary.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(headings.count == 4, "\(name): \(headings)")
    }
}

/// Element and attribute names of an XML document, and whether it parsed.
final class XMLNames: NSObject, XMLParserDelegate {
    var elements: Set<String> = []
    var attributes: Set<String> = []
    var wellFormed = false

    init(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        wellFormed = parser.parse()
    }

    /// Only what Graphviz draws: no scripts, images, foreign objects, handlers or links.
    var safe: Bool {
        elements.isSubset(of: ["svg", "g", "title", "polygon", "polyline", "path", "ellipse", "text", "a"])
            && !attributes.contains { $0.lowercased().hasPrefix("on") || $0.lowercased().contains("href") }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        elements.insert(name)
        self.attributes.formUnion(attributes.keys)
    }
}
