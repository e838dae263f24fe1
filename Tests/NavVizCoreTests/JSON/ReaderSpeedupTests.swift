import NavVizCore
import Testing
import _NavVizTestSupport

/// What the faster reader (one shared member stack, ASCII strings without re-validation,
/// repeated node fields found by bit set) must keep: keys paired with their values at every
/// depth, UTF-8 checks on non-ASCII text, and the same messages for repeated fields.
@Suite struct ReaderSpeedupTests {
    @Test func keysStayWithTheirValuesAcrossNestedContainers() throws {
        let json = #"{"a": [1, {"b": {"c": [true, {"d": "x"}]}, "e": null}], "f": {"g": "é"}, "h": []}"#
        let tree = try JSONReader.parse(Array(json.utf8))
        let top = tree.fields(tree.root)
        #expect(top.map(\.key) == ["a", "f", "h"])
        let a = Array(tree.members(top[0].value))
        #expect(tree.kind(a[0]) == .number && tree.text(a[0]) == "1")
        #expect(tree.fields(a[1]).map(\.key) == ["b", "e"])
        let b = tree.fields(a[1])[0].value
        let c = tree.fields(b)[0].value
        #expect(tree.fields(b).map(\.key) == ["c"])
        let d = Array(tree.members(c))[1]
        #expect(tree.fields(d).map(\.key) == ["d"])
        #expect(tree.text(tree.fields(d)[0].value) == "x")
        #expect(tree.text(tree.fields(top[1].value)[0].value) == "é")
        #expect(tree.members(top[2].value).isEmpty)
        #expect(Array(tree.fieldSequence(tree.root).map(\.key)) == ["a", "f", "h"])
    }

    @Test func invalidUTF8IsStillAnError() {
        var bytes = Array(#"{"id": "a"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#""}"#.utf8)
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(bytes) }
    }

    @Test func repeatedFieldsOfANodeAreReportedOnce() {
        let document = #"{"id": "a", "label": "x", "label": "y", "colour": 1, "colour": 2, "children": [{"id": "b", "id": "c"}]}"#
        #expect(throws: DocumentError.invalid([
            .init(path: "", message: "duplicate field 'label'"),
            .init(path: "", message: "unknown field 'colour'"),
            .init(path: "", message: "duplicate field 'colour'"),
            .init(path: "children[0]", message: "duplicate field 'id'"),
        ])) { try Samples.document(document) }
    }
}
