import Foundation
import NavVizCore

/// A sequence or log file read frame by frame (``SnapshotStream``), from the start as often
/// as a caller needs: an animation reads it once to lay out the union of its frames and
/// again to draw them, and never holds more than a few frames (the stream one; an
/// animation reads a batch of up to 8 at once).
package struct SnapshotFile: Sendable {
    package let path: String
    package let kind: SnapshotStream.Kind
    /// Size and modification time when first opened: a second reading of a file that
    /// changed in between would not match the first.
    private let identity: Identity?

    struct Identity: Equatable, Sendable {
        var size: UInt64
        var modified: Date?
    }

    /// Bytes read at a time.
    static let chunkSize = 1 << 18

    /// Whether a cut last line of a log is an error (see ``SnapshotStream/strict``).
    package let strict: Bool

    /// A file that can be streamed: a JSON file (a sequence, if it turns out to be one) or a
    /// log, in the format `options` names, else its extension, else its content. Nil for
    /// standard input and pipes (they can be read only once) and for YAML (read whole).
    package init?(path: String, options: DocumentFile.Options = .init()) {
        guard path != "-", Self.isRegularFile(path) else { return nil }
        let format = options.format ?? InputFormat(extensionOf: path) ?? Self.head(path).map { InputFormat.sniff($0) }
        switch format {
        case .log: kind = .log
        case .json:
            // A .json file holding an array is a saved SwiftUI path, read whole.
            if options.format == nil, let head = Self.head(path), SwiftUIPath.kind(of: head) != nil { return nil }
            kind = .sequence
        default: return nil
        }
        self.path = path
        strict = options.strict
        identity = Self.identity(path)
    }

    /// A regular file, not a pipe, a FIFO or a device (which can be read only once).
    package static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }

    /// The file's first bytes, enough to tell its format.
    static func head(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // nil at the end of the file, as for one that cannot be read
        return (try? handle.read(upToCount: 64 << 10)).map { Array($0) }
    }

    static func identity(_ path: String) -> Identity? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? UInt64 else { return nil }
        return Identity(size: size, modified: attributes[.modificationDate] as? Date)
    }

    /// The file's size in bytes when first opened.
    package var size: UInt64? { identity?.size }

    /// Whether the file is still the one first opened (same size and modification time).
    package var isUnchanged: Bool { identity != nil && Self.identity(path) == identity }

    /// A stream over the file from its start; nil when it cannot be opened (reading it
    /// whole then reports why).
    package func open() -> SnapshotStream? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let reader = Reader(handle: handle)
        return SnapshotStream(kind: kind, strict: strict, more: reader.next)
    }

    /// Owns the file handle for as long as the stream reads it. `@unchecked Sendable` so the
    /// stream's `more` closure may hold it; only that one stream calls ``next()``, one read at
    /// a time, and the handle is a `let`.
    private final class Reader: @unchecked Sendable {
        let handle: FileHandle
        init(handle: FileHandle) { self.handle = handle }
        deinit { try? handle.close() }

        func next() throws(SnapshotStream.Irregular) -> [UInt8]? {
            let data: Data?
            do {
                data = try handle.read(upToCount: SnapshotFile.chunkSize)
            } catch {
                throw SnapshotStream.Irregular(reason: "read error: \(error)")
            }
            guard let data, !data.isEmpty else { return nil }
            return Array(data)
        }
    }
}
