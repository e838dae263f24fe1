import Foundation
import Testing
import _NavVizTestSupport
@testable import navviz

/// Documents whose ids, labels and class names are workflow commands: on GitHub Actions
/// (`GITHUB_ACTIONS=true`) no line navviz prints, on standard output or standard error, is
/// one the runner would run, apart from navviz's own `::error` annotations
/// (`WorkflowGuard`); without `GITHUB_ACTIONS` the output is what it always was; and JSON
/// stays the same value either way.
final class HostileTitleTests: ScratchSuite {
    static let github = ["GITHUB_ACTIONS": "true"]

    /// What the runner would do with a line: a command when it starts with `::` after
    /// whitespace (the runner trims as .NET's TrimStart does; the no-break and ideographic
    /// spaces stand for the rest) or holds `##[` anywhere.
    static func isCommand(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0.isWhitespace }
        return trimmed.hasPrefix("::") || line.contains("##[")
    }

    /// navviz's own annotations, which may quote a document (a `::` command is parsed as
    /// one, so the `##[` in its text is never read as another).
    static func isOwnAnnotation(_ line: Substring) -> Bool {
        line.hasPrefix("::error ") && line.contains("title=navviz")
    }

    static let hostile = [
        "::add-mask::leak", "::error file=x::pwned", "  ::warning::spaced", "\u{00A0}\u{3000}::notice::unicode-space",
        "##[error]legacy", "ok ##[set-output name=x;]y", "::stop-commands::tok",
    ]

    /// A sequence whose states carry every hostile text as ids, labels and context.
    func documents() throws -> (sequence: String, before: String, after: String, paste: String) {
        func text(_ object: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        let kids: [[String: Any]] = Self.hostile.map { ["id": $0, "label": $0 + "\n::error::line two", "context": ["k": $0]] }
        let treeBefore: [String: Any] = ["id": Self.hostile[0], "kind": "stack", "children": [kids[0]]]
        let treeAfter: [String: Any] = ["id": Self.hostile[0], "kind": "stack", "active": Self.hostile[1], "children": kids]
        let before = try text(["navviz": 1, "tree": treeBefore])
        let after = try text(["navviz": 1, "tree": treeAfter])
        let sequence = try text(["navviz": 1, "frames": [["label": "::add-mask::frame", "tree": treeBefore], ["label": "##[error]step", "tree": treeAfter]]])
        let paste = """
            <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <::error::Paste 0x3>, state: appeared, view: <UIView 0x4>
               | <App.##[error]Screen 0x5>, state: appeared, view: <UIView 0x6>
            """
        return (try write("seq.json", sequence), try write("before.json", before), try write("after.json", after), try write("ui.paste.txt", paste))
    }

    @Test func noDocumentTextIsAWorkflowCommandOnARunner() throws {
        let (sequence, before, after, paste) = try documents()
        let expect = path("e.json")
        #expect(try NavVizBinary.run(["check", sequence, "--expect", expect, "--record"]).status == 0)
        // The expectation drifts: the second state is the first again.
        let drifted = try write("drift.json", String(contentsOfFile: sequence, encoding: .utf8).replacingOccurrences(of: "##[error]step", with: "##[error]other"))
        let bad = try write("bad.json", "{\"navviz\": 1, \"tree\": {\"id\": \"::error::dup\", \"children\": [{\"id\": \"##[error]x\"}, {\"id\": \"##[error]x\"}]}}")
        var runs: [[String]] = []
        for format in ["text", "json", "dot", "mermaid", "svg"] {
            runs.append(["render", sequence, "--format", format])
            runs.append(["render", paste, "--format", format])
        }
        for format in ["text", "json"] {
            runs.append(["diff", before, after, "--format", format])
            runs.append(["timeline", sequence, "--format", format])
        }
        runs += [
            ["diff", before, after, "--format", "dot"], ["diff", before, after, "--format", "mermaid"],
            ["validate", sequence, bad, paste],
            ["check", drifted, "--expect", expect],
            ["check", drifted, "--expect", expect, "--report", "json"],
            ["check", drifted, "--expect", expect, "--report", "junit"],
            ["import", paste], ["import", paste, "--format", "yaml"], ["import", sequence],
        ]
        var sawHostile = 0
        for arguments in runs {
            let plain = try NavVizBinary.run(arguments)
            let github = try NavVizBinary.run(arguments, environment: Self.github)
            #expect(github.status == plain.status, "\(arguments)")
            for (stream, text) in [("stdout", github.stdout), ("stderr", github.stderr)] {
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) where Self.isCommand(line) {
                    #expect(Self.isOwnAnnotation(line), "\(arguments) \(stream): \(line)")
                }
            }
            // The plain run shows the hostile text (so this test tests something).
            if (plain.stdout + plain.stderr).split(separator: "\n").contains(where: Self.isCommand) { sawHostile += 1 }
            if arguments.contains("json") && plain.status == 0 && !plain.stdout.isEmpty {
                let a = try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? NSObject
                let b = try JSONSerialization.jsonObject(with: Data(github.stdout.utf8)) as? NSObject
                #expect(a == b, "\(arguments): the JSON changed its value")
            }
        }
        #expect(sawHostile * 2 > runs.count, "\(sawHostile) of \(runs.count) runs printed hostile text without GITHUB_ACTIONS")
    }

    /// Ordinary documents print the same bytes on a runner as elsewhere.
    @Test(arguments: [["render", "Samples/katana-tabs.json"], ["diff", "Samples/katana-article.before.json", "Samples/katana-article.after.json", "--format", "json"],
                      ["timeline", "Samples/nivelir-deeplink.script.json"], ["render", "Samples/nivelir-chat.yaml", "--format", "svg"]])
    func ordinaryOutputIsUnchanged(arguments: [String]) throws {
        let plain = try NavVizBinary.run(arguments)
        let github = try NavVizBinary.run(arguments, environment: Self.github)
        #expect(plain.status == 0)
        #expect(github.stdoutBytes == plain.stdoutBytes)
    }
}

/// The escapes, format by format: only the first `:` of a line's leading `::` and the
/// second `#` of `##[`, after any whitespace .NET's TrimStart removes.
struct WorkflowGuardTests {
    @Test(arguments: [
        (WorkflowGuard.Kind.text, "::a::b\n  ::c\nx ::d ##[e]", "\\u{3A}:a::b\n  \\u{3A}:c\nx ::d #\\u{23}[e]"),
        (.json, "\"##[e]\"", "\"#\\u0023[e]\""),
        (.markup, "<t>##[e]</t>\n::x", "<t>#&#35;[e]</t>\n&#58;:x"),
        (.mermaid, "n[\"##[e]\"]", "n[\"##35;[e]\"]"),
        (.text, "\u{00A0}\u{3000}\t::x", "\u{00A0}\u{3000}\t\\u{3A}:x"),
        (.text, "a\u{200B}::x\n#[#", "a\u{200B}::x\n#[#"),
        (.binary, "::x ##[e]", "::x ##[e]"),
    ] as [(WorkflowGuard.Kind, String, String)])
    func escapes(kind: WorkflowGuard.Kind, input: String, output: String) {
        #expect(String(decoding: WorkflowGuard.neutralise(Array(input.utf8), kind), as: UTF8.self) == output)
    }
}
