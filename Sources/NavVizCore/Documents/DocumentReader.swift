/// Reads navviz documents from bytes: JSON documents and newline-delimited logs.
/// (YAML comes through the NavVizFiles module, which produces the same value tree.)
public enum DocumentReader {
    /// Parses and validates one JSON document.
    public static func json(_ bytes: [UInt8]) throws(DocumentError) -> Document {
        try DocumentDecoder.decode(parseJSON(bytes))
    }

    /// Parses JSON text into a value tree, with syntax errors as ``DocumentError/syntax(line:column:message:)``.
    public static func parseJSON(_ bytes: [UInt8]) throws(DocumentError) -> JSONValueTree {
        do {
            return try JSONReader.parse(bytes)
        } catch {
            throw .syntax(line: error.location.line, column: error.location.column, message: "invalid JSON: \(error.message)")
        }
    }

    /// Parses a newline-delimited log: one snapshot per non-blank line, read as a sequence.
    /// Problems carry the log's line number.
    public static func log(_ bytes: [UInt8]) throws(DocumentError) -> Document {
        var frames: [Frame] = []
        var problems: [DocumentError.Problem] = []
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            do {
                let tree = try JSONReader.parse(Array(line))
                if let frame = DocumentDecoder.decodeLogLine(tree, line: lineNumber, into: &problems) {
                    frames.append(frame)
                }
            } catch {
                problems.append(.init(line: lineNumber, path: "", message: "invalid JSON at column \(error.location.column): \(error.message)"))
            }
            if problems.count >= DocumentDecoder.maxProblems { break }
        }
        if !problems.isEmpty { throw .invalid(problems) }
        return .sequence(SnapshotSequence(frames: frames, isLog: true))
    }

    /// Validates an already parsed value tree (from YAML, say).
    public static func decode(_ tree: JSONValueTree) throws(DocumentError) -> Document {
        try DocumentDecoder.decode(tree)
    }
}
