import Foundation
import Testing
import NavVizCore
@testable import NavVizFiles

/// YAML aliases are expanded within a bound, measured before anything expands them.
struct YAMLAliasTests {
    /// `levels` lines `aN: &aN [*aN-1, …]` of nine aliases each under `context`.
    static func bomb(levels: Int, key: Bool = false) -> String {
        var lines = ["id: root", "context:", "  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for i in 1..<levels {
            lines.append("  a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 9).joined(separator: ", ") + "]")
        }
        if key { lines.append("  k: {*a\(levels - 1): 1, *a\(levels - 2): 2}") }
        return lines.joined(separator: "\n") + "\n"
    }

    func error(_ text: String) -> DocumentError? {
        do {
            _ = try DocumentFile.valueTree(Array(text.utf8), format: .yaml)
            return nil
        } catch {
            return error
        }
    }

    @Test func nineLevelBombIsRefusedAtItsLargestAlias() throws {
        guard case .tooLarge(let line, let column, let message) = try #require(error(Self.bomb(levels: 9))) else {
            Issue.record("not a limit"); return
        }
        // `a8`'s line holds the aliases of `a7`, each standing for 9^7 + … values.
        #expect((line, column) == (11, 12))
        #expect(message.hasPrefix("YAML aliases expand the document from the 104 values written in it to 490,329,068;"))
        #expect(message.contains("at most 100,000 values"))
        #expect(message.contains("The alias '*a7' here alone stands for 48,427,561."))
    }

    /// Yams hashes mapping keys while composing: an alias as a key would be walked in full
    /// before any reader of the composed document could count it.
    @Test func aliasAsMappingKeyIsRefusedBeforeComposing() throws {
        let problem = try #require(error(Self.bomb(levels: 8, key: true)))
        #expect(problem.diagnostics(file: "k.yaml").map(\.description).first?.hasPrefix("k.yaml:11:7: error: YAML aliases expand the document") == true)
    }

    /// Aliases that repeat a template are read as if written out.
    @Test func modestAliasesExpandLikeWrittenOutCopies() throws {
        let aliased = """
            id: tabs
            kind: tabs
            children:
              - {id: one, kind: stack, context: &ctx {user: 7, theme: dark}, children: [&leaf {id: leaf1, label: Leaf}]}
              - {id: two, kind: stack, context: *ctx, children: [{id: leaf2, label: Leaf}]}
            """
        let written = """
            id: tabs
            kind: tabs
            children:
              - {id: one, kind: stack, context: {user: 7, theme: dark}, children: [{id: leaf1, label: Leaf}]}
              - {id: two, kind: stack, context: {user: 7, theme: dark}, children: [{id: leaf2, label: Leaf}]}
            """
        let a = try DocumentReader.decode(DocumentFile.valueTree(Array(aliased.utf8), format: .yaml))
        let b = try DocumentReader.decode(DocumentFile.valueTree(Array(written.utf8), format: .yaml))
        guard case .snapshot(let ta) = a, case .snapshot(let tb) = b else { Issue.record("not snapshots"); return }
        #expect(TreeWriter.render(ta) == TreeWriter.render(tb))
        #expect(ta.node(try #require(ta.slot(of: "two"))).context == ["user": "7", "theme": "dark"])
    }

    /// The bound is the larger of `extraValues` and the values written out.
    @Test func boundIsExtraValuesOrTheWrittenSize() throws {
        // 1 sequence + 10 scalars under the anchor, then `count` aliases of it: each adds 11.
        func list(aliases count: Int) -> String {
            "[&x [" + Array(repeating: "v", count: 10).joined(separator: ", ") + "]" + String(repeating: ", *x", count: count) + "]"
        }
        // 12 + n written (the outer sequence, the anchored one, 10 scalars, n aliases);
        // expanded 12 + 11n. Allowed: written + max(extra, written).
        try YAMLAliases.check(list(aliases: 10), extraValues: 100)      // 122 ≤ 22 + 100
        #expect(throws: DocumentError.self) { try YAMLAliases.check(list(aliases: 11), extraValues: 100) }  // 133 > 23 + 100
        // Writing more out raises the bound: 2,000 scalars allow 2,000 more values.
        let long = "[" + Array(repeating: "w", count: 2_000).joined(separator: ", ") + ", " + list(aliases: 150) + "]"
        try YAMLAliases.check(long, extraValues: 100)
    }

    @Test func aliasesNestingPastLibyamlsDepthAreRefused() throws {
        // Each anchor nests 400 levels and holds the previous one: 1,200 levels expanded,
        // though no line of the file nests deeper than 401.
        func nest(_ inner: String, _ anchor: String) -> String {
            "&\(anchor) " + String(repeating: "[", count: 400) + inner + String(repeating: "]", count: 400)
        }
        let text = "- " + nest("x", "a") + "\n- " + nest("*a", "b") + "\n- " + nest("*b", "c") + "\n- *c\n"
        let problem = try #require(error(text))
        #expect(problem.diagnostics(file: "d.yaml").map(\.description).first?.contains("error: this YAML alias nests the document deeper than libyaml's 1,000 levels once expanded") == true)
    }
}
