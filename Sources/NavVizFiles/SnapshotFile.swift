import Foundation
import NavVizCore

/// A sequence or log file read frame by frame (``SnapshotStream``), from the start as often
/// as a caller needs: an animation reads it once to lay out the union of its frames and
/// again to draw them, and never holds more than a frame or two.
public struct SnapshotFile: Sendable {
    public let path: String
    public let kind: SnapshotStream.Kind
    /// Size and modification time when first opened: a second reading of a file that
    /// changed in between would not match the first.
    private let identity: Identity?

    struct Identity: Equatable, Sendable {
        var size: UInt64
        var modified: Date?
    }

    /// Bytes read at a time.
    static let chunkSize = 1 << 18

    /// A file that can be streamed: a JSON file (a sequence, if it turns out to be one) or a
    /// log. Nil for standard input (it can be read only once) and YAML (read whole).
    public init?(path: String) {
        guard path != "-" else { return nil }
        switch DocumentFile.Format(path: path) {
        case .yaml: return nil
        case .log: kind = .log
        case .json: kind = .sequence
        }
        self.path = path
        identity = Self.identity(path)
    }

    static func identity(_ path: String) -> Identity? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? UInt64 else { return nil }
        return Identity(size: size, modified: attributes[.modificationDate] as? Date)
    }

    /// The file's size in bytes when first opened.
    public var size: UInt64? { identity?.size }

    /// Whether the file is still the one first opened (same size and modification time).
    public var isUnchanged: Bool { identity != nil && Self.identity(path) == identity }

    /// A stream over the file from its start; nil when it cannot be opened (reading it
    /// whole then reports why).
    public func open() -> SnapshotStream? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let reader = Reader(handle: handle)
        return SnapshotStream(kind: kind, more: reader.next)
    }

    /// Owns the file handle for as long as the stream reads it.
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
