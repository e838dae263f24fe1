import Foundation
import NavVizCore

/// Loads a navviz document from a file, a pipe or standard input. The format is the one
/// asked for, else the one a file's extension names (`.json`; `.yaml`/`.yml`;
/// `.ndjson`/`.jsonl` a log, one snapshot per line), else the one the content shows
/// (``InputFormat/sniff(_:)``): standard input, a pipe and a file of any other name are read by
/// what they hold.
public enum DocumentFile {
    /// Why a file could not be loaded.
    public enum LoadError: Error, Sendable {
        /// The file could not be opened or read (sysexits 66).
        case unreadable(path: String, reason: String)
        /// The file's content is not a valid document (sysexits 65).
        case invalid(path: String, DocumentError)

        /// What went wrong, as diagnostics naming the file (and where in it).
        public var diagnostics: [Diagnostic] {
            switch self {
            case .unreadable(let path, let reason): [.error("cannot read: \(reason)", file: path)]
            case .invalid(let path, let error): error.diagnostics(file: path)
            }
        }
    }

    /// How an input is read.
    public struct Options: Sendable {
        /// The format to read, whatever the name or content says (nil: tell as above).
        public var format: InputFormat?
        /// A log's cut last line is an error instead of a warning.
        public var strict: Bool
        /// For a caller that draws the tree of a snapshot or route request as an image of at
        /// most this many nodes: a larger tree is refused as soon as reading it gets past
        /// the limit (`DocumentDecoder/decode(_:pictureLimit:)`).
        public var pictureLimit: Int?
        /// How a UIKit paste is read: its controllers named by their place (the default), or
        /// by class and address (`UIKitPaste/Options`).
        public var uikit: UIKitPaste.Options

        /// Read as the format the input names or holds, a cut log line tolerated, a paste's
        /// controllers named by their place.
        public init(format: InputFormat? = nil, strict: Bool = false, pictureLimit: Int? = nil, uikit: UIKitPaste.Options = .init()) {
            self.format = format
            self.strict = strict
            self.pictureLimit = pictureLimit
            self.uikit = uikit
        }
    }

    /// A document and what its reader tolerated.
    public struct Loaded: Sendable {
        /// The document read.
        public var document: Document
        /// What the reader tolerated (a log's cut last line, a UIKit paste's guesses).
        public var warnings: [DocumentWarning]
    }

    /// The name messages use for standard input (`Diagnostic/stdinName`).
    public static let stdinName = Diagnostic.stdinName

    /// The name messages use for an input: the path, or ``stdinName`` for `-`.
    public static func displayName(_ path: String) -> String { Diagnostic.displayName(path) }

    /// Loads and validates the document at `path` (`-` reads standard input). Warnings are
    /// dropped; ``load(_:options:)`` returns them.
    public static func load(_ path: String, format: InputFormat? = nil) throws(LoadError) -> Document {
        try load(path, options: Options(format: format)).document
    }

    /// Loads and validates the document at `path` (`-` reads standard input).
    public static func load(_ path: String, options: Options) throws(LoadError) -> Loaded {
        let bytes = try read(path)
        return try load(bytes: bytes, name: displayName(path),
                        format: options.format ?? format(of: path, bytes: bytes), options: options)
    }

    /// Reads and validates a document already in memory, in `format` (a caller without a
    /// format asks ``format(of:bytes:)`` or ``InputFormat/sniff(_:)``); `name` is the file named
    /// in messages. What ``load(_:options:)`` does once it has the bytes.
    public static func load(bytes: [UInt8], name: String, format: InputFormat, options: Options = Options()) throws(LoadError) -> Loaded {
        do throws(DocumentError) {
            if format != .navigationPath, format != .typedPath, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                // An empty input is no document (a pipe that gave nothing); a saved SwiftUI
                // path's reader says what it expected itself.
                let what = name == stdinName ? "standard input" : "the file"
                throw DocumentError.invalid([.init(path: "", message: "\(what) is empty: expected a navviz document (JSON or YAML), a log (one snapshot a line) or a UIKit paste from the debugger")])
            }
            var warnings: [DocumentWarning] = []
            let document: Document
            switch format {
            case .log:
                document = try DocumentReader.log(bytes, strict: options.strict, warnings: &warnings)
            case .uikit:
                document = try UIKitPaste.read(bytes, options: options.uikit, warnings: &warnings)
            case .navigationPath:
                document = try SwiftUIPath.read(bytes, as: .codableRepresentation)
            case .typedPath:
                document = try SwiftUIPath.read(bytes, as: .typed)
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
    /// its content (standard input has no name). A `.json` file that holds an array is a
    /// saved SwiftUI path (a navviz document is an object).
    public static func format(of path: String, bytes: some BidirectionalCollection<UInt8>) -> InputFormat {
        let named = path == "-" ? nil : InputFormat(extensionOf: path)
        if named == .json, let kind = SwiftUIPath.kind(of: bytes) { return InputFormat(kind) }
        return named ?? InputFormat.sniff(bytes)
    }

    /// Parses JSON or YAML bytes into the value tree the decoder reads. A `pictureLimit`
    /// stops JSON at the first node past it (``DocumentReader/parseJSON(_:pictureLimit:)``).
    package static func valueTree(_ bytes: [UInt8], format: InputFormat, pictureLimit: Int? = nil) throws(DocumentError) -> JSONValueTree {
        guard format == .yaml else { return try DocumentReader.parseJSON(bytes, pictureLimit: pictureLimit) }
        guard let text = String(validatingUTF8Bytes: bytes) else {
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
