import NavVizCore
import Testing

/// `navviz route --templates FILE`: a bare map of templates, or a document's `templates`.
@Suite struct TemplatesDecodingTests {
    func decode(_ json: String) throws -> Templates {
        try DocumentDecoder.decodeTemplates(try JSONReader.parse(Array(json.utf8)))
    }

    @Test func bareMap() throws {
        let t = try decode(#"{"pager": {"id": "pager", "active": "p1", "children": [{"id": "p1"}]}}"#)
        #expect(t.keys.sorted() == ["pager"])
        #expect(t["pager"]?.count == 2)
    }

    @Test func documentField() throws {
        let t = try decode(#"{"navviz": 1, "tree": {"id": "a"}, "to": ["a"], "templates": {"x": {"id": "x"}}}"#)
        #expect(t.keys.sorted() == ["x"])
    }

    @Test func mismatchedKeyIsAnError() throws {
        #expect(throws: DocumentError.invalid([.init(path: "x", message: "template id 'y' does not match its key 'x'")])) {
            try decode(#"{"x": {"id": "y"}}"#)
        }
    }

    @Test func notAnObjectIsAnError() throws {
        #expect(throws: DocumentError.invalid([.init(path: "", message: "templates must be an object mapping ids to nodes, found an array")])) {
            try decode(#"[1]"#)
        }
    }
}
