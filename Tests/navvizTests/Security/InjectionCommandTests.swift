import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import _NavVizTestSupport

/// Hostile strings through the built binary: terminal text and messages, and every file
/// `navviz animate` writes (the HTML player, frame SVGs, summary.md, manifest.json).
struct InjectionCommandTests {
    static let names = Hostile.strings.map(\.name)

    static func text(_ name: String) -> String { Hostile.strings.first { $0.name == name }!.text }

    /// Scalars a terminal acts on, other than the newline ending each line.
    static func unsafe(_ s: String) -> [Unicode.Scalar] {
        s.unicodeScalars.filter { u in
            let v = u.value
            return (v < 0x20 && u != "\n") || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
    }

    /// Every hostile string through `render --format text`, `timeline` and `validate`'s
    /// messages: one run of each carries them all (in a tree whose root's fields hold every
    /// string and whose children each hold one; in a sequence that pushes each; in a tree whose
    /// children repeat each id), and each string's line is checked on its own.
    @Test func terminalTextAndMessagesAreOneLineEachWithoutControls() throws {
        let texts = Hostile.strings.map(\.text)
        let render = try NavVizBinary.run(["render", "-", "--format", "text"], stdin: Hostile.snapshot(of: texts))
        #expect(render.status == 0, "\(render.stderr)")
        let lines = render.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // The root, then one line for each child: no string breaks its line.
        #expect(lines.count == 1 + texts.count, "\(render.stdout.prefix(300))")
        #expect(Self.unsafe(String(lines.first ?? "")).isEmpty, "the root: \(Self.unsafe(String(lines.first ?? "")))")
        for (name, line) in zip(Self.names, lines.dropFirst()) {
            #expect(Self.unsafe(String(line)).isEmpty, "\(name): \(Self.unsafe(String(line)))")
        }

        let timeline = try NavVizBinary.run(["timeline", "-"], stdin: Hostile.sequence(of: texts))
        #expect(timeline.status == 0, "\(timeline.stderr)")
        for line in timeline.stdout.split(separator: "\n") where !Self.unsafe(String(line)).isEmpty {
            Issue.record("timeline: \(Self.unsafe(String(line))) in \(line.prefix(200))")
        }

        let duplicates = texts.map { "{\"id\": \(Hostile.quote($0))}, {\"id\": \(Hostile.quote($0))}" }
        let validate = try NavVizBinary.run(["validate", "-"], stdin: "{\"id\": \"r\", \"children\": [\(duplicates.joined(separator: ", "))]}")
        #expect(validate.status == 65)
        let messages = validate.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // One message for each repeated id, each on one line.
        #expect(messages.count == texts.count, "\(validate.stderr.prefix(600))")
        for (i, (name, message)) in zip(Self.names, messages).enumerated() {
            #expect(message.contains("children[\(2 * i + 1)]: duplicate id"), "\(name): \(message.prefix(200))")
            #expect(Self.unsafe(String(message)).isEmpty, "\(name): \(message.prefix(200))")
        }
    }

    /// One animation carries every hostile string (as the title, and each as a step's label,
    /// a node's id, label and context): one run of navviz instead of one per string, and the
    /// same checks on every file it writes.
    @Test func animateBundleKeepsEveryStringAsText() throws {
        let texts = Hostile.strings.map(\.text)
        let name = "every hostile string"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try NavVizBinary.run(["animate", "-", "-o", dir.path], stdin: Hostile.sequence(of: texts))
        #expect(r.status == 0, "\(name): \(r.stderr)")
        #expect(Self.unsafe(r.stderr.replacingOccurrences(of: "\r\u{1B}[K", with: "")).allSatisfy { $0 == "\r" })

        // The player: navviz's two scripts and nothing else that runs.
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<script").count == 3, "\(name): extra <script")
        #expect(html.components(separatedBy: "</script>").count == 3, "\(name): a </script> from input")
        let page = html.components(separatedBy: "<script")[0]
        // Every tag left is the player's own (input text has its '<' escaped), with no handlers.
        let tags = Set(page.matches(of: /<\/?([a-zA-Z][a-zA-Z0-9]*)/).map { String($0.output.1).lowercased() })
        let player: Set = ["html", "head", "meta", "title", "style", "body", "header", "h1", "button", "input", "span",
                           "main", "div", "aside", "p", "ol", "footer", "svg", "g", "a"]
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
        #expect(Self.unsafe(summary).isEmpty, "\(name)")
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

    /// A label that would run a script if it were markup, in the player in a browser (loaded
    /// with the other browser tests' pages, ``BrowserSession``).
    @Test(.enabled(if: BrowserSession.chromium != nil))
    func hostilePlayerRunsNoScriptInABrowser() throws {
        let page = try BrowserSession.page("hostile")
        #expect(page.run.status == 0, "\(page.run.stderr)")
        #expect(BrowserSession.attribute("data-frame", in: page.dom) == "2")
        #expect(!page.dom.contains("data-pwned"), "a script from the document ran")
        #expect(!page.dom.contains("<img"))
        #expect(page.dom.contains("&lt;img src=x"), "the label is shown as text")
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
