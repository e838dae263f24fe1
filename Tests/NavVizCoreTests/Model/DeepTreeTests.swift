import Testing
import NavVizCore
import _NavVizTestSupport

/// Trees far deeper than recursion allows: a stack 100,000 screens deep.
struct DeepTreeTests {
    static func chainJSON(_ depth: Int) -> String {
        var s = ""
        for i in 0..<depth { s += #"{"id": "s\#(i)", "active": "s\#(i + 1)", "children": ["# }
        s += #"{"id": "s\#(depth)"}"#
        s += String(repeating: "]}", count: depth)
        return s
    }

    @Test func decodesValidatesAndPrintsA100kChain() throws {
        let depth = 100_000
        guard case .snapshot(let tree) = try DocumentReader.json(Array(Self.chainJSON(depth).utf8)) else {
            Issue.record("not a snapshot")
            return
        }
        #expect(tree.count == depth + 1)
        #expect(tree.activePath.count == depth + 1)
        let lines = TreeText.lines(tree)
        #expect(lines.count == depth + 1)
        #expect(lines.last == "┆ [depth 100000] └─ s100000 ●")
        let json = DocumentEncoder.snapshot(tree)
        guard case .snapshot(let again) = try DocumentReader.json(Array(json.utf8)) else {
            Issue.record("not a snapshot")
            return
        }
        #expect(again == tree)
    }

    @Test func a200DeepChainPrintsAsText() throws {
        guard case .snapshot(let tree) = try DocumentReader.json(Array(Self.chainJSON(200).utf8)) else { return }
        let lines = TreeText.lines(tree)
        #expect(lines.count == 201)
        #expect(lines[1] == "└─ s1 ●")
        #expect(lines[32].hasPrefix(String(repeating: "   ", count: 31) + "└─ s32"))
        #expect(lines[33] == "┆ [depth 33] └─ s33 ●")
    }

    @Test func duplicateDeepInAChainIsFound() throws {
        var json = Self.chainJSON(1_000)
        json = json.replacingOccurrences(of: #""s999""#, with: #""s3""#)
        let head = Array(repeating: "children[0]", count: 4).joined(separator: ".")
        #expect(Samples.problems(json) == ["\(head)…(991 levels)….\(head): duplicate id 's3'"])
    }
}
