/// Reads navviz documents from bytes: JSON documents and newline-delimited logs.
/// (YAML comes through the NavVizFiles module, which produces the same value tree.)
public enum DocumentReader {
    /// Parses and validates one JSON document.
    public static func json(_ bytes: [UInt8]) throws(DocumentError) -> Document {
        try DocumentDecoder.decode(parseJSON(bytes))
    }

    /// Parses JSON text into a value tree, with syntax errors as ``DocumentError/syntax(line:column:message:)``.
    /// With a `pictureLimit`, a tree to be drawn that has more nodes is refused at the first
    /// node past it (``JSONReader/parse(_:treeLimit:)``), as ``DocumentError/tooLarge(line:column:message:)``.
    package static func parseJSON(_ bytes: [UInt8], pictureLimit: Int? = nil) throws(DocumentError) -> JSONValueTree {
        do {
            return try JSONReader.parse(bytes, treeLimit: pictureLimit)
        } catch {
            if error.isLimit { throw .tooLarge(line: error.location.line, column: error.location.column, message: error.message) }
            throw .syntax(line: error.location.line, column: error.location.column, message: "invalid JSON: \(error.message)")
        }
    }

    /// Parses a newline-delimited log: one snapshot per non-blank line, read as a sequence.
    /// Problems carry the log's line number. A last line that is cut off (`JSONPrefix`) is
    /// skipped with a warning, unless `strict`; a broken line anywhere else is an error.
    public static func log(_ bytes: [UInt8], strict: Bool = false) throws(DocumentError) -> Document {
        var warnings: [DocumentWarning] = []
        return try log(bytes, strict: strict, warnings: &warnings)
    }

    /// ``log(_:strict:)``, adding what it tolerated to `warnings`.
    public static func log(_ bytes: [UInt8], strict: Bool = false, warnings: inout [DocumentWarning]) throws(DocumentError) -> Document {
        var frames: [Snapshot] = []
        var problems: [DocumentError.Problem] = []
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let last = lines.lastIndex { !isBlank($0) }
        for (index, line) in lines.enumerated() {
            let lineNumber = index + 1
            if isBlank(line) { continue }
            if index == last, !strict, isCut(line) {
                warnings.append(.cutLastLine(line: lineNumber, complete: frames.count))
                break
            }
            if let frame = logFrame(Array(line), line: lineNumber, into: &problems) { frames.append(frame) }
            if problems.count >= DocumentDecoder.maxProblems { break }
        }
        if !problems.isEmpty { throw .invalid(problems) }
        return .sequence(SnapshotSequence(snapshots: frames, isLog: true))
    }

    /// Whether a log line was cut off while it was written: the start of a JSON value that
    /// ends before the value does (a carriage return before the cut is not part of it).
    static func isCut(_ line: some Collection<UInt8>) -> Bool {
        JSONPrefix.isCut(line)
    }

    /// Whether a log line holds nothing but spaces, tabs and a carriage return (it is skipped).
    static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// One line of a log read on its own (a line a recorder sent, a line a followed file
    /// grew by): its snapshot, or the problems that make it invalid, numbered `line`.
    package static func logLine(_ text: [UInt8], line: Int) throws(DocumentError) -> Snapshot {
        var problems: [DocumentError.Problem] = []
        guard let snapshot = logFrame(text, line: line, into: &problems), problems.isEmpty else { throw .invalid(problems) }
        return snapshot
    }

    /// The snapshot on line `line` of a log, or nil with its problems added.
    static func logFrame(_ text: [UInt8], line: Int, into problems: inout [DocumentError.Problem]) -> Snapshot? {
        do {
            return DocumentDecoder.decodeLogLine(try JSONReader.parse(text), line: line, into: &problems)
        } catch {
            problems.append(.init(line: line, path: "", message: "invalid JSON at column \(error.location.column): \(error.message)"))
            return nil
        }
    }

    /// Validates an already parsed value tree (from YAML, say). With a `pictureLimit`, the
    /// tree of a snapshot or route request is read only up to that many nodes (see
    /// ``DocumentDecoder/decode(_:pictureLimit:)``).
    package static func decode(_ tree: JSONValueTree, pictureLimit: Int? = nil) throws(DocumentError) -> Document {
        try DocumentDecoder.decode(tree, pictureLimit: pictureLimit)
    }
}
