/// The limits and the scalar types of the rules by which a value on screen (a SwiftUI path
/// element, a sheet item, a tab's tag, a TCA destination) becomes a screen: docs/format.md,
/// "SwiftUI paths". NavVizCore's importer of saved paths (`SavedValue`) and NavVizRecorder's
/// `ValueDescription` apply them to the same JSON, so a recorded path and the saved one agree.
package enum ScreenValueRules {
    /// Context keys a value gives at most; deeper objects are kept as JSON text.
    package static let maxDepth = 4
    /// Keys a value gives at most (the first in sorted order).
    package static let maxKeys = 32
    /// Characters a context value or an id keeps at most (then `…`).
    package static let maxLength = 200

    /// Types whose value is the whole point: `Int?value=42`, not a screen named `42`.
    package static let scalarTypes: Set<String> = [
        "Swift.Int", "Swift.Int8", "Swift.Int16", "Swift.Int32", "Swift.Int64",
        "Swift.UInt", "Swift.UInt8", "Swift.UInt16", "Swift.UInt32", "Swift.UInt64",
        "Swift.Double", "Swift.Float", "Swift.Bool", "Swift.String",
        "Foundation.UUID", "Foundation.URL", "Foundation.Date", "Foundation.Decimal",
        "FoundationEssentials.UUID", "FoundationEssentials.URL", "FoundationEssentials.Date", "FoundationEssentials.Decimal",
    ]

    /// Whether a scalar value (a string, number or bool whose text is `text`) of the type
    /// `typeName` (nil: a typed path's element) is named by its type, its text going to the
    /// context as `value`: a standard type's value (`Int?value=42`), and an empty value,
    /// which names nothing. Any other scalar names the screen itself (a raw-value enum's
    /// case: `home`).
    package static func namedByType(_ typeName: String?, text: String) -> Bool {
        text.isEmpty || typeName.map(scalarTypes.contains) == true
    }

    /// A type name as a screen's `type`: nil for none or an empty one.
    package static func type(_ typeName: String?) -> String? {
        typeName?.isEmpty == false ? typeName : nil
    }

    /// `s` as a JSON string in a value's canonical JSON text: escaped only where JSON must
    /// be (`"`, `\`, control characters), appended to `out`.
    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
