extension DocumentDecoder {
    /// Paths deeper than this many levels are shortened in messages.
    static let maxPathLevels = 12

    /// Decodes a node and its subtree into a ``Tree`` with an explicit stack, so depth is
    /// limited only by memory. `null` is the empty tree where `allowNull` is set.
    ///
    /// Paths are built only when a problem is reported: each visited node keeps its parent's
    /// record and its index, which keeps a 100,000-deep chain linear.
    mutating func tree(_ v: Int, path base: String, allowNull: Bool = true) -> Tree {
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
        var actives: [(slot: Tree.Slot, active: String, record: Int, children: Int?)] = []
        // (value, parent slot, record of this value)
        records.append((-1, 0))
        var stack: [(value: Int, parent: Tree.Slot?, record: Int)] = [(v, nil, 0)]
        while let (value, parent, record) = stack.popLast() {
            guard let (node, children, active) = nodeFields(value, path: { path(record) }) else { continue }
            let slot: Tree.Slot
            if let parent {
                if tree.contains(id: node.id) {
                    problem(path(record), "duplicate id '\(node.id)'")
                    continue
                }
                slot = tree.addChild(node, to: parent)
            } else {
                tree = Tree(root: node)
                slot = tree.root!
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
            if let child = tree.children(slot).first(where: { tree.id($0) == active }) {
                tree.setActive(child, in: slot)
            } else if let children, json.members(children).contains(where: { c in
                json.kind(c) == .object && json.member("id", of: c).map { json.text($0) } == active
            }) {
                continue // the child is there but invalid; its own problem is already reported
            } else {
                let names = tree.children(slot).map { "'\(tree.id($0))'" }
                let detail = names.isEmpty ? "it has no children" : "children: \(names.joined(separator: ", "))"
                problem(path(record), "active '\(active)' names no child (\(detail))")
            }
        }
        return tree
    }

    /// The fields of one node object, without its children: the node, the children array
    /// value and the `active` id. Nil when the node cannot be placed (no usable id).
    mutating func nodeFields(_ v: Int, path: () -> String) -> (Node, Int?, String?)? {
        guard json.kind(v) == .object else {
            problem(path(), "a node must be an object, found \(json.kind(v).phrase)")
            return nil
        }
        var node = Node(id: "")
        var hasID = false
        var children: Int?
        var active: String?
        // Known fields are tracked in a bit set; a set of strings only for unknown ones.
        var seenKnown = 0
        var seenOther = Set<String>()
        for (key, value) in json.fieldSequence(v) {
            let bit = FieldNames.nodeBit(key)
            if bit != 0 ? seenKnown & bit != 0 : !seenOther.insert(key).inserted {
                problem(path(), "duplicate field '\(key)'")
                continue
            }
            seenKnown |= bit
            let kind = json.kind(value)
            func string() -> String? {
                if kind == .string { return json.text(value) }
                problem(path(), "'\(key)' must be a string, found \(kind.phrase)")
                return nil
            }
            func bool() -> Bool? {
                if kind == .bool { return json.text(value) == "true" }
                problem(path(), "'\(key)' must be a bool (true or false), found \(kind.phrase)")
                return nil
            }
            switch key {
            case "id":
                if let s = string() {
                    if s.isEmpty { problem(path(), "'id' must not be empty") } else {
                        node.id = s
                        hasID = true
                    }
                }
            case "type": node.type = string()
            case "label": node.label = string()
            case "kind": node.kind = string()
            case "switch": node.switchFlag = bool()
            case "managed": node.managedFlag = bool()
            case "leavable": node.leavableFlag = bool()
            case "canLeave": node.canLeaveFlag = bool()
            case "enterable": node.enterableFlag = bool()
            case "context": node.context = context(value, path: path())
            case "active":
                if kind == .null { break }
                active = string()
            case "children":
                if kind == .array { children = value } else {
                    problem(path(), "'children' must be an array, found \(kind.phrase)")
                }
            default:
                problem(path(), FieldNames.unknownMessage(key, allowed: FieldNames.node))
            }
        }
        if !hasID && json.member("id", of: v) == nil { problem(path(), "missing required field 'id'") }
        return hasID ? (node, children, active) : nil
    }
}
