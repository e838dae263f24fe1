import Testing
import NavVizCore
import _NavVizTestSupport

/// Trees far deeper than recursion allows: a stack ``Scale/deep`` screens deep (100,000 in
/// `make size`, 20,000 in `make test`).
struct DeepTreeTests {
    static func chainJSON(_ depth: Int) -> String {
        var s = ""
        for i in 0..<depth { s += #"{"id": "s\#(i)", "active": "s\#(i + 1)", "children": ["# }
        s += #"{"id": "s\#(depth)"}"#
        s += String(repeating: "]}", count: depth)
        return s
    }

    @Test func decodesValidatesAndPrintsADeepChain() throws {
        let depth = Scale.deep
        guard case .snapshot(let tree) = try DocumentReader.json(Array(Self.chainJSON(depth).utf8)) else {
            Issue.record("not a snapshot")
            return
        }
        #expect(tree.count == depth + 1)
        #expect(tree.activePath.count == depth + 1)
        let lines = TreeWriter.lines(tree)
        #expect(lines.count == depth + 1)
        #expect(lines.last == "┆ [depth \(depth)] └─ s\(depth) ●")
        let json = DocumentEncoder.snapshot(tree)
        guard case .snapshot(let again) = try DocumentReader.json(Array(json.utf8)) else {
            Issue.record("not a snapshot")
            return
        }
        #expect(again == tree)
    }

    /// Every node of a deep chain with a context and an `active` object, or with a problem:
    /// the decoder builds a node's path (which costs its depth) only for a problem it reports
    /// (at most 100). Building it for every context, or every problem, made a 30,000-deep
    /// chain (2.2 MB) take over five minutes; it now takes a second or two. (30,000 deep in
    /// `make size`, 20,000 in `make test`: quadratic, that would still take minutes.)
    @Test(.timeLimit(.minutes(Int(Sanitizer.slowdown))), arguments: [false, true])
    func aDeepChainWithContextsDecodesInLinearTime(invalid: Bool) throws {
        let depth = Scale.full ? 30_000 : 20_000
        var s = ""
        for i in 0..<depth {
            // Invalid: `active` names the child without its context.
            let active = invalid ? #"{"id": "s\#(i + 1)"}"# : #"{"id": "s\#(i + 1)", "context": {"k": \#(i + 1)}}"#
            s += #"{"id": "s\#(i)", "context": {"k": \#(i)}, "active": \#(active), "children": ["#
        }
        s += #"{"id": "s\#(depth)", "context": {"k": \#(depth)}}"# + String(repeating: "]}", count: depth)
        do {
            guard case .snapshot(let tree) = try DocumentReader.json(Array(s.utf8)) else {
                Issue.record("not a snapshot")
                return
            }
            #expect(!invalid)
            #expect(tree.activePath.count == depth + 1)
            #expect(tree.node(try #require(tree.slot(of: "s\(depth - 1)"))).context == ["k": "\(depth - 1)"])
        } catch {
            #expect(invalid)
            guard case DocumentError.invalid(let problems)? = error as? DocumentError else { Issue.record("\(error)"); return }
            #expect(problems.count == DocumentDecoder.maxProblems)
        }
    }

    @Test func a200DeepChainPrintsAsText() throws {
        guard case .snapshot(let tree) = try DocumentReader.json(Array(Self.chainJSON(200).utf8)) else { return }
        let lines = TreeWriter.lines(tree)
        #expect(lines.count == 201)
        #expect(lines[1] == "└─ s1 ●")
        #expect(lines[32].hasPrefix(String(repeating: "   ", count: 31) + "└─ s32"))
        #expect(lines[33] == "┆ [depth 33] └─ s33 ●")
    }

    /// An id repeated far down a chain is a repeated screen (docs/format.md), found by the index.
    @Test func repeatedIDDeepInAChainIsAccepted() throws {
        var json = Self.chainJSON(1_000)
        json = json.replacingOccurrences(of: #""s999""#, with: #""s3""#)
        #expect(Samples.problems(json) == [])
        guard case .snapshot(let tree) = try DocumentReader.json(Array(json.utf8)) else { Issue.record("not a snapshot"); return }
        #expect(tree.occurrences(of: "s3") == 2)
        let deep = try #require(tree.slots(of: "s3").last)
        #expect(tree.depth(deep) == 999)
        #expect(tree.slot(of: "s3") == tree.slots(of: "s3").first)
        #expect(tree.path(to: deep).count == 1_000)
    }
}
