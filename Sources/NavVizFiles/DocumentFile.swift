import Foundation
import NavVizCore

/// Loads a navviz document from a file, a pipe or standard input. The format is the one
/// asked for, else the one a file's extension names (`.json`; `.yaml`/`.yml`;
/// `.ndjson`/`.jsonl` a log, one snapshot per line), else the one the content shows
/// (``Format/sniff(_:)``): standard input, a pipe and a file of any other name are read by
/// what they hold.
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

    /// The document formats an input can be in.
    public enum Format: String, Sendable, CaseIterable {
        case json, log, yaml
        /// A UIKit `_printHierarchy` paste from the debugger (``UIKitPaste``).
        case uikit

        /// The format a path's extension names, or nil when it names none (read the
        /// content to tell).
        public init?(extensionOf path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "yaml", "yml": self = .yaml
            case "ndjson", "jsonl": self = .log
            case "json": self = .json
            default: return nil
            }
        }

        /// The format a path's extension implies (JSON when it names none).
        public init(path: String) {
            self = Format(extensionOf: path) ?? .json
        }

        /// The format the content shows, for inputs without a telling extension: a UIKit
        /// paste (``UIKitPaste/looksLikePaste(_:)``), JSON (several lines that are each an
        /// object: a log), YAML (a `key:` or `- ` line, a
        /// `---` or `%YAML` header, a `#` comment), else JSON, whose reader then says what
        /// is wrong.
        public static func sniff(_ bytes: some BidirectionalCollection<UInt8>) -> Format {
            if UIKitPaste.looksLikePaste(bytes) { return .uikit }
            let lines = bytes.split(separator: 0x0A).map { line in
                line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
            }.filter { !$0.isEmpty }
            guard let first = lines.first else { return .json }
            let text = String(decoding: first.prefix(200), as: UTF8.self)
            if text.hasPrefix("{") {
                // A log: several lines, each an object (the last one may be cut off).
                let isLog = lines.count > 1 && lines.allSatisfy { $0.first == UInt8(ascii: "{") }
                    && lines.dropLast().allSatisfy { endsWithBrace(Array($0)) }
                return isLog ? .log : .json
            }
            if text.hasPrefix("[") || text.hasPrefix("\"") { return .json }
            if text.hasPrefix("---") || text.hasPrefix("%YAML") || text.hasPrefix("#") || text.hasPrefix("- ") || text == "-" { return .yaml }
            if looksLikeYAMLKey(text) { return .yaml }
            return .json
        }

        private static func endsWithBrace(_ line: [UInt8]) -> Bool {
            line.last { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } == UInt8(ascii: "}")
        }

        /// `key:` or `key: value` where the key is a plain or quoted word.
        private static func looksLikeYAMLKey(_ line: String) -> Bool {
            guard let colon = line.firstIndex(of: ":") else { return false }
            let key = line[..<colon]
            let after = line[colon...].dropFirst()
            guard after.isEmpty || after.first == " " || after.first == "\t" else { return false }
            let plain = key.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return !plain.isEmpty && plain.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
        }
    }

    /// How an input is read.
    public struct Options: Sendable {
        /// The format to read, whatever the name or content says (nil: tell as above).
        public var format: Format?
        /// A log's cut last line is an error instead of a warning.
        public var strict: Bool
        /// For a caller that draws the tree of a snapshot or route request as an image of at
        /// most this many nodes: a larger tree is refused as soon as reading it gets past
        /// the limit (``DocumentDecoder/decode(_:pictureLimit:)``).
        public var pictureLimit: Int?

        public init(format: Format? = nil, strict: Bool = false, pictureLimit: Int? = nil) {
            self.format = format
            self.strict = strict
            self.pictureLimit = pictureLimit
        }
    }

    /// A document and what its reader tolerated.
    public struct Loaded: Sendable {
        public var document: Document
        public var warnings: [DocumentWarning]
    }

    /// The name messages use for standard input.
    public static let stdinName = "<stdin>"

    /// Loads and validates the document at `path` (`-` reads standard input). Warnings are
    /// dropped; ``load(_:options:)`` returns them.
    public static func load(_ path: String, format: Format? = nil) throws(LoadError) -> Document {
        try load(path, options: Options(format: format)).document
    }

    /// Loads and validates the document at `path` (`-` reads standard input).
    public static func load(_ path: String, options: Options) throws(LoadError) -> Loaded {
        let bytes = try read(path)
        return try load(bytes: bytes, name: path == "-" ? stdinName : path,
                        format: options.format ?? format(of: path, bytes: bytes), options: options)
    }

    /// Reads and validates a document already in memory, in `format` (a caller without a
    /// format asks ``format(of:bytes:)`` or ``Format/sniff(_:)``); `name` is the file named
    /// in messages. What ``load(_:options:)`` does once it has the bytes.
    public static func load(bytes: [UInt8], name: String, format: Format, options: Options = Options()) throws(LoadError) -> Loaded {
        do {
            var warnings: [DocumentWarning] = []
            let document: Document
            switch format {
            case .log:
                document = try DocumentReader.log(bytes, strict: options.strict, warnings: &warnings)
            case .uikit:
                document = try UIKitPaste.read(bytes, warnings: &warnings)
            case .json, .yaml:
                document = try DocumentReader.decode(valueTree(bytes, format: format, pictureLimit: options.pictureLimit),
                                                     pictureLimit: options.pictureLimit)
            }
            return Loaded(document: document, warnings: warnings)
        } catch {
            throw .invalid(path: name, error)
        }
    }

    /// The format of an input: by the extension of its path where that names one, else by
    /// its content (standard input has no name).
    public static func format(of path: String, bytes: some BidirectionalCollection<UInt8>) -> Format {
        (path == "-" ? nil : Format(extensionOf: path)) ?? Format.sniff(bytes)
    }

    /// Parses JSON or YAML bytes into the value tree the decoder reads. A `pictureLimit`
    /// stops JSON at the first node past it (``DocumentReader/parseJSON(_:pictureLimit:)``).
    public static func valueTree(_ bytes: [UInt8], format: Format, pictureLimit: Int? = nil) throws(DocumentError) -> JSONValueTree {
        guard format == .yaml else { return try DocumentReader.parseJSON(bytes, pictureLimit: pictureLimit) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .syntax(line: 1, column: 1, message: "invalid YAML: the file is not UTF-8 text")
        }
        return try YAMLReader.parse(text)
    }

    /// Reads all bytes of a file, a pipe (`<(command)`, a FIFO) or standard input, straight
    /// into one array (a regular file's is sized from the start), so a 200 MB input takes
    /// 200 MB, not a copy besides.
    public static func read(_ path: String) throws(LoadError) -> [UInt8] {
        if path == "-" { return try readAll(STDIN_FILENO, path: stdinName) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "is a directory") }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(path: path, reason: "permission denied") }
        defer { close(fd) }
        return try readAll(fd, path: path)
    }

    /// Every byte `fd` gives until its end.
    private static func readAll(_ fd: Int32, path: String) throws(LoadError) -> [UInt8] {
        var info = stat()
        let size = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return bytes }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: "read error: \(String(cString: strerror(errno)))")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }
}
