import NavVizCore

extension DocumentFile {
    /// The lines of the document at `path`, for pointing at where a problem or transition
    /// is; nil for standard input and for a file that cannot be read or parsed (its error
    /// already carries a line).
    package static func lines(_ path: String) -> DocumentLines? {
        guard path != "-", path != stdinName, let bytes = try? read(path) else { return nil }
        let format = InputFormat(path: path)
        if format == .log { return DocumentLines(log: bytes) }
        guard let tree = try? valueTree(bytes, format: format) else { return nil }
        return DocumentLines(tree)
    }
}
