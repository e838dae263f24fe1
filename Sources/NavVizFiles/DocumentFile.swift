import Foundation
import NavVizCore

/// Loads a navviz document from a file or standard input, choosing the reader by extension:
/// `.yaml`/`.yml` YAML, `.ndjson`/`.jsonl` a log (one snapshot per line), anything else JSON.
public enum DocumentFile {
    /// Why a file could not be loaded.
    public enum LoadError: Error, Sendable {
        /// The file could not be opened or read (sysexits 66).
        case unreadable(path: String, reason: String)
        /// The file's content is not a valid document (sysexits 65).
        case invalid(path: String, DocumentError)

        /// Every message line, each `FILE: error: …`.
        public var lines: [String] {
            switch self {
            case .unreadable(let path, let reason): ["\(path): error: cannot read: \(reason)"]
            case .invalid(let path, let error): error.lines(file: path)
            }
        }
    }

    /// The document formats a file can be in.
    public enum Format: String, Sendable, CaseIterable {
        case json, log, yaml

        /// The format a path's extension implies (JSON by default).
        public init(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "yaml", "yml": self = .yaml
            case "ndjson", "jsonl": self = .log
            default: self = .json
            }
        }
    }

    /// The name messages use for standard input.
    public static let stdinName = "<stdin>"

    /// Loads and validates the document at `path` (`-` reads standard input).
    public static func load(_ path: String, format: Format? = nil) throws(LoadError) -> Document {
        let name = path == "-" ? stdinName : path
        let bytes = try read(path)
        let format = format ?? (path == "-" ? sniff(bytes) : Format(path: path))
        do {
            if format == .log { return try DocumentReader.log(bytes) }
            return try DocumentReader.decode(valueTree(bytes, format: format))
        } catch {
            throw .invalid(path: name, error)
        }
    }

    /// Parses JSON or YAML bytes into the value tree the decoder reads.
    public static func valueTree(_ bytes: [UInt8], format: Format) throws(DocumentError) -> JSONValueTree {
        guard format == .yaml else { return try DocumentReader.parseJSON(bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .syntax(line: 1, column: 1, message: "invalid YAML: the file is not UTF-8 text")
        }
        return try YAMLReader.parse(text)
    }

    /// Reads all bytes of a file or of standard input.
    public static func read(_ path: String) throws(LoadError) -> [UInt8] {
        if path == "-" {
            return Array(FileHandle.standardInput.readDataToEndOfFile())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or unreadable")
        }
        return Array(data)
    }

    /// Standard input has no extension: several JSON lines are a log, else JSON.
    static func sniff(_ bytes: [UInt8]) -> Format {
        let lines = bytes.split(separator: 0x0A).filter { line in line.contains { $0 > 0x20 } }
        if lines.count > 1, lines.allSatisfy({ $0.first { $0 > 0x20 } == UInt8(ascii: "{") && $0.last { $0 > 0x20 } == UInt8(ascii: "}") }) {
            return .log
        }
        return .json
    }
}
