/// Where things are in a document's text: the line of a problem's path
/// (`frames[2].tree.children[0]`) or of the frame or step a transition leads to, so a CI
/// annotation can point at the line a reader should look at.
package struct DocumentLines: Sendable {
    private enum Storage: Sendable {
        /// A JSON or YAML document, with every value's location.
        case tree(JSONValueTree)
        /// A log: the line number of each snapshot (blank lines hold none).
        case log([Int])
    }

    private let storage: Storage

    /// The lines of a parsed JSON or YAML document.
    package init(_ json: JSONValueTree) {
        storage = .tree(json)
    }

    /// The lines of a log's snapshots (one per non-blank line, as ``DocumentReader/log(_:)``
    /// reads them).
    package init(log bytes: [UInt8]) {
        var lines: [Int] = []
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if !DocumentReader.isBlank(line) { lines.append(number) }
        }
        storage = .log(lines)
    }

    /// The line of the value at `path` (`frames[2].tree.children[0]`, `steps[1].actions[0]`);
    /// when only a prefix of the path exists, the line of the deepest value that does. Nil
    /// when not even the first part exists, and always for a log (its problems carry lines).
    package func line(ofPath path: String) -> Int? {
        guard case .tree(let json) = storage else { return nil }
        var value = json.root, found: Int?
        for part in Self.parts(path) {
            guard let next = Self.step(json, value, part) else { break }
            value = next
            found = json.location(value).line
        }
        return found
    }

    /// The line of what transition `index` of a `source` timeline leads to: the frame after
    /// it in a sequence or log, the script step that made it, and a route's destination.
    package func line(ofTransition index: Int, source: Timeline.Source) -> Int? {
        switch (storage, source) {
        case (.log(let lines), _):
            return index + 1 < lines.count ? lines[index + 1] : nil
        case (.tree, .sequence), (.tree, .log):
            return exact("frames[\(index + 1)]")
        case (.tree, .script):
            return exact("steps[\(index)]")
        case (.tree, .route):
            return exact("to")
        case (.tree, .snapshot):
            return nil
        }
    }

    /// The line of a value only when the whole path exists.
    private func exact(_ path: String) -> Int? {
        guard case .tree(let json) = storage else { return nil }
        var value = json.root
        for part in Self.parts(path) {
            guard let next = Self.step(json, value, part) else { return nil }
            value = next
        }
        return json.location(value).line
    }

    /// A path's parts: keys and array indices, in order.
    enum Part: Equatable {
        case key(String)
        case index(Int)
    }

    /// `frames[2].tree.children[0]` as `frames`, 2, `tree`, `children`, 0. Stops at the
    /// first part it cannot read (a path shortened with `…(12 levels)…` is resolved up to
    /// there).
    static func parts(_ path: String) -> [Part] {
        var parts: [Part] = []
        for piece in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(piece)
            let key = rest.prefix { $0 != "[" }
            guard !key.isEmpty || !parts.isEmpty else { return parts }
            if !key.isEmpty { parts.append(.key(String(key))) }
            rest = rest.dropFirst(key.count)
            while rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let i = Int(rest[rest.index(after: rest.startIndex)..<close]) else { return parts }
                parts.append(.index(i))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return parts }
        }
        return parts
    }

    private static func step(_ json: JSONValueTree, _ value: Int, _ part: Part) -> Int? {
        switch part {
        case .key(let key):
            guard json.kind(value) == .object else { return nil }
            return json.member(key, of: value)
        case .index(let i):
            guard json.kind(value) == .array else { return nil }
            let members = json.members(value)
            return i >= 0 && i < members.count ? members[members.startIndex + i] : nil
        }
    }
}
