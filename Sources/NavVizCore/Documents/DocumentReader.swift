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
            if isBlank(line) { continue }
            if let frame = logFrame(Array(line), line: lineNumber, into: &problems) { frames.append(frame) }
            if problems.count >= DocumentDecoder.maxProblems { break }
        }
        if !problems.isEmpty { throw .invalid(problems) }
        return .sequence(SnapshotSequence(frames: frames, isLog: true))
    }

    /// Whether a log line holds nothing but spaces, tabs and a carriage return (it is skipped).
    static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// The snapshot on line `line` of a log, or nil with its problems added.
    static func logFrame(_ text: [UInt8], line: Int, into problems: inout [DocumentError.Problem]) -> Frame? {
        do {
            return DocumentDecoder.decodeLogLine(try JSONReader.parse(text), line: line, into: &problems)
        } catch {
            problems.append(.init(line: line, path: "", message: "invalid JSON at column \(error.location.column): \(error.message)"))
            return nil
        }
    }

    /// Validates an already parsed value tree (from YAML, say).
    public static func decode(_ tree: JSONValueTree) throws(DocumentError) -> Document {
        try DocumentDecoder.decode(tree)
    }
}
