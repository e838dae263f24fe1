import NavVizScreenValues

/// Reads what SwiftUI apps save of a navigation stack into navviz snapshots
/// (docs/format.md, "SwiftUI paths"):
///
/// - a `NavigationPath.CodableRepresentation` as `JSONEncoder` writes it: a flat array of
///   strings, each element's type name then its value's JSON, **last element first**
///   (`["App.Route","{\"product\":{\"id\":42}}","Swift.Int","7"]`);
/// - a typed path (`[Route]`, or a TCA `StackState`, which encodes as its elements) as
///   `JSONEncoder` writes it: an array of the values, bottom first.
///
/// Each is a stack, `{"id": "stack", "kind": "stack", "label": "NavigationStack"}`, whose
/// elements form a chain, the top one active; each element is a screen named by its value
/// (docs/format.md's table): a type navviz does not know is no error, it names the screen. A file of
/// several such arrays, one per line, is a sequence: one frame per line.
public enum SwiftUIPath {
    /// Which of the two a path is.
    public enum Kind: Sendable, Equatable {
        /// `NavigationPath.CodableRepresentation`: type name and JSON pairs, last first.
        case codableRepresentation
        /// A typed path: the values, bottom first.
        case typed
    }

    /// Whether `bytes` are a saved path, and which kind: nil unless the first character that
    /// is not blank is `[`. A representation is an array whose first entry is a
    /// module-qualified type name (`App.Route`), or a type name followed by a string that is
    /// JSON (`"User","{\"id\":1}"`, `"Si","42"`); any other array is a typed path. (A typed
    /// path of raw values that read as both, `["home","true"]`, needs
    /// `--input-format typedpath`.) In a file of several lines, the first non-empty one tells.
    public static func kind(of bytes: some Collection<UInt8>) -> Kind? {
        let input = withoutBOM(Array(bytes))
        guard input.first(where: { !isBlank($0) }) == UInt8(ascii: "[") else { return nil }
        for (frame, _) in frames(input) {
            guard let tree = try? JSONReader.parse(frame), tree.kind(tree.root) == .array else { return .codableRepresentation }
            let entries = Array(tree.members(tree.root))
            guard let first = entries.first else { continue }
            guard tree.kind(first) == .string else { return .typed }
            let name = tree.text(first)
            if SwiftTypeName.isQualified(name) { return .codableRepresentation }
            if SwiftTypeName.isTypeName(name), entries.count > 1, tree.kind(entries[1]) == .string,
               (try? JSONReader.parse(Array(tree.text(entries[1]).utf8))) != nil {
                return .codableRepresentation
            }
            return .typed
        }
        return .codableRepresentation
    }

    /// Reads a saved path of `kind` (nil: as ``kind(of:)`` tells): a snapshot, or a
    /// sequence of one frame per line.
    public static func read(_ bytes: [UInt8], as kind: Kind? = nil) throws(DocumentError) -> Document {
        let kind = kind ?? self.kind(of: bytes) ?? .codableRepresentation
        let parts = frames(withoutBOM(bytes))
        guard !parts.isEmpty else {
            throw .invalid([.init(line: 1, path: "", message: "empty input: expected \(expectation(kind))")])
        }
        var snapshots: [Snapshot] = []
        var problems: [DocumentError.Problem] = []
        for (frame, line) in parts {
            let tree: JSONValueTree
            do {
                tree = try JSONReader.parse(frame)
            } catch {
                if error.isLimit { throw .tooLarge(line: line + error.location.line - 1, column: error.location.column, message: error.message) }
                throw .syntax(line: line + error.location.line - 1, column: error.location.column, message: "invalid JSON: \(error.message)")
            }
            let reader = PathReader(tree: tree, firstLine: line)
            guard let elements = reader.elements(kind, problems: &problems) else { continue }
            snapshots.append(Snapshot(label: parts.count > 1 ? "path \(snapshots.count + 1) (line \(line))" : nil, tree: stack(elements)))
            if problems.count >= DocumentDecoder.maxProblems { break }
        }
        if !problems.isEmpty { throw .invalid(Array(problems.prefix(DocumentDecoder.maxProblems))) }
        if snapshots.count == 1 { return .snapshot(snapshots[0].tree) }
        return .sequence(SnapshotSequence(snapshots: snapshots))
    }

    /// What a reader of `kind` expects, for messages.
    static func expectation(_ kind: Kind) -> String {
        switch kind {
        case .codableRepresentation:
            "a NavigationPath.CodableRepresentation: an array of strings, each type name followed by that value's JSON, last element first"
        case .typed:
            "a typed navigation path: an array of the path's values, bottom first, as JSONEncoder writes [Route]"
        }
    }

    /// The tree of one path: a stack whose elements form a chain, the top one active.
    static func stack(_ elements: [SavedValue]) -> Tree {
        var tree = Tree(root: Node(id: "stack", label: "NavigationStack", kind: "stack"))
        var parent = tree.root!
        for (i, e) in elements.enumerated() {
            let leaf = i == elements.count - 1
            parent = tree.addChild(Node(id: e.id, type: e.type, label: e.label, kind: leaf ? "screen" : nil, context: e.context),
                                   to: parent, makeActive: true)
        }
        return tree
    }

    /// The arrays to read, each with the line it starts on: every non-blank line where there
    /// are several and each is a whole array (`[` … `]`), else the whole input.
    static func frames(_ bytes: [UInt8]) -> [(bytes: [UInt8], line: Int)] {
        var lines: [(bytes: ArraySlice<UInt8>, line: Int)] = []
        for (i, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if raw.contains(where: { !isBlank($0) }) { lines.append((raw, i + 1)) }
        }
        if lines.count > 1, lines.allSatisfy({ line in
            line.bytes.first { !isBlank($0) } == UInt8(ascii: "[") && line.bytes.last { !isBlank($0) } == UInt8(ascii: "]")
        }) {
            return lines.map { (Array($0.bytes), $0.line) }
        }
        if lines.isEmpty { return [] }
        return [(bytes, 1)]
    }

    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A }

    /// The bytes after a UTF-8 byte order mark, if they start with one.
    static func withoutBOM(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }
}
