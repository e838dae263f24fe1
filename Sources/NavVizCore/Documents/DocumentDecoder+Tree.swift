extension DocumentDecoder {
    /// Paths deeper than this many levels are shortened in messages.
    static let maxPathLevels = 12

    /// Decodes a node and its subtree into a ``Tree`` with an explicit stack, so depth is
    /// limited only by memory. `null` is the empty tree where `allowNull` is set.
    ///
    /// Paths are built only when a problem is reported: each visited node keeps its parent's
    /// record and its index, which keeps a 100,000-deep chain linear.
    ///
    /// With a `limit`, decoding stops at the first node past it (see
    /// ``DocumentDecoder/decode(_:pictureLimit:)``).
    /// `expected` (a snapshot's: the document's objects) is room made for that many nodes
    /// up front.
    mutating func tree(_ v: Int, path base: String, allowNull: Bool = true, limit: Int? = nil, expected: Int? = nil) -> Tree {
        if json.kind(v) == .null {
            if !allowNull { problem(base, "must be a node, found null") }
            return Tree()
        }
        var records: [(parent: Int, index: Int)] = []
        func path(_ record: Int) -> String {
            var indices: [Int] = []
            var r = record
            while r >= 0 {
                let rec = records[r]
                if rec.parent < 0 { break }
                indices.append(rec.index)
                r = rec.parent
            }
            // Deep paths keep their first and last levels: `a.children[0]…(990 levels)….children[3]`.
            let parts = indices.reversed().map { "children[\($0)]" }
            if parts.count > Self.maxPathLevels {
                let head = parts.prefix(4).joined(separator: ".")
                let tail = parts.suffix(4).joined(separator: ".")
                return Self.join(base, "\(head)…(\(parts.count - 8) levels)….\(tail)")
            }
            return parts.reduce(base) { Self.join($0, $1) }
        }

        var tree = Tree()
        var actives: [(slot: Tree.Slot, active: ActiveName, record: Int, children: Int?)] = []
        // The record of each node placed, by slot (slots are numbered as nodes are added).
        var recordOfSlot: [Int] = []
        // The first child of each parent with more than `scannedSiblings` children, by id
        // (a narrower parent's children are searched), and where one id repeats under a
        // parent, the record of each of its contexts there.
        var wideFirst: [SiblingKey: Tree.Slot] = [:]
        var sameID: [SiblingKey: [[String: String]: Int]] = [:]
        if let expected {
            recordOfSlot.reserveCapacity(min(expected, limit.map { $0 + 1 } ?? expected))
            records.reserveCapacity(min(expected, limit ?? expected) + 1)
            // Room for every node to name an active child (each node of a deep stack does);
            // what no node uses is never touched.
            actives.reserveCapacity(min(expected, limit.map { $0 + 1 } ?? expected))
        }
        /// The first child of `parent` with this id.
        func firstChild(_ id: String, of parent: Tree.Slot) -> Tree.Slot? {
            let siblings = tree.children(parent)
            if siblings.count <= Self.scannedSiblings { return siblings.first { tree.id($0) == id } }
            return wideFirst[SiblingKey(parent: parent, id: id)]
        }
        /// Notes `slot`, just added to `parent`, among its parent's first children by id.
        func noteChild(_ slot: Tree.Slot, of parent: Tree.Slot) {
            let siblings = tree.children(parent)
            guard siblings.count > Self.scannedSiblings else { return }
            for c in siblings.count == Self.scannedSiblings + 1 ? siblings[...] : siblings[(siblings.count - 1)...] {
                if wideFirst[SiblingKey(parent: parent, id: tree.id(c))] == nil { wideFirst[SiblingKey(parent: parent, id: tree.id(c))] = c }
            }
        }
        // (value, parent slot, record of this value)
        records.append((-1, 0))
        var stack: [(value: Int, parent: Tree.Slot?, record: Int)] = [(v, nil, 0)]
        while let (value, parent, record) = stack.popLast() {
            guard let (node, children, active) = nodeFields(value, path: { path(record) }) else { continue }
            let slot: Tree.Slot
            if let parent {
                if let first = firstChild(node.id, of: parent) {
                    let key = SiblingKey(parent: parent, id: node.id)
                    var contexts = sameID[key] ?? [tree.node(first).context: recordOfSlot[first]]
                    if let earlier = contexts[node.context] {
                        let equal = node.context.isEmpty ? "no context" : "equal context '\(node.context.queryString)'"
                        problem(at: path(record), "duplicate id '\(node.id)' with \(equal) among the children of '\(tree.id(parent))' (the other is \(Self.describe(path(earlier))))")
                        continue
                    }
                    contexts[node.context] = record
                    sameID[key] = contexts
                }
                slot = tree.addChild(node, to: parent)
                noteChild(slot, of: parent)
            } else {
                tree = Tree(root: node)
                if let expected { tree.reserveCapacity(min(expected, limit.map { $0 + 1 } ?? expected)) }
                slot = tree.root!
            }
            recordOfSlot.append(record)
            if let limit, tree.count > limit {
                passedLimit = json.location(value)
                return tree
            }
            if let active { actives.append((slot, active, record, children)) }
            if let children {
                let members = json.members(children)
                let first = records.count
                for i in 0..<members.count { records.append((record, i)) }
                for i in stride(from: members.count - 1, through: 0, by: -1) {
                    stack.append((members[members.startIndex + i], slot, first + i))
                }
            }
        }
        for (slot, active, record, children) in actives {
            let named = tree.children(slot).filter { c in
                tree.id(c) == active.id && (active.context.map { tree.node(c).context == $0 } ?? true)
            }
            if named.count == 1 {
                tree.setActive(named[0], in: slot)
            } else if named.count > 1 {
                let contexts = named.map { "'\(tree.node($0).context.queryString)'" }.joined(separator: ", ")
                problem(at: path(record), "active '\(active.id)' names \(named.count) children (contexts \(contexts)); name one as {\"id\": \"\(active.id)\", \"context\": {…}}")
            } else if let children, json.members(children).contains(where: { c in
                json.kind(c) == .object && json.member("id", of: c).map { json.text($0) } == active.id
            }) && (active.context == nil || tree.children(slot).allSatisfy { tree.id($0) != active.id }) {
                continue // the child is there but invalid; its own problem is already reported
            } else {
                let names = tree.children(slot).map { "'\(Self.name(tree.node($0)))'" }
                let detail = names.isEmpty ? "it has no children" : "children: \(names.joined(separator: ", "))"
                problem(at: path(record), "active '\(active.description)' names no child (\(detail))")
            }
        }
        return tree
    }

    /// Children a parent may have whose ids the decoder compares one by one with the next
    /// child's; a parent with more has them looked up by id. (One table of every node's id
    /// under its parent missed the cache three times a node in a tree of a million.)
    static let scannedSiblings = 16

    /// A parent slot and a child id: where the decoder checks that an id repeats among one
    /// node's children only with different contexts.
    struct SiblingKey: Hashable {
        var parent: Tree.Slot
        var id: String
    }

    /// What a node's `active` names: a child id, and the child's context when written as
    /// `{"id", "context"}` (nil for the plain id form).
    struct ActiveName {
        var id: String
        var context: [String: String]?
        var description: String {
            guard let context else { return id }
            return context.isEmpty ? "\(id) (no context)" : "\(id)?\(context.queryString)"
        }
    }

    /// A node as messages name it: `id`, or `id?key=value` with its context.
    static func name(_ node: Node) -> String {
        node.context.isEmpty ? node.id : "\(node.id)?\(node.context.queryString)"
    }

    /// A document path for a message: the path itself, or `the top level`.
    static func describe(_ path: String) -> String { path.isEmpty ? "the root" : path }

    /// Why a tree is not decoded past `limit` nodes.
    static func pictureLimitMessage(_ limit: Int) -> String {
        "the tree has more than \(PlainText.count(limit)) nodes; images are limited to \(PlainText.count(limit)) (use --format text, json or dot for larger trees)"
    }

    /// The fields of one node object, without its children: the node, the children array
    /// value and what `active` names. Nil when the node cannot be placed (no usable id).
    mutating func nodeFields(_ v: Int, path: () -> String) -> (Node, Int?, ActiveName?)? {
        guard json.kind(v) == .object else {
            problem(at: path(), "a node must be an object, found \(json.kind(v).phrase)")
            return nil
        }
        var node = Node(id: "")
        var hasID = false
        var children: Int?
        var active: ActiveName?
        // Known fields are tracked in a bit set; a set of strings only for unknown ones.
        var seenKnown = 0
        var seenOther = Set<String>()
        for (key, value) in json.fieldSequence(v) {
            let field = FieldNames.NodeField(key)
            let bit = field?.bit ?? 0
            if bit != 0 ? seenKnown & bit != 0 : !seenOther.insert(key).inserted {
                problem(at: path(), "duplicate field '\(key)'")
                continue
            }
            seenKnown |= bit
            let kind = json.kind(value)
            func string() -> String? {
                if kind == .string { return json.text(value) }
                problem(at: path(), "'\(key)' must be a string, found \(kind.phrase)")
                return nil
            }
            func bool() -> Bool? {
                if kind == .bool { return json.text(value) == "true" }
                problem(at: path(), "'\(key)' must be a bool (true or false), found \(kind.phrase)")
                return nil
            }
            guard let field else {
                problem(at: path(), FieldNames.unknownMessage(key, allowed: FieldNames.node))
                continue
            }
            switch field {
            case .id:
                if let s = string() {
                    if s.isEmpty { problem(at: path(), "'id' must not be empty") } else {
                        node.id = s
                        hasID = true
                    }
                }
            case .type: node.type = string()
            case .label: node.label = string()
            case .kind: node.kind = string()
            case .switchFlag: node.switchFlag = bool()
            case .managed: node.managedFlag = bool()
            case .leavable: node.leavableFlag = bool()
            case .canLeave: node.canLeaveFlag = bool()
            case .enterable: node.enterableFlag = bool()
            case .context: node.context = context(value, path: path())
            case .info: node.info = context(value, path: path(), field: "info")
            case .active:
                if kind == .null { break }
                if kind == .object {
                    active = activeObject(value, path: path())
                } else {
                    active = string().map { ActiveName(id: $0) }
                }
            case .children:
                if kind == .array { children = value } else {
                    problem(at: path(), "'children' must be an array, found \(kind.phrase)")
                }
            }
        }
        if !hasID && json.member("id", of: v) == nil { problem(at: path(), "missing required field 'id'") }
        return hasID ? (node, children, active) : nil
    }
}

extension DocumentDecoder {
    /// `active` written as `{"id": "…", "context": {…}}` (docs/format.md): a child named by id and
    /// context, where two children share the id. An absent context is `{}`.
    mutating func activeObject(_ v: Int, path: @autoclosure () -> String) -> ActiveName? {
        var id: String?
        var context: [String: String] = [:]
        var seen = Set<String>()
        for (key, value) in json.fields(v) {
            if !seen.insert(key).inserted {
                problem(at: path(), "duplicate field '\(key)' in 'active'")
                continue
            }
            switch key {
            case "id":
                if json.kind(value) == .string, !json.text(value).isEmpty {
                    id = json.text(value)
                } else {
                    problem(at: path(), json.kind(value) == .string ? "'active.id' must not be empty" : "'active.id' must be a string, found \(json.kind(value).phrase)")
                    return nil
                }
            case "context": context = self.context(value, path: path())
            default: problem(at: path(), "unknown field '\(key)' in 'active' (allowed: id, context)")
            }
        }
        guard let id else {
            problem(at: path(), "'active' written as an object needs an 'id'")
            return nil
        }
        return ActiveName(id: id, context: context)
    }
}
