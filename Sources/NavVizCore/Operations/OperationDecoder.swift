/// Reads operations back from docs/format.md's JSON (for recorded expectations of `navviz check`).
package enum OperationDecoder {
    /// Why an operation object could not be read.
    package struct DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
        package var path: String
        package var message: String
        package var description: String { "\(path): \(message)" }
    }

    /// Decodes the operation object at `v`.
    package static func decode(_ json: JSONValueTree, _ v: Int, path where: String) throws(DecodeError) -> TreeOperation {
        func fail(_ m: String) -> DecodeError { DecodeError(path: `where`, message: m) }
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
        func contextObject(_ c: Int) -> [String: String] {
            guard json.kind(c) == .object else { return [:] }
            var out: [String: String] = [:]
            for (k, value) in json.fields(c) { out[k] = json.text(value) }
            return out
        }
        func context() -> [String: String] {
            json.member("context", of: v).map(contextObject) ?? [:]
        }
        func path(_ a: Int) throws(DecodeError) -> [PathElement] {
            guard json.kind(a) == .array else { throw fail("'path' must be an array of path elements") }
            var out: [PathElement] = []
            for e in json.members(a) {
                switch json.kind(e) {
                case .string: out.append(PathElement(id: json.text(e)))
                case .object:
                    guard let id = json.member("id", of: e), json.kind(id) == .string else { throw fail("a 'path' element needs an 'id'") }
                    out.append(PathElement(id: json.text(id), context: json.member("context", of: e).map(contextObject) ?? [:]))
                default: throw fail("'path' must be an array of path elements")
                }
            }
            return out
        }
        func path() throws(DecodeError) -> [PathElement]? {
            guard let a = json.member("path", of: v) else { return nil }
            return try path(a)
        }
        func poppedPaths() throws(DecodeError) -> [[PathElement]]? {
            guard let a = json.member("poppedPaths", of: v) else { return nil }
            guard json.kind(a) == .array else { throw fail("'poppedPaths' must be an array of paths") }
            var out: [[PathElement]] = []
            for p in json.members(a) { out.append(try path(p)) }
            return out
        }
        // `popped`, `pushed` or `children` with their contexts from `<key>Contexts`.
        func identities(_ key: String) throws(DecodeError) -> [Node.Identity]? {
            guard let list = try ids(key) else { return nil }
            guard let c = json.member(key + "Contexts", of: v) else { return list.map { Node.Identity(id: $0) } }
            let contexts = json.kind(c) == .array ? json.members(c).map(contextObject) : []
            guard contexts.count == list.count else { throw fail("'\(key)Contexts' must have one context per element of '\(key)'") }
            return zip(list, contexts).map { Node.Identity(id: $0, context: $1) }
        }
        switch try string("op") {
        case "pop": return .pop(id: try string("id"), parent: try parent(), context: context(), path: try path())
        case "push": return .push(id: try string("id"), parent: try parent(), context: context(), path: try path())
        case "activate": return .activate(id: try string("id"), parent: try parent(), context: context(), path: try path())
        case "change":
            let children = try identities("children")
            var active: Node.Identity?
            if let a = json.member("active", of: v) {
                switch json.kind(a) {
                case .string:
                    // The plain form names the only child with this id: its context is in `children`.
                    let id = json.text(a)
                    active = children?.first { $0.id == id } ?? Node.Identity(id: id)
                case .object:
                    if let id = json.member("id", of: a), json.kind(id) == .string {
                        active = Node.Identity(id: json.text(id), context: json.member("context", of: a).map(contextObject) ?? [:])
                    }
                default: break
                }
            }
            return .change(parent: try parent(), popped: try identities("popped") ?? [], pushed: try identities("pushed") ?? [],
                           children: children, active: active, path: try path(), poppedPaths: try poppedPaths())
        case "leave": return .leave(id: try string("id"), context: context(), path: try path())
        case "switch": return .switchTo(in: try string("in"), to: try string("to"), context: context(), path: try path())
        case "enter": return .enter(id: try string("id"), parent: try parent(), context: context(), path: try path())
        case let other: throw fail("unknown op '\(other)'")
        }
    }
}
