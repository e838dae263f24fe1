extension DocumentDecoder {
    static let actionVerbs = ["push", "pop", "change", "activate", "route", "enter", "leave", "switch", "show", "hide", "stack"]
    static let stackModifiers = ["push", "pop", "replace", "clear", "set"]

    /// Decodes one action object of any router vocabulary (docs/format.md, "Actions").
    mutating func action(_ v: Int, path: String) -> Action? {
        guard json.kind(v) == .object else {
            problem(path, "an action must be an object, found \(json.kind(v).phrase)")
            return nil
        }
        let keys = json.fields(v).map(\.key)
        if keys.contains("stack") { return stackAction(v, path: path) }
        let verbs = keys.filter(Self.actionVerbs.contains)
        guard let verb = verbs.first else {
            let unknown = keys.first { !["into", "atomic"].contains($0) }
            if let unknown, let s = FieldNames.suggestion(for: unknown, among: Self.actionVerbs) {
                problem(path, "unknown action '\(unknown)' (did you mean '\(s)'?)")
            } else {
                problem(path, "an action needs one of: \(Self.actionVerbs.joined(separator: ", "))")
            }
            return nil
        }
        guard verbs.count == 1 else {
            problem(path, "an action has one verb, found '\(verbs[0])' and '\(verbs[1])'")
            return nil
        }
        var allowed = [verb]
        if verb == "push" || verb == "enter" { allowed.append("into") }
        if verb == "hide" { allowed.append("atomic") }
        unknownFields(v, path: path, allowed: allowed)
        let value = json.member(verb, of: v)!
        let p = join(path, verb)
        switch verb {
        case "push":
            let t = tree(value, path: p, allowNull: false)
            guard !t.isEmpty else { return nil }
            return .push(t, into: optionalString(v, "into", path: path))
        case "pop": return id(value, path: p).map(Action.pop)
        case "activate": return id(value, path: p).map(Action.activate)
        case "leave": return id(value, path: p).map(Action.leave)
        case "route":
            guard let path = self.path(value, path: p) else { return nil }
            if path.isEmpty {
                problem(p, "the destination is empty; it starts with the root's id")
                return nil
            }
            return .route(path)
        case "enter":
            let into = optionalString(v, "into", path: path)
            if json.kind(value) == .string {
                return id(value, path: p).map { .enter(Tree(root: Node(id: $0)), into: into) }
            }
            let t = tree(value, path: p, allowNull: false)
            return t.isEmpty ? nil : .enter(t, into: into)
        case "switch":
            guard json.kind(value) == .object else {
                problem(p, "must be an object {\"in\": id, \"to\": id}, found \(json.kind(value).phrase)")
                return nil
            }
            unknownFields(value, path: p, allowed: ["in", "to"])
            guard let inID = requiredID(value, "in", path: p), let toID = requiredID(value, "to", path: p) else { return nil }
            return .switchTo(in: inID, to: toID)
        case "show":
            if json.kind(value) == .string { return id(value, path: p).map { .show([$0]) } }
            guard json.kind(value) == .array else {
                problem(p, "must be an id or an array of ids, found \(json.kind(value).phrase)")
                return nil
            }
            var ids: [String] = []
            for (i, e) in json.members(value).enumerated() {
                guard let s = id(e, path: "\(p)[\(i)]") else { return nil }
                ids.append(s)
            }
            return .show(ids)
        case "hide":
            var atomic = false
            if let a = json.member("atomic", of: v) {
                guard json.kind(a) == .bool else {
                    problem(path, "'atomic' must be a bool, found \(json.kind(a).phrase)")
                    return nil
                }
                atomic = json.text(a) == "true"
            }
            return id(value, path: p).map { .hide($0, atomic: atomic) }
        case "change":
            guard json.kind(value) == .object else {
                problem(p, "must be an object {\"parent\", \"pop\", \"push\"}, found \(json.kind(value).phrase)")
                return nil
            }
            unknownFields(value, path: p, allowed: ["parent", "pop", "push"])
            guard let parent = requiredID(value, "parent", path: p) else { return nil }
            var pops: [String] = []
            if let pv = json.member("pop", of: value) {
                guard json.kind(pv) == .array else {
                    problem(join(p, "pop"), "must be an array of ids, found \(json.kind(pv).phrase)")
                    return nil
                }
                for (i, e) in json.members(pv).enumerated() {
                    guard let s = id(e, path: "\(p).pop[\(i)]") else { return nil }
                    pops.append(s)
                }
            }
            var pushes: [Tree] = []
            if let pv = json.member("push", of: value) {
                guard json.kind(pv) == .array else {
                    problem(join(p, "push"), "must be an array of nodes, found \(json.kind(pv).phrase)")
                    return nil
                }
                for (i, e) in json.members(pv).enumerated() {
                    let t = tree(e, path: "\(p).push[\(i)]", allowNull: false)
                    if t.isEmpty { return nil }
                    pushes.append(t)
                }
            }
            return .change(parent: parent, pop: pops, push: pushes)
        default:
            return nil
        }
    }

    mutating func stackAction(_ v: Int, path: String) -> Action? {
        guard let stack = id(json.member("stack", of: v)!, path: join(path, "stack")) else { return nil }
        let modifiers = json.fields(v).map(\.key).filter(Self.stackModifiers.contains)
        unknownFields(v, path: path, allowed: ["stack"] + Self.stackModifiers)
        guard modifiers.count == 1 else {
            problem(path, modifiers.isEmpty
                ? "a stack action needs one of: \(Self.stackModifiers.joined(separator: ", "))"
                : "a stack action has one modifier, found '\(modifiers[0])' and '\(modifiers[1])'")
            return nil
        }
        let m = modifiers[0]
        let value = json.member(m, of: v)!
        let p = join(path, m)
        switch m {
        case "push", "replace":
            let t = tree(value, path: p, allowNull: false)
            guard !t.isEmpty else { return nil }
            return .stack(stack, m == "push" ? .push(t) : .replace(t))
        case "pop":
            if json.kind(value) == .string {
                switch json.text(value) {
                case "previous": return .stack(stack, .popPrevious)
                case "root": return .stack(stack, .popRoot)
                default:
                    problem(p, "must be \"previous\", \"root\" or {\"to\": id}, found '\(json.text(value))'")
                    return nil
                }
            }
            guard json.kind(value) == .object else {
                problem(p, "must be \"previous\", \"root\" or {\"to\": id}, found \(json.kind(value).phrase)")
                return nil
            }
            unknownFields(value, path: p, allowed: ["to"])
            return requiredID(value, "to", path: p).map { .stack(stack, .popTo($0)) }
        case "clear":
            guard json.kind(value) == .bool, json.text(value) == "true" else {
                problem(p, "must be true")
                return nil
            }
            return .stack(stack, .clear)
        default: // set
            guard json.kind(value) == .array else {
                problem(p, "must be an array of nodes, found \(json.kind(value).phrase)")
                return nil
            }
            var screens: [Tree] = []
            for (i, e) in json.members(value).enumerated() {
                let t = tree(e, path: "\(p)[\(i)]", allowNull: false)
                if t.isEmpty { return nil }
                screens.append(t)
            }
            return .stack(stack, .set(screens))
        }
    }

    /// A non-empty id string.
    mutating func id(_ v: Int, path: String) -> String? {
        guard json.kind(v) == .string else {
            problem(path, "must be an id string, found \(json.kind(v).phrase)")
            return nil
        }
        guard !json.text(v).isEmpty else {
            problem(path, "an id must not be empty")
            return nil
        }
        return json.text(v)
    }

    mutating func requiredID(_ v: Int, _ key: String, path: String) -> String? {
        guard let value = json.member(key, of: v) else {
            problem(path, "missing required field '\(key)'")
            return nil
        }
        return id(value, path: join(path, key))
    }
}
