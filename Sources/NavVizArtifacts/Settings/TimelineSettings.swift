import NavVizCore
import NavVizFiles

/// How a document becomes a timeline: the diff dialect, whether values are hidden, and how
/// the file is read (`--dialect`, `--redact`, `--input-format`, `--strict`).
public struct TimelineSettings: Sendable {
    /// The diff dialect of sequences and logs.
    public var dialect: DiffDialect
    /// Hide every context value as ••• in what is printed; the operations are those of the
    /// plain document.
    public var redact: Bool
    /// How the file is read.
    public var input: DocumentFile.Options

    /// Settings for `dialect`, with or without `redact`, reading as `input` says.
    public init(dialect: DiffDialect = .navviz, redact: Bool = false, input: DocumentFile.Options = DocumentFile.Options()) {
        self.dialect = dialect
        self.redact = redact
        self.input = input
    }

    /// The timeline of `file`; what the reader tolerated goes to `diagnostics`.
    public func build(_ file: String, diagnostics: Diagnostics) throws(NavVizError) -> Timeline {
        timeline(of: try DocumentFile.load(file, options: input, diagnostics: diagnostics))
    }

    /// The timeline of `document`, computed on its plain values, then redacted with
    /// ``redact``.
    public func timeline(of document: Document) -> Timeline {
        let plain = TimelineBuilder.build(document, dialect: dialect)
        return redact ? Redaction.redact(plain, of: document) : plain
    }
}

extension DocumentFile {
    /// Loads `file` (``DocumentFile/load(_:options:)``), reporting what the reader tolerated
    /// as `FILE:LINE: warning: …` to `diagnostics`; a file that cannot be read or is not a
    /// valid document is a `NavVizError` (66 or 65).
    public static func load(_ file: String, options: Options, diagnostics: Diagnostics) throws(NavVizError) -> Document {
        let loaded: Loaded
        do {
            loaded = try load(file, options: options)
        } catch {
            throw NavVizError(error)
        }
        diagnostics.warnings(loaded.warnings, file: file)
        return loaded.document
    }
}
