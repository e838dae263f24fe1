import Foundation
import NavVizFiles
import Testing

/// YAML errors name YAML, with libyaml's line and column.
struct YAMLErrorTests {
    @Test func yamlSyntaxAndDepth() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-yaml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.yaml")
        try "tree:\n  id: a\n   kind: x\n".write(to: bad, atomically: true, encoding: .utf8)
        let deep = dir.appendingPathComponent("deep.yaml")
        let depth = 600
        try (String(repeating: #"{"id": "s", "children": ["#, count: depth) + "{}" + String(repeating: "]}", count: depth))
            .write(to: deep, atomically: true, encoding: .utf8)
        func lines(_ url: URL) -> [String] {
            do {
                _ = try DocumentFile.load(url.path)
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(lines(bad) == ["\(bad.path):3:8: error: invalid YAML: mapping values are not allowed in this context"])
        #expect(lines(deep).first?.contains("error: invalid YAML: nested deeper than libyaml's 1,000 levels") == true)
    }
}

extension YAMLErrorTests {
    /// A tab where YAML wants spaces is named as a tab, where libyaml says only that a
    /// character cannot start a token.
    @Test func aTabIsNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-yaml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tab = dir.appendingPathComponent("tab.yaml")
        try "tree:\n\tid: a\n".write(to: tab, atomically: true, encoding: .utf8)
        do {
            _ = try DocumentFile.load(tab.path)
            Issue.record("a tab was accepted")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["\(tab.path):2:1: error: invalid YAML: found character that cannot start any token: a tab; YAML indents with spaces only (replace the tab with spaces)"])
        }
    }
}
