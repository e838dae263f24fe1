import Foundation
import Testing
import _NavVizTestSupport

/// `navviz render` and `navviz validate` run as a user runs them: stdout, stderr and the exit
/// status checked separately.
struct RenderCommandTests {
    @Test func textToStdout() throws {
        let r = try NavVizBinary.run(["render", "Samples/tempura-route.json"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            screenA ScreenAViewController ●
            └─ screenB ScreenBViewController ●
               └─ screenC ScreenCViewController (modal) ●

            """)
    }

    @Test func jsonRoundTripsThroughStdin() throws {
        let first = try NavVizBinary.shared(["render", "Samples/nivelir-chat.yaml", "--format", "json"])
        #expect(first.status == 0)
        let second = try NavVizBinary.run(["render", "-", "--format", "json"], stdin: first.stdout)
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)
    }

    @Test func formatFromExtensionAndAtomicWrite() throws {
        let dir = try Scratch.directory("tests")
        defer { try? FileManager.default.removeItem(at: dir) }
        for ext in ["svg", "png", "pdf", "dot", "json", "txt"] {
            let out = dir.appendingPathComponent("tabs.\(ext)").path
            let r = try NavVizBinary.run(["render", "Samples/katana-tabs.json", "-o", out])
            #expect(r.status == 0, "\(ext): \(r.stderr)")
            #expect(r.stdout == "" && r.stderr == "")
            #expect(FileManager.default.fileExists(atPath: out))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func invalidDocumentExits65WithPreciseMessages() throws {
        let r = try NavVizBinary.run(["render", "-"], stdin: #"{"navviz": 1, "tree": {"id": "a", "chilren": [], "active": "b"}}"#)
        #expect(r.status == 65)
        #expect(r.stdout == "")
        #expect(r.stderr == """
            <stdin>: error: tree: unknown field 'chilren' (did you mean 'children'?)
            <stdin>: error: tree: active 'b' names no child (it has no children)

            """)
    }

    @Test func syntaxErrorNamesLineAndColumn() throws {
        let r = try NavVizBinary.run(["render", "-"], stdin: "{\n  \"id\": \"a\"\n  \"kind\": \"tabs\"\n}")
        #expect(r.status == 65)
        #expect(r.stderr == "<stdin>:3:3: error: invalid JSON: expected ',' or '}', found '\"'\n")
    }

    @Test func missingFileExits66() throws {
        let r = try NavVizBinary.run(["render", "nope.json"])
        #expect(r.status == 66)
        #expect(r.stderr == "nope.json: error: cannot read: no such file\n")
    }

    @Test func unwritableOutputExits74AndLeavesNothing() throws {
        let r = try NavVizBinary.run(["render", "Samples/katana-tabs.json", "-o", "/nonexistent-dir/x.svg"])
        #expect(r.status == 74)
        #expect(r.stderr == "/nonexistent-dir/x.svg: error: cannot write: directory '/nonexistent-dir' does not exist\n")
    }

    @Test func failedRunLeavesAnExistingOutputAlone() throws {
        let dir = try Scratch.directory("tests")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("keep.svg").path
        try "previous".write(toFile: out, atomically: true, encoding: .utf8)
        let r = try NavVizBinary.run(["render", "-", "-o", out], stdin: "{broken")
        #expect(r.status == 65)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous")
    }

    @Test func badUsageExits64() throws {
        #expect(try NavVizBinary.run(["render", "Samples/katana-tabs.json", "--format", "gif"]).status == 64)
        #expect(try NavVizBinary.run(["render", "Samples/katana-tabs.json", "-o", "x.bmp"]).status == 64)
        let r = try NavVizBinary.run(["render", "Samples/katana-tabs.json", "--state", "3"])
        #expect(r.status == 64)
        #expect(r.stderr == "Samples/katana-tabs.json: error: --state 3 is out of range: the document has 1 state (0...0)\n")
    }

    @Test func stateOfASequence() throws {
        let seq = #"{"navviz": 1, "frames": [{"label": "a", "tree": {"id": "a"}}, {"label": "b", "tree": {"id": "b"}}]}"#
        #expect(try NavVizBinary.run(["render", "-", "--state", "0"], stdin: seq).stdout == "a ●\n")
        #expect(try NavVizBinary.run(["render", "-"], stdin: seq).stdout == "b ●\n")
        // The names the options had before 0.2 still work, hidden from the help.
        #expect(try NavVizBinary.run(["render", "-", "--frame", "0"], stdin: seq).stdout == "a ●\n")
        let both = try NavVizBinary.run(["render", "-", "--frame", "0", "--state", "1"], stdin: seq)
        #expect(both.status == 64 && both.stderr.contains("--frame is the old name of --state"), "\(both.stderr)")
        #expect(try NavVizBinary.run(["render", "--help"]).stdout.contains("--frame") == false)
    }

    @Test func deepChainRendersAsTextAndRefusesImage() throws {
        var s = ""
        let depth = 20_000
        for i in 0..<depth { s += #"{"id": "s\#(i)", "active": "s\#(i + 1)", "children": ["# }
        s += #"{"id": "s\#(depth)"}"# + String(repeating: "]}", count: depth)
        let text = try NavVizBinary.run(["render", "-"], stdin: s)
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").count == depth + 1)
        let image = try NavVizBinary.run(["render", "-", "--format", "svg"], stdin: s)
        #expect(image.status == 65)
        // Refused while the tree is read, where its 5,001st node starts.
        let column = s.range(of: #"{"id": "s5000""#)!.lowerBound.utf16Offset(in: s) + 1
        #expect(image.stderr == "<stdin>:1:\(column): error: the tree has more than 5,000 nodes; images are limited to 5,000 (use --format text, json or dot for larger trees)\n")
        // DOT has no limit.
        #expect(try NavVizBinary.run(["render", "-", "--format", "dot"], stdin: s).status == 0)
    }

    /// Graphviz's own stderr line for a bitmap past cairo's size never reaches the user; the
    /// picture is refused with a navviz message naming the file, and nothing is written.
    /// 120 leaves with long labels are about 54,000 points wide: too wide for cairo, and a
    /// layout Graphviz makes in a moment (3,000 short ones took it 3 s).
    @Test func bitmapTooWideIsRefusedWithoutGraphvizLines() throws {
        let leaves = (0..<120).map { #"{"id": "leaf\#($0)", "label": "A label long enough to make this picture wider than cairo can draw, number \#($0)"}"# }
        let wide = #"{"id": "root", "children": ["# + leaves.joined(separator: ", ") + "]}"
        let r = try NavVizBinary.run(["render", "-", "--format", "png"], stdin: wide)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("<stdin>: error: the picture is too large for a bitmap: cairo draws at most 32,767 pixels a side, and Graphviz would shrink it to 61% to fit"), "\(r.stderr)")
        #expect(!r.stderr.contains("(null)"))
        #expect(r.stdout.isEmpty)
    }

    /// A frame of a sequence is measured once drawn: the message names the file too.
    @Test func largeFrameOfASequenceIsRefusedWithTheFileName() throws {
        let nodes = (0..<5_001).map { #"{"id": "n\#($0)"}"# }.joined(separator: ", ")
        let seq = #"{"navviz": 1, "frames": [{"tree": {"id": "root", "children": ["# + nodes + "]}}]}"
        let image = try NavVizBinary.run(["render", "-", "--format", "svg"], stdin: seq)
        #expect(image.status == 65)
        #expect(image.stderr == "<stdin>: error: the diagram has 5,002 nodes; images are limited to 5,000 (use --format text, json or dot for larger trees)\n")
    }

    @Test func validateListsEveryProblem() throws {
        let dir = try Scratch.directory("tests")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json").path
        try #"{"frames": [{"tree": {"id": "a", "children": [{"id": "a"}, {"id": "a"}]}}, {"tree": {"id": ""}}]}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try NavVizBinary.run(["validate", "Samples/katana-tabs.json", bad])
        #expect(r.status == 65)
        #expect(r.stdout == "Samples/katana-tabs.json: ok (snapshot, 7 nodes)\n")
        #expect(r.stderr == "\(bad): error: frames[0].tree.children[1]: duplicate id 'a' with no context among the children of 'a' (the other is frames[0].tree.children[0])\n\(bad): error: frames[1].tree: 'id' must not be empty\n")
    }

    @Test func helpAndVersion() throws {
        let help = try NavVizBinary.run(["render", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--state"))
        #expect(try NavVizBinary.run(["--version"]).status == 0)
    }
}

extension RenderCommandTests {
    /// Writing to a device must not replace it with a regular file.
    @Test func devNullStaysADevice() throws {
        let r = try NavVizBinary.run(["render", "Samples/katana-tabs.json", "-o", "/dev/null", "--format", "svg"])
        #expect(r.status == 0)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR)
    }
}

extension RenderCommandTests {
    @Test func anyFrameOfAScriptOrARoute() throws {
        let initial = try NavVizBinary.run(["render", "Samples/tempura-showhide.script.json", "--state", "0"])
        #expect(initial.stdout == "screenA ScreenAViewController ●\n")
        let second = try NavVizBinary.run(["render", "Samples/tempura-showhide.script.json", "--state", "2"])
        #expect(second.stdout == "screenA ScreenAViewController ●\n└─ screenB ●\n   └─ screenC ●\n")
        let routed = try NavVizBinary.shared(["render", "Samples/portus-example-1.route.json", "--format", "json"])
        #expect(routed.status == 0)
        #expect(routed.stdout.contains("\"id\": \"node8\""))
        let broken = try NavVizBinary.run(["render", "-"], stdin: #"{"initial": {"id": "r"}, "steps": [{"actions": [{"pop": "x"}]}]}"#)
        #expect(broken.status == 65)
        #expect(broken.stderr == "<stdin>: error: steps[0] actions[0] (pop): no node 'x' in the tree; the step was not applied\n")
    }
}
