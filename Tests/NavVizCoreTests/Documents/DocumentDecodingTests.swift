import Foundation
import Testing
import NavVizFiles
import NavVizCore
import _NavVizTestSupport

/// What each kind of document decodes to, with docs/format.md's defaults.
struct DocumentDecodingTests {
    @Test func defaultsFollowFormat() throws {
        let t = try Samples.tree("""
            {"id": "tabs", "kind": "tabs", "active": "home", "children": [
              {"id": "home", "context": {"n": 1, "b": true, "s": "x"}},
              {"id": "plain", "switch": false, "children": [{"id": "leaf"}]},
              {"id": "explicit", "managed": false}
            ]}
            """)
        let root = try #require(t.root)
        #expect(t.node(root).isSwitch)
        let home = try #require(t.slot(of: "home"))
        #expect(t.isManaged(home))
        #expect(t.node(home).context == ["n": "1", "b": "true", "s": "x"])
        #expect(t.node(home).isLeavable && t.node(home).canLeave && t.node(home).isEnterable)
        #expect(!t.isManaged(try #require(t.slot(of: "leaf"))))
        #expect(!t.isManaged(try #require(t.slot(of: "explicit"))))
        #expect(t.activePath.map(t.id) == ["tabs", "home"])
        #expect(t.node(try #require(t.slot(of: "plain"))).displayLabel == "plain")
    }

    @Test(arguments: ["null", #"{"tree": null}"#, #"{"navviz": 1, "tree": null}"#])
    func emptyTree(_ json: String) throws {
        #expect(try Samples.tree(json).isEmpty)
    }

    @Test func sequence() throws {
        guard case .sequence(let s) = try Samples.document("""
            {"navviz": 1, "title": "t", "frames": [{"label": "start", "tree": {"id": "a"}}, {"tree": null}]}
            """) else { Issue.record("not a sequence"); return }
        #expect(s.title == "t")
        #expect(s.snapshots.map(\.label) == ["start", nil])
        #expect(s.snapshots[1].tree.isEmpty)
    }

    @Test func logReadsOneSnapshotPerLine() throws {
        let log = """
            {"navviz": 1, "tree": {"id": "a"}}

            {"id": "b"}
            null
            {"label": "after login", "tree": {"id": "c"}}
            """
        guard case .sequence(let s) = try DocumentReader.log(Array(log.utf8)) else { Issue.record("not a sequence"); return }
        #expect(s.isLog)
        #expect(s.snapshots.map { $0.tree.root.map($0.tree.id) } == ["a", "b", nil, "c"])
        #expect(s.snapshots[3].label == "after login")
    }

    @Test func logProblemsCarryTheLine() throws {
        let log = "{\"id\": \"a\"}\n{\"id\": \"a\", \"children\": [{\"id\": \"b\"}, {\"id\": \"b\"}]}\n{oops\n"
        let error = try #require(Samples.logError(log))
        do {
            #expect(error.diagnostics(file: "app.ndjson").map(\.description) == [
                "app.ndjson:2: error: children[1]: duplicate id 'b' with no context among the children of 'a' (the other is children[0])",
                "app.ndjson:3: error: invalid JSON at column 2: expected a quoted key, found 'o'",
            ])
        }
    }

    @Test func scriptWithEveryVocabulary() throws {
        guard case .script(let s) = try Samples.document("""
            {"navviz": 1, "title": "all", "initial": {"id": "r"},
             "templates": {"tabs": {"id": "tabs", "kind": "tabs", "active": "a", "children": [{"id": "a"}]}},
             "steps": [{"label": "one", "actions": [
               {"push": {"id": "x"}, "into": "r"}, {"pop": "x"}, {"activate": "r"},
               {"change": {"parent": "r", "pop": ["x"], "push": [{"id": "y"}]}},
               {"route": ["r", {"id": "c", "context": {"hex": "ff"}}]}, {"enter": "e"}, {"enter": {"id": "f"}, "into": "r"},
               {"leave": "e"}, {"switch": {"in": "tabs", "to": "a"}},
               {"show": ["s1", "s2"]}, {"show": "s3"}, {"hide": "s1", "atomic": true},
               {"stack": "r", "push": {"id": "p"}}, {"stack": "r", "pop": "previous"}, {"stack": "r", "pop": "root"},
               {"stack": "r", "pop": {"to": "p"}}, {"stack": "r", "replace": {"id": "q"}}, {"stack": "r", "clear": true},
               {"stack": "r", "set": [{"id": "m"}, {"id": "n"}]}
             ]}]}
            """) else { Issue.record("not a script"); return }
        #expect(s.templates.keys.sorted() == ["tabs"])
        #expect(s.steps[0].actions.map(\.verb) == [
            "push", "pop", "activate", "change", "route", "enter", "enter", "leave", "switch", "show", "show", "hide",
            "stack push", "stack pop", "stack pop", "stack pop", "stack replace", "stack clear", "stack set",
        ])
        guard case .route(let path) = s.steps[0].actions[4] else { Issue.record("not a route"); return }
        #expect(path.map(\.description) == ["r", "c?hex=ff"])
    }

    @Test func routeRequest() throws {
        guard case .route(let r) = try Samples.document("""
            {"navviz": 1, "tree": {"id": "root"}, "to": ["root", {"id": "detail", "context": {"hex": "ff0000"}, "type": "Detail"}]}
            """) else { Issue.record("not a route request"); return }
        #expect(r.to == [PathElement(id: "root"), PathElement(id: "detail", context: ["hex": "ff0000"], type: "Detail")])
    }
}

/// A tree that is to be drawn is read only up to the picture limit.
struct PictureLimitTests {
    static let tree = """
        {"id": "a", "children": [
          {"id": "b"},
          {"id": "c", "children": [{"id": "d"}]}]}
        """

    func problems(_ text: String, limit: Int?, format: InputFormat = .json) -> [String] {
        do {
            _ = try DocumentReader.decode(DocumentFile.valueTree(Array(text.utf8), format: format, pictureLimit: limit), pictureLimit: limit)
            return []
        } catch {
            return error.diagnostics(file: "f").map(\.description)
        }
    }

    static func message(_ limit: Int) -> String {
        "error: the tree has more than \(limit) nodes; images are limited to \(limit) (use --format text, json or dot for larger trees)"
    }

    /// JSON stops at the first node past the limit, where it starts.
    @Test func jsonStopsAtTheFirstNodePastTheLimit() {
        #expect(problems(Self.tree, limit: 4) == [])
        #expect(problems(Self.tree, limit: nil) == [])
        #expect(problems(Self.tree, limit: 3) == ["f:3:28: " + Self.message(3)])
        #expect(problems(Self.tree, limit: 1) == ["f:2:3: " + Self.message(1)])
        #expect(problems(#"{"navviz": 1, "tree": "# + Self.tree + "}", limit: 2) == ["f:3:3: " + Self.message(2)])
        // A route request's tree is drawn too; its templates are not.
        #expect(problems(#"{"tree": "# + Self.tree + #", "to": ["a"]}"#, limit: 3) == ["f:3:28: " + Self.message(3)])
        #expect(problems(#"{"tree": {"id": "a"}, "to": ["a"], "templates": {"t": {"id": "t", "children": [{"id": "u"}, {"id": "v"}]}}}"#, limit: 1) == [])
        // An object nested elsewhere (a sequence's frames, a script's initial tree) is not counted.
        #expect(problems(#"{"frames": [{"tree": "# + Self.tree + "}]}", limit: 1) == [])
        #expect(problems(#"{"initial": "# + Self.tree + #", "steps": []}"#, limit: 1) == [])
    }

    /// YAML is read whole (libyaml), then decoded only up to the limit.
    @Test func yamlStopsWhileDecoded() {
        let yaml = "id: a\nchildren:\n  - id: b\n  - id: c\n    children: [{id: d}]\n"
        #expect(problems(yaml, limit: 4, format: .yaml) == [])
        #expect(problems(yaml, limit: 3, format: .yaml) == ["f:5:16: " + Self.message(3)])
    }

    @Test func countsAreGroupedByThousands() {
        #expect([0, 999, 1_000, 5_000, 1_400_000, -12_345].map(PlainText.count) == ["0", "999", "1,000", "5,000", "1,400,000", "-12,345"])
    }
}

/// A repeated id among a node's children is found however many children it has: a parent's
/// first 16 children are compared one by one, a wider parent's looked up by id (the decoder
/// switches as the 17th is added); the message names the first of them either way.
struct SiblingIDTests {
    /// A root with `count` children `c0`, `c1`, … (each with a child of its own), then a
    /// repeat of `c<first>`; with `contexts`, the repeat and `c<first>` carry the context `v`.
    static func document(count: Int, first: Int, contexts: (String, String)? = nil) -> String {
        func context(_ v: String?) -> String { v.map { ", \"context\": {\"v\": \"\($0)\"}" } ?? "" }
        var children = (0..<count).map { i in
            "{\"id\": \"c\(i)\"\(context(i == first ? contexts?.0 : nil)), \"children\": [{\"id\": \"leaf\"}]}"
        }
        children.append("{\"id\": \"c\(first)\"\(context(contexts?.1))}")
        return "{\"id\": \"r\", \"children\": [\(children.joined(separator: ", "))]}"
    }

    @Test(arguments: [(3, 1), (16, 15), (16, 0), (17, 0), (17, 16), (18, 3), (40, 39)])
    func aRepeatedIDNamesTheFirst(count: Int, first: Int) {
        #expect(Samples.problems(Self.document(count: count, first: first))
            == ["children[\(count)]: duplicate id 'c\(first)' with no context among the children of 'r' (the other is children[\(first)])"])
        #expect(Samples.problems(Self.document(count: count, first: first, contexts: ("1", "1")))
            == ["children[\(count)]: duplicate id 'c\(first)' with equal context 'v=1' among the children of 'r' (the other is children[\(first)])"])
        #expect(Samples.problems(Self.document(count: count, first: first, contexts: ("1", "2"))) == [])
    }
}
