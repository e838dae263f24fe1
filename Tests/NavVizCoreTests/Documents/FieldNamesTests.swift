import Testing
import NavVizCore

/// A node's field is told from its name by ``FieldNames/NodeField/init(_:)``: every allowed
/// name gives its own field, and no other name gives one.
struct FieldNamesTests {
    @Test func everyNodeFieldIsFoundByItsName() {
        for field in FieldNames.NodeField.allCases {
            #expect(FieldNames.NodeField(field.rawValue) == field)
        }
        #expect(FieldNames.NodeField("switch") == .switchFlag)
    }

    /// Names of the same length as an allowed one, one character off, longer or shorter than
    /// any, in another case or script: none is a field (the document decoder then reports it
    /// as unknown, with a suggestion).
    @Test(arguments: ["", "i", "ID", "Id", "di", "idx", "typo", "lab", "labels", "kinds", "swi tch", "switchFlag",
                      "canleave", "enterable ", "contexts", "childre", "children!", "childrenchildren", "ïd", "ⓘnfo",
                      String(repeating: "a", count: 300)])
    func otherNamesAreNoField(name: String) {
        #expect(FieldNames.NodeField(name) == nil)
    }
}
