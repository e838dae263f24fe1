/// Values grouped by a key, the groups kept in order of their first value: the
/// "in order of first appearance" grouping both tree diffs use.
struct OrderedGroups<Key: Hashable, Value> {
    private(set) var keys: [Key] = []
    private var values: [Key: [Value]] = [:]

    /// Appends `value` to the group of `key`, starting the group if it is new.
    mutating func append(_ value: Value, to key: Key) {
        if values[key] == nil { keys.append(key) }
        values[key, default: []].append(value)
    }

    /// The values of one group, in the order they were appended.
    subscript(key: Key) -> [Value] { values[key] ?? [] }

    /// Each group in order of first appearance.
    var groups: [(key: Key, values: [Value])] { keys.map { ($0, values[$0]!) } }
}
