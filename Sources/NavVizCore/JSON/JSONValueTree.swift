/// A parsed JSON (or YAML) document held flat: each value is one entry of an array and a
/// container lists its members by index, so documents nested 100,000 levels deep are read,
/// walked and released without recursion.
package struct JSONValueTree: Sendable {
    /// The JSON type of a value.
    package enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object

        /// The word a message uses for it: `a string`, `an object`.
        package var phrase: String {
            switch self {
            case .null: "null"
            case .bool: "a bool"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    /// Where a value starts in its source text, 1-based.
    package struct Location: Sendable, Hashable {
        package var line: Int
        package var column: Int
        package init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    struct Entry: Sendable {
        var kind: Kind
        /// String contents, the number's literal text, or `true`/`false`.
        var text: String
        /// First member in `items`/`keys` for containers.
        var first: Int
        var count: Int
        var location: Location
    }

    var entries: [Entry] = []
    var items: [Int] = []
    var keys: [String] = []
    /// The top-level value.
    package internal(set) var root: Int = 0
    /// How many objects the document holds: at least as many as any tree in it has nodes,
    /// what a snapshot's tree reserves room for before it is read.
    package private(set) var objectCount = 0

    package init() {}

    package func kind(_ v: Int) -> Kind { entries[v].kind }
    package func location(_ v: Int) -> Location { entries[v].location }
    /// The text of a string, number or bool value.
    package func text(_ v: Int) -> String { entries[v].text }
    /// The members of an array or object, in document order.
    package func members(_ v: Int) -> ArraySlice<Int> {
        let e = entries[v]
        return items[e.first..<(e.first + e.count)]
    }
    /// The key of member `i` (an index into ``members(_:)``'s base) of an object.
    package func key(at memberIndex: Int) -> String { keys[memberIndex] }
    /// The object's members as (key, value) pairs in document order.
    package func fields(_ v: Int) -> [(key: String, value: Int)] {
        let e = entries[v]
        return (e.first..<(e.first + e.count)).map { (keys[$0], items[$0]) }
    }
    /// The object's members as (key, value) pairs in document order, without building an array.
    package func fieldSequence(_ v: Int) -> LazyMapSequence<Range<Int>, (key: String, value: Int)> {
        let e = entries[v]
        return (e.first..<(e.first + e.count)).lazy.map { (keys[$0], items[$0]) }
    }
    /// The value of `key` in an object, if present (first occurrence).
    package func member(_ key: String, of v: Int) -> Int? {
        let e = entries[v]
        for i in e.first..<(e.first + e.count) where keys[i] == key { return items[i] }
        return nil
    }

    // MARK: Building (used by the readers)

    /// How many values room was made for before reading (``JSONReader``: documents of 64 KB
    /// and more); 0 when none was.
    package private(set) var reservedValues = 0

    /// Makes room for `values` values, so that building a large tree does not grow (and
    /// copy) its arrays again and again.
    mutating func reserve(values: Int) {
        reservedValues = values
        entries.reserveCapacity(values)
        items.reserveCapacity(max(0, values - 1))
        keys.reserveCapacity(max(0, values - 1))
    }

    mutating func add(_ kind: Kind, text: String = "", at location: Location) -> Int {
        if kind == .object { objectCount += 1 }
        entries.append(Entry(kind: kind, text: text, first: 0, count: 0, location: location))
        return entries.count - 1
    }

    mutating func close(_ container: Int, members: ArraySlice<Int>, keys memberKeys: ArraySlice<String>?) {
        entries[container].first = items.count
        entries[container].count = members.count
        items.append(contentsOf: members)
        if let memberKeys {
            keys.append(contentsOf: memberKeys)
        } else {
            keys.append(contentsOf: repeatElement("", count: members.count))
        }
    }
}

/// Builds a ``JSONValueTree`` from any source that produces values depth first; the YAML
/// reader uses it. Containers are opened and closed explicitly, so no recursion is needed.
package struct JSONValueTreeBuilder {
    private var tree = JSONValueTree()
    /// Open containers: the entry, where its members start in `pending`, whether it is an
    /// object, and the key it has in its parent object.
    private var stack: [(entry: Int, start: Int, isObject: Bool, key: String)] = []
    /// Members of every open container, innermost last, with their keys (`""` in arrays):
    /// one pair of arrays for the whole document instead of two per container.
    private var pending: [Int] = []
    private var pendingKeys: [String] = []
    private var nextKey = ""
    private var rootSet = false

    package init() {}

    /// Makes room for `values` values (``JSONValueTree/reserve(values:)``).
    package mutating func reserve(values: Int) {
        tree.reserve(values: values)
    }

    /// Sets the key for the next value added to the open object.
    package mutating func key(_ key: String) {
        nextKey = key
    }

    /// Adds a scalar (or null) value.
    package mutating func scalar(_ kind: JSONValueTree.Kind, _ text: String, at location: JSONValueTree.Location) {
        let v = tree.add(kind, text: text, at: location)
        attach(v, key: takeKey())
    }

    /// Opens an array or object; values added until ``close()`` are its members.
    package mutating func open(_ kind: JSONValueTree.Kind, at location: JSONValueTree.Location) {
        let v = tree.add(kind, at: location)
        stack.append((v, pending.count, kind == .object, takeKey()))
    }

    /// Closes the innermost open container.
    package mutating func close() {
        let frame = stack.removeLast()
        tree.close(frame.entry, members: pending[frame.start...], keys: frame.isObject ? pendingKeys[frame.start...] : nil)
        pending.removeSubrange(frame.start...)
        pendingKeys.removeSubrange(frame.start...)
        attach(frame.entry, key: frame.key)
    }

    /// The key set for the next value of the open object (`""` elsewhere).
    private mutating func takeKey() -> String {
        defer { nextKey = "" }
        return stack.last?.isObject == true ? nextKey : ""
    }

    private mutating func attach(_ v: Int, key: String) {
        if stack.isEmpty {
            tree.root = v
            rootSet = true
            return
        }
        pending.append(v)
        pendingKeys.append(key)
    }

    /// The finished tree (a document with no value is `null`).
    package mutating func finish() -> JSONValueTree {
        if !rootSet { scalar(.null, "", at: .init(line: 1, column: 1)) }
        return tree
    }
}
