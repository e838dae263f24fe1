import Foundation
import NavVizScreenValues

/// What a value on screen becomes in the tree: a path element, a sheet item, a tab's tag or
/// a TCA destination. Its identity is the value, not its place: the id is its case or type
/// name and the context its fields, so the same value is the same screen wherever it is and
/// in every run, and only the context (which the recorder redacts) carries the values.
///
/// docs/format.md, "SwiftUI paths", states the rules; NavVizCore's importer of saved paths
/// applies the same ones to the same JSON, so a recorded path and the saved one agree.
struct ValueDescription: Equatable, Sendable {
    var id: String
    /// The module-qualified type (`App.Route`).
    var type: String?
    var label: String?
    var context: [String: String]


    init(id: String, type: String?, label: String?, context: [String: String]) {
        self.id = id
        self.type = type
        self.label = label
        self.context = context
    }

    /// A value as JSON shows it, with its type's name (`type` nil: a typed path's element,
    /// whose type the file does not say). `isEnum` false keeps a struct with one object
    /// field from reading as an enum case (only a live value can tell).
    init(typeName: String?, json: SavedJSON, isEnum: Bool? = nil, labelName: String? = nil) {
        let name = labelName.flatMap { $0.isEmpty ? nil : $0 } ?? SwiftTypeName.screenName(typeName)
        let fallback = name ?? "element"
        type = ScreenValueRules.type(typeName)
        switch json {
        case .object(let members) where isEnum != false && members.count == 1 && { if case .object = members[0].value { true } else { false } }():
            // SE-0295 synthesized Codable: {"case": {payload}}.
            let (caseName, payload) = members[0]
            id = caseName.isEmpty ? fallback : Self.clip(caseName)
            label = name.map { "\($0).\(caseName)" }
            context = Self.flatten(Self.unwrapped(payload))
        case .object:
            id = fallback
            label = name
            context = Self.flatten(json)
        case .array:
            id = fallback
            label = name
            context = ["value": Self.clip(json.canonical)]
        case .null:
            id = fallback
            label = name
            context = [:]
        case .bool, .number, .string:
            let text = json.scalarText ?? ""
            if ScreenValueRules.namedByType(typeName, text: text) {
                id = fallback
                label = name
                context = ["value": Self.clip(text)]
            } else {
                // A raw-value enum (or a type encoded as one value): the value is its name.
                id = Self.clip(text)
                label = name
                context = [:]
            }
        }
    }

    /// A single unlabeled payload that is itself an object (`case user(User)`, TCA's
    /// `case product(ProductFeature.State)`) gives its fields without the `_0.` prefix.
    static func unwrapped(_ payload: SavedJSON) -> SavedJSON {
        if case .object(let members) = payload, members.count == 1, members[0].key == "_0", case .object = members[0].value {
            return members[0].value
        }
        return payload
    }

    /// An object's fields as context: nested objects as dotted keys (`variant.size`) down to
    /// ``ScreenValueRules/maxDepth``, arrays as canonical JSON text, `null` left out.
    static func flatten(_ json: SavedJSON) -> [String: String] {
        var out: [String: String] = [:]
        flatten(json, prefix: "", into: &out, depth: 0)
        return out
    }

    private static func flatten(_ json: SavedJSON, prefix: String, into out: inout [String: String], depth: Int) {
        guard out.count < ScreenValueRules.maxKeys else { return }
        let key = prefix.isEmpty ? "value" : prefix
        switch json {
        case .null:
            break
        case .object(let members) where depth < ScreenValueRules.maxDepth:
            if members.isEmpty {
                if !prefix.isEmpty { out[key] = "{}" }
                return
            }
            for (k, v) in json.sortedMembers {
                flatten(v, prefix: prefix.isEmpty ? k : "\(prefix).\(k)", into: &out, depth: depth + 1)
            }
        case .object, .array:
            out[key] = clip(json.canonical)
        case .bool, .number, .string:
            out[key] = clip(json.scalarText ?? "")
        }
    }

    static func clip(_ s: String) -> String {
        s.count > ScreenValueRules.maxLength ? String(s.prefix(ScreenValueRules.maxLength - 1)) + "…" : s
    }
}

extension ValueDescription {
    /// A live value: through its Codable form when it has one (so it agrees with the saved
    /// path of the same value), else through `Mirror`.
    init(of value: Any) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            if let wrapped = mirror.children.first?.value {
                self.init(of: wrapped)
            } else {
                self.init(id: "none", type: TypeName.qualified(Swift.type(of: value)), label: nil, context: [:])
            }
            return
        }
        let (typeName, name) = TypeName.names(Swift.type(of: value))
        let isEnum = mirror.displayStyle == .enum
        if let encodable = value as? any Encodable, let json = Self.json(of: encodable) {
            self.init(typeName: typeName, json: json, isEnum: isEnum, labelName: name)
            return
        }
        if let raw = value as? any RawRepresentable {
            let text = String(describing: raw.rawValue)
            self.init(id: text.isEmpty ? name : Self.clip(text), type: typeName, label: name, context: [:])
            return
        }
        var context: [String: String] = [:]
        if isEnum {
            let caseName = Self.caseName(of: value, mirror)
            if let payload = mirror.children.first?.value {
                Self.mirrorPayload(payload, into: &context)
            }
            self.init(id: caseName, type: typeName, label: "\(name).\(caseName)", context: context)
            return
        }
        switch mirror.displayStyle {
        case .struct?, .class?:
            Self.mirrorFlatten(value, prefix: "", into: &context, depth: 0)
        default:
            context["value"] = Self.clip(String(describing: value))
        }
        self.init(id: name, type: typeName, label: name, context: context)
    }

    /// An enum value's case name (`Mirror`'s label of its payload; without a payload, how
    /// the value prints).
    static func caseName(of value: Any, _ mirror: Mirror? = nil) -> String {
        let mirror = mirror ?? Mirror(reflecting: value)
        if let label = mirror.children.first?.label { return label }
        let text = String(describing: value)
        return text.isEmpty ? "case" : clip(text)
    }

    /// The value's JSON as `JSONEncoder` writes it, read back; nil when it does not encode.
    static func json(of value: any Encodable) -> SavedJSON? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return nil }
        return SavedJSON.parse(data)
    }

    /// An enum payload read as Codable would name it: a tuple's labels (`.0` as `_0`), a
    /// single struct's fields, else `_0`.
    private static func mirrorPayload(_ payload: Any, into context: inout [String: String]) {
        let m = Mirror(reflecting: payload)
        switch m.displayStyle {
        case .tuple?:
            for (i, child) in m.children.enumerated() {
                var label = child.label ?? "_\(i)"
                if label.hasPrefix(".") { label = "_" + label.dropFirst() }
                mirrorFlatten(child.value, prefix: label, into: &context, depth: 1)
            }
        case .struct?, .class?:
            mirrorFlatten(payload, prefix: "", into: &context, depth: 0)
        default:
            mirrorFlatten(payload, prefix: "_0", into: &context, depth: 1)
        }
    }

    /// Stored properties as `Mirror` shows them: property-wrapper storage `_name` read as
    /// `name`, `_$…` (observation registrars) left out.
    private static func mirrorFlatten(_ value: Any, prefix: String, into out: inout [String: String], depth: Int) {
        guard out.count < ScreenValueRules.maxKeys else { return }
        let m = Mirror(reflecting: value)
        let key = prefix.isEmpty ? "value" : prefix
        switch m.displayStyle {
        case .struct?, .class?:
            guard depth < ScreenValueRules.maxDepth else {
                out[key] = clip(String(describing: value))
                return
            }
            for child in m.children {
                guard var label = child.label, !label.hasPrefix("_$") else { continue }
                if label.hasPrefix("_"), label.count > 1 { label.removeFirst() }
                mirrorFlatten(child.value, prefix: prefix.isEmpty ? label : "\(prefix).\(label)", into: &out, depth: depth + 1)
            }
        case .optional?:
            if let some = m.children.first?.value { mirrorFlatten(some, prefix: prefix, into: &out, depth: depth) }
        default:
            out[key] = clip(String(describing: value))
        }
    }
}
