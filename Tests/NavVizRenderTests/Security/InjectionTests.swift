import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import NavVizCore
import NavVizRender
import _NavVizTestSupport

/// Hostile ids, labels, types and context values are data in every output navviz draws:
/// they never set a DOT attribute, never become markup, and every SVG is well-formed XML
/// holding exactly the text the document gave (controls shown as spaces).
struct InjectionTests {
    static let names = Hostile.strings.map(\.name)

    static func text(_ name: String) -> String { Hostile.strings.first { $0.name == name }!.text }

    /// What a string looks like once drawn: controls, bidi overrides and U+FFFE/U+FFFF are
    /// spaces (the rule DOTText applies), and Graphviz's no-break spaces are spaces.
    static func drawn(_ s: String, keepNewlines: Bool = false) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { u -> Unicode.Scalar in
            if keepNewlines && u == "\n" { return u }
            let v = u.value
            let control = v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) || v == 0xFFFE || v == 0xFFFF
            return control || v == 0xA0 ? " " : u
        }))
    }

    static func scenes(_ text: String) throws -> [(String, Scene)] {
        let tree = try Samples.tree(Hostile.snapshot(text))
        let before = try Samples.tree(#"{"id": "tabs", "kind": "tabs", "children": [{"id": "home"}]}"#)
        let ops = TreeDiff.operations(from: before, to: tree, dialect: .navviz)
        return [
            ("tree", TreeScene.make(tree, theme: .light, title: text, legend: true)),
            ("diff", DiffScene.make(old: before, new: tree, operations: ops, dialect: .navviz, theme: .dark, title: text, legend: true)),
        ]
    }

    @Test(arguments: names)
    func dotSetsOnlyNavvizAttributes(_ name: String) throws {
        for (kind, scene) in try Self.scenes(Self.text(name)) {
            let dot = DOTEncoder.encode(scene)
            let names = DOTAttributeNames(dot)
            let allowed: Set = ["bgcolor", "rankdir", "ordering", "nodesep", "ranksep", "pad", "fontname", "fontcolor",
                                "fontsize", "id", "label", "labelloc", "labeljust", "margin", "arrowsize", "class", "shape",
                                "style", "color", "fillcolor", "penwidth", "peripheries", "tooltip", "weight", "rank"]
            #expect(names.all.isSubset(of: allowed), "\(kind) \(name): \(names.all.subtracting(allowed))")
            #expect(names.balanced, "\(kind) \(name): unbalanced DOT")
            #expect(!dot.contains("\u{0}"))
        }
    }

    @Test(arguments: names)
    func svgIsWellFormedAndHoldsTheTextAsText(_ name: String) throws {
        let text = Self.text(name)
        let tree = try Samples.tree(Hostile.snapshot(text))
        for (kind, scene) in try Self.scenes(text) {
            let svg = try Graphviz.shared.render(dot: DOTEncoder.encode(scene), format: .svg)
            let doc: SVGDocument
            do { doc = try SVGDocument(svg) } catch {
                Issue.record("\(kind) \(name): SVG is not well-formed XML: \(error)")
                continue
            }
            let elements: Set = ["svg", "g", "title", "polygon", "polyline", "path", "ellipse", "text", "a"]
            #expect(doc.elements.isSubset(of: elements), "\(kind) \(name): \(doc.elements.subtracting(elements))")
            #expect(!doc.attributes.contains { $0.lowercased().hasPrefix("on") || $0.lowercased().contains("href") },
                    "\(kind) \(name): \(doc.attributes)")
            // Graphviz writes a run of spaces as no-break spaces.
            let ids = Set(doc.ids.map { Self.drawn($0) })
            #expect(ids.contains("node-" + Self.drawn("root" + text)), "\(kind) \(name): ids \(ids)")
            #expect(ids.contains("node-" + Self.drawn(text)))
            let title = Self.drawn(TreeScene.truncate(text, TreeScene.maxTitle))
            #expect(doc.texts.contains { Self.drawn($0).hasSuffix(title) }, "\(kind) \(name): texts \(doc.texts.prefix(6))")
            if kind == "tree" {
                let tooltip = Self.drawn(TreeScene.tooltip(tree.node(tree.root!)), keepNewlines: true)
                #expect(doc.tooltips.map { Self.drawn($0, keepNewlines: true) }.contains(tooltip),
                        "\(kind) \(name): tooltips \(doc.tooltips.map { $0.prefix(80) })")
            }
        }
    }

    @Test(arguments: names)
    func mermaidLabelsStayInTheirQuotes(_ name: String) throws {
        let text = Self.text(name)
        let plain = try Self.scenes("plain").map { MermaidEncoder.fenced($0.1) }
        for (i, (kind, scene)) in try Self.scenes(text).enumerated() {
            let mermaid = MermaidEncoder.fenced(scene)
            let lines = mermaid.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == plain[i].split(separator: "\n", omittingEmptySubsequences: false).count, "\(kind) \(name)")
            #expect(!mermaid.contains("%%{"), "\(kind) \(name)")
            #expect(mermaid.components(separatedBy: "```").count == 3, "\(kind) \(name): a fence inside the block")
            #expect(!mermaid.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            for line in lines.dropFirst().dropLast(2) where !line.hasPrefix("  %%") {
                // Outside comments, quotes only open and close labels: an even number a line.
                #expect(line.filter { $0 == "\"" }.count % 2 == 0, "\(kind) \(name): \(line.prefix(120))")
                #expect(!line.contains("<") || line.contains("<br/><small>"), "\(kind) \(name): \(line.prefix(120))")
            }
        }
    }
}

/// The attribute names a DOT text sets, found by scanning it outside quoted strings and
/// HTML-like labels, and whether those strings and labels close.
struct DOTAttributeNames {
    var all: Set<String> = []
    var balanced = true

    init(_ dot: String) {
        let s = Array(dot.unicodeScalars)
        var i = 0
        var word = ""
        while i < s.count {
            let c = s[i]
            if c == "\"" {
                i += 1
                while i < s.count, s[i] != "\"" { i += s[i] == "\\" ? 2 : 1 }
                if i >= s.count { balanced = false }
                word = ""
            } else if c == "<" {
                var depth = 0
                repeat {
                    if s[i] == "<" { depth += 1 } else if s[i] == ">" { depth -= 1 }
                    i += 1
                } while i < s.count && depth > 0
                if depth != 0 { balanced = false }
                word = ""
                continue
            } else if c == "=" {
                if !word.isEmpty { all.insert(word) }
                word = ""
            } else if c.properties.isAlphabetic || c == "_" || ("0"..."9").contains(c) {
                word.unicodeScalars.append(c)
            } else if c != " " {
                word = ""
            }
            i += 1
        }
    }
}

/// Everything the injection tests look at in an SVG; parsing throws on malformed XML.
struct SVGDocument {
    var elements: Set<String> = []
    var attributes: Set<String> = []
    var ids: Set<String> = []
    var texts: [String] = []
    var tooltips: [String] = []

    init(_ bytes: [UInt8]) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        elements = collector.elements
        attributes = collector.attributes
        ids = collector.ids
        texts = collector.texts
        tooltips = collector.tooltips
    }

    final class Collector: NSObject, XMLParserDelegate {
        var elements: Set<String> = []
        var attributes: Set<String> = []
        var ids: Set<String> = []
        var texts: [String] = []
        var tooltips: [String] = []
        var inText = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            elements.insert(name)
            self.attributes.formUnion(attributes.keys)
            if name == "g", let id = attributes["id"] { ids.insert(id) }
            if let title = attributes["xlink:title"] { tooltips.append(title) }
            if name == "text" {
                inText = true
                texts.append("")
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }
    }
}
