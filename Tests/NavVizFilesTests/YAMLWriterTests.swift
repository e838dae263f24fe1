import Foundation
import Testing
import NavVizCore
import NavVizFiles

/// `navviz import --format yaml`'s YAML reads back to the document it was written from.
struct YAMLWriterTests {
    /// Strings YAML would take for another type if written plain: numbers in every base,
    /// sexagesimal, underscores, bools, null, floats' specials, a date, merge and value keys.
    /// fuzz-importers found the first (Fuzz/Regressions/importers/yaml-unquoted-hex-type: a
    /// UIKit paste line without a class name, whose address became the type `0x10b01a400`,
    /// written plain and read back as a number).
    static let lookAlikes = ["0x10b01a400", "123", "-7", "0o17", "017", "0b101", "1_000", "1:20", "1.5", "1e3", ".inf", "-.Inf",
                             ".nan", "true", "False", "yes", "off", "~", "null", "NULL", "2001-12-14", "<<", "="]

    @Test(arguments: lookAlikes)
    func aStringThatLooksLikeAnotherTypeStaysAString(_ text: String) throws {
        let json = #"{"navviz": 1, "tree": {"id": \#(JSONOutput.quote(text)), "type": \#(JSONOutput.quote(text)), "context": {"k": \#(JSONOutput.quote(text))}}}"#
        let yaml = try YAMLWriter.yaml(json: json)
        guard case .snapshot(let tree) = try DocumentFile.load(bytes: Array(yaml.utf8), name: "import.yaml", format: .yaml).document else {
            Issue.record("not a snapshot: \(yaml)"); return
        }
        let root = try #require(tree.root)
        #expect(tree.node(root).id == text, "\(yaml)")
        #expect(tree.node(root).type == text, "\(yaml)")
        #expect(tree.node(root).context["k"] == text, "\(yaml)")
    }

    /// What needs no quotes keeps none (the YAML stays as readable as before).
    @Test func plainStringsStayPlain() throws {
        let yaml = try YAMLWriter.yaml(json: #"{"navviz": 1, "tree": {"id": "UITabBarController@0x12c01d200", "type": "Chat", "context": {"chatId": "42a"}}}"#)
        #expect(yaml.contains("id: UITabBarController@0x12c01d200\n"))
        #expect(yaml.contains("type: Chat\n"))
        #expect(yaml.contains("chatId: 42a\n"))
    }
}
