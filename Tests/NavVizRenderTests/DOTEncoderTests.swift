import Testing
import NavVizCore
import NavVizRender
import _NavVizTestSupport

/// The DOT encoder, by exact text and without Graphviz.
struct DOTEncoderTests {
    @Test func smallTreeByExactText() throws {
        let tree = try Samples.tree(#"{"id": "tabs", "kind": "tabs", "active": "home", "children": [{"id": "home", "context": {"k": "v"}}, {"id": "chat", "label": "Chat"}]}"#)
        let dot = DOTEncoder.encode(TreeScene.make(tree, theme: .light))
        #expect(dot == """
            digraph navviz {
              graph [bgcolor="#ffffff", rankdir=TB, ordering=out, nodesep=0.3, ranksep=0.45, pad=0.25, margin=0, fontname="DejaVu Sans", fontcolor="#1f2328", fontsize=14, id="navviz"];
              node [fontname="DejaVu Sans", fontsize=12, margin="0.14,0.06"];
              edge [arrowsize=0.6, fontname="DejaVu Sans", fontsize=10];
              n0 [id="node-tabs", class="active switch kind-tabs", label=<⇄ tabs>, shape=tab, style="filled", color="#0969da", fillcolor="#ddf4ff", fontcolor="#1f2328", penwidth=2.5, peripheries=2, tooltip="id: tabs\\nkind: tabs"];
              n1 [id="node-home", class="active visible", label=<home<BR/><FONT POINT-SIZE="9">k=v</FONT>>, shape=box, style="rounded,filled", color="#0969da", fillcolor="#ddf4ff", fontcolor="#1f2328", penwidth=3.5, tooltip="id: home\\ncontext: k=v"];
              n2 [id="node-chat", class="inactive", label=<Chat>, shape=box, style="rounded,filled", color="#c3c8cf", fillcolor="#f6f8fa", fontcolor="#8c959f", penwidth=1, tooltip="id: chat\\nlabel: Chat"];
              n0 -> n1 [id="edge-tabs-home", class="active", color="#0969da", penwidth=2.5];
              n0 -> n2 [id="edge-tabs-chat", class="inactive", color="#c3c8cf", penwidth=1];
            }

            """)
    }

    @Test func sameInputSameBytes() throws {
        let doc = try Samples.load("nivelir-chat.yaml")
        guard case .snapshot(let tree) = doc else { Issue.record("not a snapshot"); return }
        #expect(DOTEncoder.encode(TreeScene.make(tree, theme: .dark, legend: true)) == DOTEncoder.encode(TreeScene.make(tree, theme: .dark, legend: true)))
    }

    @Test(arguments: [
        ("\"quoted\" \\N \\G", "&quot;quoted&quot; \\\\N \\\\G"),
        ("<b>bold</b> & <BR/>", "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;BR/&gt;"),
        ("line\nbreak\u{7}", "line break "),
        ("rtl \u{202E}olleh", "rtl  olleh"),
    ])
    func userTextIsDataInLabels(_ input: String, _ expected: String) throws {
        var tree = Tree(root: Node(id: "r", label: input))
        tree.update(tree.root!, to: Node(id: "r", label: input))
        let dot = DOTEncoder.encode(TreeScene.make(tree, theme: .light))
        #expect(dot.contains("label=<\(expected)<BR/><FONT POINT-SIZE=\"9\">r</FONT>>"))
    }

    @Test func idsCannotEscapeTheirString() throws {
        let tree = Tree(root: Node(id: #"x", image="/etc/passwd"#))
        let dot = DOTEncoder.encode(TreeScene.make(tree, theme: .light))
        #expect(dot.contains(#"id="node-x\", image=\"/etc/passwd""#))
        #expect(!dot.contains(#"image="/etc/passwd""#))
    }

    @Test func longLabelsAreCut() {
        let tree = Tree(root: Node(id: "r", label: String(repeating: "a", count: 10_000)))
        let node = TreeScene.make(tree, theme: .light).nodes[0]
        #expect(node.title.count == TreeScene.maxTitle)
        #expect(node.title.hasSuffix("…"))
    }
}
