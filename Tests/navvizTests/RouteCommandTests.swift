import Foundation
import Testing
import _NavVizTestSupport

/// `navviz route`, run as a user runs it: stdout, stderr and the exit status separately.
@Suite struct RouteCommandTests {
    @Test func textForAReadmeExample() throws {
        let r = try NavVizBinary.run(["route", "Samples/portus-example-1.route.json"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == """
        1. leave switchNode3
        2. switch switchNode1 to node1
        3. enter node5 under node1
        4. enter node8 under node5

        final active path: switchNode1/node1/node5/node8

        """)
    }

    @Test func jsonIsFormatsArray() throws {
        let r = try NavVizBinary.shared(["route", "Samples/portus-example-4.route.json", "--format", "json"])
        #expect(r.status == 0)
        #expect(r.stdout == """
        [
          {"op": "leave", "id": "node11"},
          {"op": "leave", "id": "node6"},
          {"op": "switch", "in": "switchNode1", "to": "node2"},
          {"op": "enter", "id": "switchNode3", "parent": "node2"}
        ]

        """)
    }

    /// A snapshot with --to, templates from another file, and a context in the path.
    @Test func snapshotWithToAndTemplates() throws {
        let r = try NavVizBinary.run([
            "route", "Samples/portus-tree.json", "--to", "switchNode1/node1/node5?hex=ff%2000",
            "--templates", "Samples/portus-example-1.route.json", "--format", "json",
        ])
        #expect(r.stderr == "")
        #expect(r.status == 0)
        #expect(r.stdout == """
        [
          {"op": "leave", "id": "switchNode3"},
          {"op": "switch", "in": "switchNode1", "to": "node1"},
          {"op": "enter", "id": "node5", "parent": "node1", "context": {"hex": "ff 00"}}
        ]

        """)
    }

    @Test func unreachablePrintsNothingAndExitsOne() throws {
        let r = try NavVizBinary.shared(["route", "Samples/portus-loop.route.json", "--format", "json"])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == """
        Samples/portus-loop.route.json: error: destination not reachable: routing loops: chunk 3 (enter settings) repeats chunk 1 on the same tree
          failed at: chunk 3 (computing it)
          instructions that ran:
            1. enter settings under feed
            2. leave settings

        """)
    }

    @Test func unreachableWritesNoFile() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-route-\(UUID().uuidString).svg").path
        let r = try NavVizBinary.run(["route", "Samples/portus-unreachable.route.json", "-o", out])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("Samples/portus-unreachable.route.json: error: destination not reachable: 'node8' refuses to be left"))
        #expect(r.stderr.contains("instructions that ran: none"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func dotAndMermaid() throws {
        let dot = try NavVizBinary.shared(["route", "Samples/portus-example-2.route.json", "--format", "dot"])
        #expect(dot.status == 0)
        #expect(dot.stdout.hasPrefix("digraph navviz {"))
        #expect(dot.stdout.contains(#"id="node-node4", class="inactive destination final""#))
        let mermaid = try NavVizBinary.shared(["route", "Samples/portus-example-2.route.json", "--format", "mermaid"])
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout.hasPrefix("flowchart TD\n"))
    }

    @Test func svgToAFile() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-route-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try NavVizBinary.run(["route", "Samples/portus-example-3.route.json", "-o", out, "--legend", "--theme", "dark"])
        #expect(r.status == 0)
        #expect(r.stdout == "")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        // Graphviz writes "-" in ids as "&#45;".
        #expect(svg.contains(#"id="node&#45;node6" class="node ghost destination final""#))
        #expect(svg.contains("ghost"))
    }

    @Test(arguments: [
        (["route", "Samples/portus-tree.json"], Int32(64), "a snapshot has no destination"),
        (["route", "Samples/portus-tree.json", "--to", "switchNode1//node2"], Int32(64), "error: --to 'switchNode1//node2': element 2 has no id"),
        (["route", "Samples/portus-example-1.route.json", "-o", "out.xyz"], Int32(64), "cannot tell the format"),
        (["route", "Samples/missing.route.json"], Int32(66), "cannot read: no such file"),
        (["route", "Samples/portus-tree.json", "--to", "switchNode1", "--templates", "Samples/nope.json"], Int32(66), "Samples/nope.json: error: cannot read"),
    ])
    func usageAndInputErrors(arguments: [String], status: Int32, message: String) throws {
        let r = try NavVizBinary.run(arguments)
        #expect(r.status == status)
        #expect(r.stdout == "")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func helpShowsExamples() throws {
        let r = try NavVizBinary.run(["route", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("navviz route Samples/portus-example-1.route.json"))
        #expect(r.stdout.contains("destination not reachable"))
    }
}
