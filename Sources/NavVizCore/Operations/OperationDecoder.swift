/// Reads operations back from FORMAT.md's JSON (for recorded expectations of `navviz check`).
public enum OperationDecoder {
    /// Why an operation object could not be read.
    public struct DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// Decodes the operation object at `v`.
    public static func decode(_ json: JSONValueTree, _ v: Int, path: String) throws(DecodeError) -> Operation {
        func fail(_ m: String) -> DecodeError { DecodeError(path: path, message: m) }
        guard json.kind(v) == .object else { throw fail("an operation must be an object") }
        func string(_ key: String) throws(DecodeError) -> String {
            guard let s = json.member(key, of: v), json.kind(s) == .string else { throw fail("'\(key)' must be a string") }
            return json.text(s)
        }
        func parent(_ key: String = "parent") throws(DecodeError) -> String? {
            guard let s = json.member(key, of: v) else { throw fail("missing '\(key)'") }
            if json.kind(s) == .null { return nil }
            guard json.kind(s) == .string else { throw fail("'\(key)' must be a string or null") }
            return json.text(s)
        }
        func ids(_ key: String) throws(DecodeError) -> [String]? {
            guard let a = json.member(key, of: v) else { return nil }
            guard json.kind(a) == .array else { throw fail("'\(key)' must be an array of ids") }
            var out: [String] = []
            for e in json.members(a) {
                guard json.kind(e) == .string else { throw fail("'\(key)' must be an array of ids") }
                out.append(json.text(e))
            }
            return out
        }
        func context() -> [String: String] {
            guard let c = json.member("context", of: v), json.kind(c) == .object else { return [:] }
            var out: [String: String] = [:]
            for (k, value) in json.fields(c) { out[k] = json.text(value) }
            return out
        }
        switch try string("op") {
        case "pop": return .pop(id: try string("id"), parent: try parent(), context: context())
        case "push": return .push(id: try string("id"), parent: try parent(), context: context())
        case "activate": return .activate(id: try string("id"), parent: try parent(), context: context())
        case "change":
            let active: String? = json.member("active", of: v).flatMap { json.kind($0) == .string ? json.text($0) : nil }
            return .change(parent: try parent(), popped: try ids("popped") ?? [], pushed: try ids("pushed") ?? [],
                           children: try ids("children"), active: active)
        case "leave": return .leave(id: try string("id"), context: context())
        case "switch": return .switchTo(in: try string("in"), to: try string("to"), context: context())
        case "enter": return .enter(id: try string("id"), parent: try parent(), context: context())
        case let other: throw fail("unknown op '\(other)'")
        }
    }
}
