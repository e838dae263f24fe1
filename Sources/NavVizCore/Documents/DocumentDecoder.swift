/// Turns a parsed JSON value tree into a validated ``Document``, collecting every problem
/// with its path (`frames[2].tree.children[0]: duplicate id 'chat'`) instead of stopping at
/// the first. Trees are decoded with an explicit stack, never by recursion.
package struct DocumentDecoder {
    /// At most this many problems are reported for one document.
    package static let maxProblems = 100

    let json: JSONValueTree
    var problems: [DocumentError.Problem] = []
    /// Set while decoding one line of a log.
    var logLine: Int?
    /// The most nodes the tree of a snapshot or route request may have (see
    /// ``decode(_:pictureLimit:)``).
    var pictureLimit: Int?
    /// Where the tree passed `pictureLimit`.
    var passedLimit: JSONValueTree.Location?

    init(json: JSONValueTree, logLine: Int? = nil) {
        self.json = json
        self.logLine = logLine
    }

    /// Decodes one JSON or YAML document.
    ///
    /// `pictureLimit` is for a caller that will draw the tree of a snapshot or route request
    /// as an image of at most that many nodes: decoding stops at the first node past it
    /// (``DocumentError/tooLarge(line:column:message:)``). JSON is refused sooner, while it is
    /// parsed (``DocumentReader/parseJSON(_:pictureLimit:)``); this bounds YAML.
    package static func decode(_ json: JSONValueTree, pictureLimit: Int? = nil) throws(DocumentError) -> Document {
        var d = DocumentDecoder(json: json)
        d.pictureLimit = pictureLimit
        let document = d.document(json.root)
        if let at = d.passedLimit, let limit = pictureLimit {
            throw .tooLarge(line: at.line, column: at.column, message: pictureLimitMessage(limit))
        }
        if !d.problems.isEmpty { throw .invalid(d.problems) }
        return document
    }

    /// Decodes one line of a log: a snapshot, optionally with a `label`.
    static func decodeLogLine(_ json: JSONValueTree, line: Int, into problems: inout [DocumentError.Problem]) -> Snapshot? {
        var d = DocumentDecoder(json: json, logLine: line)
        let frame = d.logFrame(json.root)
        problems.append(contentsOf: d.problems)
        return frame
    }

    /// Decodes `frames[index]` of a sequence read frame by frame (``SnapshotStream``).
    static func decodeSequenceFrame(_ json: JSONValueTree, index: Int, into problems: inout [DocumentError.Problem]) -> Snapshot? {
        var d = DocumentDecoder(json: json)
        let frame = d.sequenceFrame(json.root, index: index)
        problems.append(contentsOf: d.problems)
        return frame
    }

    // MARK: Problems

    mutating func problem(_ path: String, _ message: String) {
        guard problems.count < Self.maxProblems else { return }
        problems.append(.init(line: logLine, path: path, message: message))
    }

    /// ``problem(_:_:)`` with a path made only when the problem is recorded (at most
    /// ``maxProblems`` are): a node's path costs its depth, so a deep tree with a problem
    /// on every node would otherwise take time quadratic in its depth.
    mutating func problem(at path: @autoclosure () -> String, _ message: String) {
        guard problems.count < Self.maxProblems else { return }
        problems.append(.init(line: logLine, path: path(), message: message))
    }

    func join(_ base: String, _ field: String) -> String { Self.join(base, field) }
    static func join(_ base: String, _ field: String) -> String { base.isEmpty ? field : "\(base).\(field)" }

    // MARK: Top level

    mutating func document(_ v: Int) -> Document {
        switch json.kind(v) {
        case .null:
            return .snapshot(Tree())
        case .object:
            break
        default:
            problem("", "a document must be an object or null, found \(json.kind(v).phrase)")
            return .snapshot(Tree())
        }
        version(v)
        if json.member("frames", of: v) != nil { return .sequence(sequence(v)) }
        if json.member("steps", of: v) != nil || json.member("initial", of: v) != nil { return .script(script(v)) }
        if json.member("to", of: v) != nil { return .route(routeRequest(v)) }
        if let t = json.member("tree", of: v) {
            unknownFields(v, path: "", allowed: FieldNames.snapshot)
            return .snapshot(tree(t, path: "tree", limit: pictureLimit, expected: json.objectCount))
        }
        if json.member("id", of: v) != nil { return .snapshot(tree(v, path: "", limit: pictureLimit, expected: json.objectCount)) }
        problem("", "not a navviz document: expected 'tree', 'frames', 'steps', 'to', or a node with 'id'")
        return .snapshot(Tree())
    }

    mutating func version(_ v: Int) {
        guard let n = json.member("navviz", of: v) else { return }
        guard json.kind(n) == .number else {
            problem("navviz", "format version must be a number, found \(json.kind(n).phrase)")
            return
        }
        if json.text(n) != "1" {
            problem("navviz", "unsupported format version \(json.text(n)) (this navviz reads version 1)")
        }
    }

    mutating func logFrame(_ v: Int) -> Snapshot? {
        switch json.kind(v) {
        case .null: return Snapshot(tree: Tree())
        case .object: break
        default:
            problem("", "a log line must be a snapshot object or null, found \(json.kind(v).phrase)")
            return nil
        }
        version(v)
        if json.member("tree", of: v) != nil || json.member("id", of: v) == nil {
            unknownFields(v, path: "", allowed: FieldNames.snapshot + ["label", "time"])
            let label = optionalString(v, "label", path: "")
            let time = optionalString(v, "time", path: "")
            guard let t = json.member("tree", of: v) else {
                problem("", "missing required field 'tree'")
                return nil
            }
            return Snapshot(label: label, tree: tree(t, path: "tree"), time: time)
        }
        return Snapshot(tree: tree(v, path: ""))
    }

    mutating func sequence(_ v: Int) -> SnapshotSequence {
        unknownFields(v, path: "", allowed: FieldNames.sequence)
        let title = optionalString(v, "title", path: "")
        var frames: [Snapshot] = []
        if let f = array(v, "frames", path: "") {
            for (i, fv) in json.members(f).enumerated() {
                if let frame = sequenceFrame(fv, index: i) { frames.append(frame) }
            }
        }
        return SnapshotSequence(title: title, snapshots: frames)
    }

    /// `frames[index]` of a sequence.
    mutating func sequenceFrame(_ fv: Int, index i: Int) -> Snapshot? {
        let path = "frames[\(i)]"
        guard json.kind(fv) == .object else {
            problem(path, "a frame must be an object with 'tree', found \(json.kind(fv).phrase)")
            return nil
        }
        unknownFields(fv, path: path, allowed: FieldNames.frame)
        let label = optionalString(fv, "label", path: path)
        let time = optionalString(fv, "time", path: path)
        guard let t = json.member("tree", of: fv) else {
            problem(path, "missing required field 'tree'")
            return nil
        }
        return Snapshot(label: label, tree: tree(t, path: "\(path).tree"), time: time)
    }

    mutating func script(_ v: Int) -> ActionScript {
        unknownFields(v, path: "", allowed: FieldNames.script)
        let title = optionalString(v, "title", path: "")
        var initial = Tree()
        if let i = json.member("initial", of: v) {
            initial = tree(i, path: "initial")
        } else {
            problem("", "missing required field 'initial'")
        }
        let templates = self.templates(v)
        var steps: [ActionScript.Step] = []
        if let s = array(v, "steps", path: "") {
            for (i, sv) in json.members(s).enumerated() {
                let path = "steps[\(i)]"
                guard json.kind(sv) == .object else {
                    problem(path, "a step must be an object with 'actions', found \(json.kind(sv).phrase)")
                    continue
                }
                unknownFields(sv, path: path, allowed: FieldNames.step)
                let label = optionalString(sv, "label", path: path)
                var actions: [Action] = []
                if let a = array(sv, "actions", path: path) {
                    for (j, av) in json.members(a).enumerated() {
                        if let action = action(av, path: "\(path).actions[\(j)]") { actions.append(action) }
                    }
                }
                steps.append(.init(label: label, actions: actions))
            }
        }
        return ActionScript(title: title, initial: initial, templates: templates, steps: steps)
    }

    mutating func routeRequest(_ v: Int) -> RouteRequest {
        unknownFields(v, path: "", allowed: FieldNames.route)
        var t = Tree()
        if let tv = json.member("tree", of: v) {
            t = tree(tv, path: "tree", limit: pictureLimit)
        } else {
            problem("", "missing required field 'tree'")
        }
        let templates = self.templates(v)
        let to = path(json.member("to", of: v)!, path: "to")
        if to?.isEmpty == true { problem("to", "the destination is empty; it starts with the root's id") }
        return RouteRequest(tree: t, templates: templates, to: to ?? [])
    }

    mutating func templates(_ v: Int) -> Templates {
        guard let t = json.member("templates", of: v) else { return [:] }
        return templateMap(t, path: "templates")
    }

    // MARK: Fields

    mutating func unknownFields(_ v: Int, path: String, allowed: [String]) {
        var seen = Set<String>()
        for (key, _) in json.fields(v) {
            if !seen.insert(key).inserted {
                problem(path, "duplicate field '\(key)'")
            } else if !allowed.contains(key) {
                problem(path, FieldNames.unknownMessage(key, allowed: allowed))
            }
        }
    }

    mutating func optionalString(_ v: Int, _ key: String, path: String) -> String? {
        guard let s = json.member(key, of: v) else { return nil }
        guard json.kind(s) == .string else {
            problem(path, "'\(key)' must be a string, found \(json.kind(s).phrase)")
            return nil
        }
        return json.text(s)
    }

    mutating func array(_ v: Int, _ key: String, path: String) -> Int? {
        guard let a = json.member(key, of: v) else {
            problem(path, "missing required field '\(key)'")
            return nil
        }
        guard json.kind(a) == .array else {
            problem(join(path, key), "must be an array, found \(json.kind(a).phrase)")
            return nil
        }
        return a
    }

    /// A context object: values are strings, numbers or bools, read as strings. `path` is
    /// built only for a problem: a node's path costs its depth, and every node of a deep
    /// chain may have a context.
    mutating func context(_ c: Int, path: @autoclosure () -> String, field: String = "context") -> [String: String] {
        guard json.kind(c) == .object else {
            problem(at: path(), "'\(field)' must be an object, found \(json.kind(c).phrase)")
            return [:]
        }
        var out: [String: String] = [:]
        for (key, value) in json.fields(c) {
            switch json.kind(value) {
            case .string, .number, .bool:
                if out[key] != nil { problem(at: path(), "duplicate \(field) key '\(key)'") }
                out[key] = json.text(value)
            default:
                problem(at: path(), "\(field) value '\(key)' must be a string, number or bool, found \(json.kind(value).phrase)")
            }
        }
        return out
    }

    // MARK: Paths

    /// A destination path: an array of `"id"` or `{"id", "context", "type"}`.
    mutating func path(_ v: Int, path: String) -> [PathElement]? {
        guard json.kind(v) == .array else {
            problem(path, "must be an array of path elements, found \(json.kind(v).phrase)")
            return nil
        }
        var out: [PathElement] = []
        for (i, e) in json.members(v).enumerated() {
            let p = "\(path)[\(i)]"
            switch json.kind(e) {
            case .string:
                if json.text(e).isEmpty { problem(p, "a path element id must not be empty") }
                out.append(PathElement(id: json.text(e)))
            case .object:
                unknownFields(e, path: p, allowed: FieldNames.pathElement)
                guard let id = json.member("id", of: e) else {
                    problem(p, "missing required field 'id'")
                    continue
                }
                guard json.kind(id) == .string, !json.text(id).isEmpty else {
                    problem(p, json.kind(id) == .string ? "'id' must not be empty" : "'id' must be a string, found \(json.kind(id).phrase)")
                    continue
                }
                var element = PathElement(id: json.text(id))
                if let c = json.member("context", of: e) { element.context = context(c, path: p) }
                element.type = optionalString(e, "type", path: p)
                out.append(element)
            default:
                problem(p, "a path element must be an id or an object, found \(json.kind(e).phrase)")
            }
        }
        return out
    }
}
