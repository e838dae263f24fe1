import Foundation
import Testing
import _NavVizTestSupport

/// `navviz diff` run as a user runs it: stdout, stderr and the exit status apart.
@Suite struct DiffCommandTests {
    static let before = "Samples/katana-article.before.json"
    static let after = "Samples/katana-article.after.json"
    static let sequence = "Samples/tab-switch.sequence.json"

    @Test func textForAPair() throws {
        let r = try NavVizBinary.run(["diff", Self.before, Self.after])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            1. change tabTwo: pop childTwo; push inbox
            2. push message?messageId=42 onto inbox
            3. activate tabTwo in tabBar

            """)
    }

    @Test func jsonForAPairIsTheFormatArray() throws {
        let r = try NavVizBinary.run(["diff", Self.before, Self.after, "--dialect", "katana", "--format", "json"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            [
              {"op": "change", "parent": "tabTwo", "popped": ["childTwo"], "pushed": ["inbox"]},
              {"op": "push", "id": "message", "parent": "inbox", "context": {"messageId": "42"}},
              {"op": "activate", "id": "message", "parent": "inbox", "context": {"messageId": "42"}},
              {"op": "activate", "id": "inbox", "parent": "tabTwo"},
              {"op": "activate", "id": "tabTwo", "parent": "tabBar"}
            ]

            """)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 5)
    }

    @Test func aSequenceGivesEveryTransition() throws {
        let text = try NavVizBinary.run(["diff", Self.sequence])
        #expect(text.status == 0)
        #expect(text.stderr == "")
        #expect(text.stdout == """
            frames[0] → frames[1] (switch to Tab Two)
            1. activate tabTwo in tabBar

            frames[1] → frames[2] (replace Tab Two's stack with the inbox and a message)
            1. change tabTwo: pop childTwo; push inbox
            2. push message?messageId=42 onto inbox

            """)
        let json = try NavVizBinary.run(["diff", Self.sequence, "--format", "json", "--dialect", "tempura"])
        #expect(json.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["from"] as? Int } == [0, 1])
        #expect(objects.map { $0["to"] as? Int } == [1, 2])
        #expect(objects.map { $0["label"] as? String } == ["switch to Tab Two", "replace Tab Two's stack with the inbox and a message"])
        #expect(objects.map { ($0["operations"] as? [Any])?.count } == [1, 1])
    }

    @Test func oneTransitionOfASequenceIsPrintedAsForAPair() throws {
        let r = try NavVizBinary.run(["diff", Self.sequence, "--transition", "0", "--format", "json"])
        #expect(r.status == 0)
        #expect(r.stdout == "[\n  {\"op\": \"activate\", \"id\": \"tabTwo\", \"parent\": \"tabBar\"}\n]\n")
    }

    @Test func pictures() throws {
        let dot = try NavVizBinary.run(["diff", Self.before, Self.after, "--format", "dot"])
        #expect(dot.status == 0)
        #expect(dot.stdout.hasPrefix("digraph navviz {"))
        #expect(dot.stdout.contains("id=\"node-childTwo\", class=\"removed\""))
        let mermaid = try NavVizBinary.run(["diff", Self.sequence, "--format", "mermaid"])
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout.hasPrefix("flowchart TD\n"))
        #expect(mermaid.stdout.contains("1. change"))

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-diff-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let svg = try NavVizBinary.run(["diff", Self.before, Self.after, "-o", out, "--legend"])
        #expect(svg.status == 0)
        #expect(svg.stdout == "")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("<svg") && text.contains("<g id=\"node&#45;inbox\" class=\"node added active\">"))
    }

    @Test func usageAndInputErrors() throws {
        let snapshot = try NavVizBinary.run(["diff", "Samples/katana-tabs.json"])
        #expect(snapshot.status == 64)
        #expect(snapshot.stdout == "")
        #expect(snapshot.stderr == "Samples/katana-tabs.json: error: a snapshot has no transitions to diff; give BEFORE and AFTER, or a sequence or log\n")
        let script = try NavVizBinary.run(["diff", "Samples/katana-tabs.script.json"])
        #expect(script.stderr == "Samples/katana-tabs.script.json: error: an action script has no transitions to diff; give BEFORE and AFTER, or a sequence or log\n")

        let range = try NavVizBinary.run(["diff", Self.sequence, "--transition", "7"])
        #expect(range.status == 64)
        #expect(range.stderr.contains("--transition 7 is out of range: the document has 2 transitions (0...1)"))

        let dialect = try NavVizBinary.run(["diff", Self.before, Self.after, "--dialect", "uikit"])
        #expect(dialect.status == 64)
        #expect(dialect.stdout == "")

        let invalid = try NavVizBinary.run(["diff", "-", Self.after], stdin: #"{"id": "a", "children": [{"id": "a"}, {"id": "a"}]}"#)
        #expect(invalid.status == 65)
        #expect(invalid.stdout == "")
        #expect(invalid.stderr.hasPrefix("<stdin>: error:"))
        #expect(invalid.stderr.contains("'a'"))
    }

    @Test func fromAndToNothing() throws {
        let r = try NavVizBinary.run(["diff", "-", "Samples/tempura-route.json", "--dialect", "reswift"], stdin: "null")
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("1. push "))
        #expect(r.stdout.contains("as the root"))
    }
}
