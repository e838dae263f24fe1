import NavVizScreenValues

/// One element of a saved SwiftUI path as a screen: its id, type, label and context, from
/// its type name (where the file has one) and its JSON (docs/format.md, "SwiftUI paths").
/// The recorder's `ValueDescription` applies the same rules to a live value's JSON, so a
/// recorded path and the saved one agree.
///
/// - `{"case": {…}}` (an enum's synthesized Codable): id the case, context the payload's
///   fields (a single unlabeled object payload, `{"_0": {…}}`, gives its own fields);
/// - another object: id the short type name (`User`; `element` without a type), context
///   its fields;
/// - a string, number or bool of a standard type (`Swift.Int`, `Foundation.UUID`): id the
///   short type name, context `value`; of another type (a raw-value enum): id the value;
/// - an array: id the short type name, context `value` its canonical JSON;
/// - context: nested objects as dotted keys down to 4 levels (deeper ones as canonical
///   JSON), `null` left out, at most 32 keys, values and ids at most 200 characters.
struct SavedValue: Equatable, Sendable {
    var id: String
    var type: String?
    var label: String?
    var context: [String: String]


    /// The value `v` of `tree`, of the type `typeName` (nil: a typed path's element).
    init(typeName: String?, tree: JSONValueTree, value v: Int) {
        let name = SwiftTypeName.screenName(typeName)
        let fallback = name ?? "element"
        type = ScreenValueRules.type(typeName)
        label = name
        context = [:]
        switch tree.kind(v) {
        case .object:
            let members = tree.fields(v)
            if members.count == 1, tree.kind(members[0].value) == .object {
                let (caseName, payload) = members[0]
                id = caseName.isEmpty ? fallback : Self.clip(caseName)
                label = name.map { "\($0).\(caseName)" }
                context = Self.flatten(tree, Self.unwrapped(tree, payload))
            } else {
                id = fallback
                context = Self.flatten(tree, v)
            }
        case .array:
            id = fallback
            context = ["value": Self.clip(CanonicalJSON.text(tree, v))]
        case .null:
            id = fallback
        case .bool, .number, .string:
            let text = tree.text(v)
            if ScreenValueRules.namedByType(typeName, text: text) {
                id = fallback
                context = ["value": Self.clip(text)]
            } else {
                id = Self.clip(text)
            }
        }
    }

    /// `{"_0": {…}}` → the inner object; anything else as it is.
    static func unwrapped(_ tree: JSONValueTree, _ payload: Int) -> Int {
        let members = tree.fields(payload)
        if members.count == 1, members[0].key == "_0", tree.kind(members[0].value) == .object { return members[0].value }
        return payload
    }

    static func flatten(_ tree: JSONValueTree, _ v: Int) -> [String: String] {
        var out: [String: String] = [:]
        flatten(tree, v, prefix: "", into: &out, depth: 0)
        return out
    }

    private static func flatten(_ tree: JSONValueTree, _ v: Int, prefix: String, into out: inout [String: String], depth: Int) {
        guard out.count < ScreenValueRules.maxKeys else { return }
        let key = prefix.isEmpty ? "value" : prefix
        switch tree.kind(v) {
        case .null:
            break
        case .object where depth < ScreenValueRules.maxDepth:
            let members = CanonicalJSON.sortedMembers(tree, v)
            if members.isEmpty {
                if !prefix.isEmpty { out[key] = "{}" }
                return
            }
            for (k, child) in members {
                flatten(tree, child, prefix: prefix.isEmpty ? k : "\(prefix).\(k)", into: &out, depth: depth + 1)
            }
        case .object, .array:
            out[key] = clip(CanonicalJSON.text(tree, v))
        case .bool, .number, .string:
            out[key] = clip(tree.text(v))
        }
    }

    static func clip(_ s: String) -> String {
        s.count > ScreenValueRules.maxLength ? String(s.prefix(ScreenValueRules.maxLength - 1)) + "…" : s
    }
}
