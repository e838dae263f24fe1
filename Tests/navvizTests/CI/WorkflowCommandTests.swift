import Foundation
import Testing
import _NavVizTestSupport

/// On GitHub Actions (`GITHUB_ACTIONS=true`) errors and drift are also workflow commands
/// that GitHub turns into annotations; elsewhere the output is unchanged.
final class WorkflowCommandTests: ScratchSuite {
    static let github = ["GITHUB_ACTIONS": "true"]

    @Test func driftedStepsAreAnnotatedOnTheirLines() throws {
        let expect = tmp.appendingPathComponent("e.json").path
        #expect(try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", expect, "--record"]).status == 0)
        let plain = try NavVizBinary.run(["check", "Samples/tempura-showhide.sequence.json", "--expect", expect])
        let github = try NavVizBinary.run(["check", "Samples/tempura-showhide.sequence.json", "--expect", expect], environment: Self.github)
        #expect(plain.status == 1 && github.status == 1)
        #expect(github.stdout == plain.stdout)
        let line = "Samples/tempura-showhide.sequence.json: error: the operations drifted from \(expect) (re-record with --record if the change is intended)\n"
        #expect(plain.stderr == line)
        #expect(github.stderr == line
            + "::error file=Samples/tempura-showhide.sequence.json,line=10,title=navviz check%3A step 5 drifted::"
            + "step 5 (Hide(screenB, atomic): one hide):%0A  - 1. pop screenB from screenA%0A  + 1. pop screenC from screenB%0A"
            + "  + 2. pop screenB from screenA%0A(expected in \(expect))\n")
    }

    @Test func propertiesAndMessagesAreEscaped() throws {
        let before = #"{"navviz": 1, "frames": [{"tree": {"id": "a"}}, {"label": "50% done, 1: ok", "tree": {"id": "a", "active": "b", "children": [{"id": "b"}]}}]}"#
        let file = try write("nav,one:two.json", before)
        let expect = tmp.appendingPathComponent("e.json").path
        #expect(try NavVizBinary.run(["check", file, "--expect", expect, "--record"]).status == 0)
        _ = try write("nav,one:two.json", before.replacingOccurrences(of: #""id": "b""#, with: #""id": "c""#).replacingOccurrences(of: #""active": "b""#, with: #""active": "c""#))
        let r = try NavVizBinary.run(["check", file, "--expect", expect], environment: Self.github)
        let command = try #require(r.stderr.split(separator: "\n").first { $0.hasPrefix("::error ") })
        let escapedFile = file.replacingOccurrences(of: ",", with: "%2C").replacingOccurrences(of: ":", with: "%3A")
        #expect(command == "::error file=\(escapedFile),line=1,title=navviz check%3A step 1 drifted::step 1 (50%25 done, 1: ok):%0A  - 1. push b onto a%0A  + 1. push c onto a%0A(expected in \(expect))")
    }

    @Test func documentErrorsPointAtTheirLine() throws {
        let bad = try write("bad.json", "{\"navviz\": 1,\n \"frames\": [\n  {\"tree\": {\"id\": \"a\"}},\n  {\"tree\": {\"id\": \"a\", \"children\": [\n     {\"id\": \"b\"},\n     {\"id\": \"b\"}]}}]}\n")
        let r = try NavVizBinary.run(["validate", bad], environment: Self.github)
        #expect(r.status == 65)
        #expect(r.stderr == "\(bad): error: frames[1].tree.children[1]: duplicate id 'b' with no context among the children of 'a' (the other is frames[1].tree.children[0])\n::error file=\(bad),line=6,title=navviz::frames[1].tree.children[1]: duplicate id 'b' with no context among the children of 'a' (the other is frames[1].tree.children[0])\n")
        let plain = try NavVizBinary.run(["validate", bad])
        #expect(plain.stderr == "\(bad): error: frames[1].tree.children[1]: duplicate id 'b' with no context among the children of 'a' (the other is frames[1].tree.children[0])\n")

        let syntax = try write("syntax.json", "{\"navviz\": 1,\n \"tree\": {\"id\": \n")
        let s = try NavVizBinary.run(["render", syntax], environment: Self.github)
        #expect(s.stderr.hasSuffix("::error file=\(syntax),line=3,col=1,title=navviz::invalid JSON: unexpected end of input: a value is missing\n"))

        let script = try write("script.json", #"{"navviz": 1, "initial": {"id": "a"},"# + "\n" + #""steps": [{"actions": [{"show": "b"}]},"# + "\n" + #"{"label": "bad", "actions": [{"hide": "zzz"}]}]}"#)
        let f = try NavVizBinary.run(["timeline", script], environment: Self.github)
        // A failing step ends the timeline where it stopped, as an unreachable route does.
        #expect(f.status == 1)
        #expect(f.stderr.contains("::error file=\(script),line=3,title=navviz::steps[1] ('bad') actions[0] (hide): "))
    }

    @Test func standardInputAndContinuationLines() throws {
        let r = try NavVizBinary.run(["validate", "-"], stdin: "{\"tree\": {\"id\": 1}}", environment: Self.github)
        #expect(r.stderr == "<stdin>: error: tree: 'id' must be a string, found a number\n::error title=navviz::tree: 'id' must be a string, found a number\n")
        let route = try NavVizBinary.run(["route", "Samples/portus-loop.route.json"], environment: Self.github)
        #expect(route.stderr.hasSuffix("::error file=Samples/portus-loop.route.json,title=navviz::destination not reachable: routing loops: chunk 3 (enter settings) repeats chunk 1 on the same tree%0A  failed at: chunk 3 (computing it)%0A  instructions that ran:%0A    1. enter settings under feed%0A    2. leave settings\n"))
    }
}
