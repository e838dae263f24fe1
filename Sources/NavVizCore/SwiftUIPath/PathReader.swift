/// The elements of one saved path (one array), bottom first, or the problems that make it
/// unreadable, each at the entry it is about (`[3]`, counted from 0 as in JSON paths) and
/// where that entry starts in the file.
struct PathReader {
    let tree: JSONValueTree
    /// The line of the file the array's text starts on.
    let firstLine: Int

    func elements(_ kind: SwiftUIPath.Kind, problems: inout [DocumentError.Problem]) -> [SavedValue]? {
        let root = tree.root
        guard tree.kind(root) == .array else {
            problems.append(problem(at: root, path: "", "expected \(SwiftUIPath.expectation(kind)); found \(tree.kind(root).phrase)"))
            return nil
        }
        let entries = Array(tree.members(root))
        switch kind {
        case .typed:
            return entries.map { SavedValue(typeName: nil, tree: tree, value: $0) }
        case .codableRepresentation:
            return representation(entries, problems: &problems)
        }
    }

    /// Type name and JSON pairs, last element first.
    private func representation(_ entries: [Int], problems: inout [DocumentError.Problem]) -> [SavedValue]? {
        let before = problems.count
        for (i, entry) in entries.enumerated() where tree.kind(entry) != .string {
            let what = i % 2 == 0 ? "a type name" : "the JSON of the value of \(typeName(before: i))"
            problems.append(problem(at: entry, path: "[\(i)]", "expected a string (\(what)), found \(tree.kind(entry).phrase)"))
        }
        if entries.count % 2 == 1 {
            let last = entries.count - 1
            let name = tree.kind(entries[last]) == .string ? "type name '\(tree.text(entries[last]))'" : "the last type name"
            problems.append(problem(at: entries[last], path: "[\(last)]",
                                    "an odd number of entries (\(entries.count)): \(name) has no value after it; a NavigationPath.CodableRepresentation holds type name and value pairs"))
        }
        guard problems.count == before else { return nil }
        var elements: [SavedValue] = []
        for pair in stride(from: 0, to: entries.count, by: 2) {
            let name = tree.text(entries[pair])
            let valueEntry = entries[pair + 1]
            do {
                let value = try JSONReader.parse(Array(tree.text(valueEntry).utf8))
                elements.append(SavedValue(typeName: name, tree: value, value: value.root))
            } catch {
                let at = error.location
                let place = at.line > 1 ? "line \(at.line), column \(at.column)" : "character \(at.column)"
                problems.append(problem(at: valueEntry, path: "[\(pair + 1)]",
                                        "the value of '\(name)' is not valid JSON: \(error.message) (at \(place) of the string)"))
            }
        }
        guard problems.count == before else { return nil }
        return elements.reversed()
    }

    /// How a message names the type of the value at entry `i`: the string before it.
    private func typeName(before i: Int) -> String {
        let entries = Array(tree.members(tree.root))
        guard i > 0, tree.kind(entries[i - 1]) == .string else { return "entry \(i - 1)" }
        return "'\(tree.text(entries[i - 1]))'"
    }

    private func problem(at value: Int, path: String, _ message: String) -> DocumentError.Problem {
        let at = tree.location(value)
        return .init(line: firstLine + at.line - 1, column: at.column, path: path, message: message)
    }
}
