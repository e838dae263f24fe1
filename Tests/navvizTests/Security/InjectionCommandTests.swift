import Foundation
import Testing
import _NavVizTestSupport

/// Hostile strings through the built binary: terminal text and messages, and the player in a
/// browser. (Every file `navviz animate` writes, the HTML player, frame SVGs, summary.md and
/// manifest.json: NavVizArtifactsTests' HostileBundleTests.)
struct InjectionCommandTests {
    static let names = Hostile.strings.map(\.name)

    static func text(_ name: String) -> String { Hostile.strings.first { $0.name == name }!.text }

    static func unsafe(_ s: String) -> [Unicode.Scalar] { Hostile.unsafe(s) }

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
