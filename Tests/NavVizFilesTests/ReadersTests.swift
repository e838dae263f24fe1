import Foundation
import NavVizCore
import NavVizFiles
import Testing

/// A scratch folder of files for one test, removed with it.
final class Scratch {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-files-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// DocumentFile: which reader a file goes to (its extension, else what it holds), and what a
/// file that cannot be read or holds no document gives.
struct DocumentFileTests {
    @Test(arguments: [
        ("a.json", InputFormat.json), ("a.yaml", .yaml), ("a.YML", .yaml), ("a.ndjson", .log), ("a.jsonl", .log),
    ])
    func extensionNamesTheFormat(_ name: String, _ format: InputFormat) {
        #expect(InputFormat(extensionOf: name) == format)
    }

    @Test func otherExtensionsNameNoneAndDefaultToJSON() {
        #expect(InputFormat(extensionOf: "tree.txt") == nil)
        #expect(InputFormat(path: "tree.txt") == .json)
    }

    @Test(arguments: [
        (#"{"id": "root"}"#, InputFormat.json),
        ("{\"tree\": {\"id\": \"a\"}}\n{\"tree\": {\"id\": \"b\"}}\n", .log),
        ("id: root\nchildren: []\n", .yaml),
        ("# a comment\nid: root\n", .yaml),
    ])
    func contentShowsTheFormat(_ text: String, _ format: InputFormat) {
        #expect(InputFormat.sniff(Array(text.utf8)) == format)
    }

    @Test func aFileWithoutExtensionIsReadByWhatItHolds() throws {
        let scratch = try Scratch()
        let path = try scratch.file("tree", "id: root\nactive: a\nchildren:\n  - id: a\n")
        guard case .snapshot(let tree) = try DocumentFile.load(path) else {
            Issue.record("not a snapshot"); return
        }
        #expect(tree.root.map(tree.id) == "root")
        #expect(tree.activePath.map(tree.id) == ["root", "a"])
    }

    @Test func aLogIsASequenceOfItsLines() throws {
        let scratch = try Scratch()
        let path = try scratch.file("run.ndjson", "{\"label\": \"one\", \"tree\": {\"id\": \"a\"}}\n{\"label\": \"two\", \"tree\": {\"id\": \"b\"}}\n")
        guard case .sequence(let sequence) = try DocumentFile.load(path) else {
            Issue.record("not a sequence"); return
        }
        #expect(sequence.isLog)
        #expect(sequence.snapshots.map(\.label) == ["one", "two"])
    }

    @Test func aMissingFileIsUnreadable() throws {
        let scratch = try Scratch()
        let path = scratch.url.appendingPathComponent("absent.json").path
        #expect {
            try DocumentFile.load(path)
        } throws: { error in
            guard case .unreadable(let p, _) = error as? DocumentFile.LoadError else { return false }
            return p == path
        }
    }

    @Test func anInvalidDocumentNamesItsFileAndPlace() throws {
        let scratch = try Scratch()
        let path = try scratch.file("bad.json", #"{"id": "root", "children": [{"id": ""}]}"#)
        do {
            _ = try DocumentFile.load(path)
            Issue.record("loaded")
        } catch {
            guard case .invalid = error else { Issue.record("\(error)"); return }
            #expect(error.diagnostics.map(\.description).allSatisfy { $0.hasPrefix("\(path):") && $0.contains("error:") }, "\(error.diagnostics.map(\.description))")
            #expect(error.diagnostics.map(\.description).contains { $0.contains("children[0]") }, "\(error.diagnostics.map(\.description))")
        }
    }
}

/// SnapshotFile: a sequence or log streamed frame by frame, as often as asked.
struct SnapshotFileTests {
    static let sequence = #"{"navviz": 1, "title": "t", "frames": [{"label": "one", "tree": {"id": "a"}}, {"label": "two", "tree": {"id": "b"}}]}"#

    func labels(_ file: SnapshotFile) throws -> [String?] {
        var stream = try #require(file.open())
        var out: [String?] = []
        while let frame = try stream.next() { out.append(frame.label) }
        return out
    }

    @Test func aSequenceIsReadFrameByFrameAndAgain() throws {
        let scratch = try Scratch()
        let file = try #require(SnapshotFile(path: try scratch.file("s.json", Self.sequence)))
        #expect(file.kind == .sequence)
        #expect(try labels(file) == ["one", "two"])
        #expect(try labels(file) == ["one", "two"])
        #expect(file.isUnchanged)
    }

    @Test func aLogWithoutExtensionIsStreamedAsALog() throws {
        let scratch = try Scratch()
        let path = try scratch.file("log", "{\"tree\": {\"id\": \"a\"}}\n{\"tree\": {\"id\": \"b\"}}\n")
        let file = try #require(SnapshotFile(path: path))
        #expect(file.kind == .log)
        #expect(try labels(file).count == 2)
    }

    @Test func aChangedFileIsNoLongerTheOneOpened() throws {
        let scratch = try Scratch()
        let path = try scratch.file("s.json", Self.sequence)
        let file = try #require(SnapshotFile(path: path))
        try scratch.file("s.json", Self.sequence + "\n ")
        #expect(!file.isUnchanged)
    }

    @Test func yamlStandardInputAndMissingFilesAreNotStreamed() throws {
        let scratch = try Scratch()
        #expect(SnapshotFile(path: try scratch.file("s.yaml", "id: a\n")) == nil)
        #expect(SnapshotFile(path: "-") == nil)
        #expect(SnapshotFile(path: scratch.url.appendingPathComponent("absent.json").path) == nil)
    }
}

/// TemplatesFile: `route --templates FILE`, a document with `templates` or a bare map.
struct TemplatesFileTests {
    @Test(arguments: [
        ("t.json", #"{"templates": {"settings": {"id": "settings", "active": "general", "children": [{"id": "general"}]}}}"#),
        ("t.json", #"{"settings": {"id": "settings", "active": "general", "children": [{"id": "general"}]}}"#),
        ("t.yaml", "settings:\n  id: settings\n  active: general\n  children:\n    - id: general\n"),
    ])
    func templatesAreRead(_ name: String, _ text: String) throws {
        let scratch = try Scratch()
        let templates = try TemplatesFile.load(try scratch.file(name, text))
        #expect(Array(templates.keys) == ["settings"])
    }

    @Test func anInvalidTemplateNamesTheFile() throws {
        let scratch = try Scratch()
        let path = try scratch.file("t.json", #"{"settings": {"children": []}}"#)
        do {
            _ = try TemplatesFile.load(path)
            Issue.record("loaded")
        } catch {
            guard case .invalid(let p, _) = error else { Issue.record("\(error)"); return }
            #expect(p == path)
        }
    }
}
