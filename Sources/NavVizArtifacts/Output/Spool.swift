import Foundation
import NavVizCore

/// Rows of JSON text kept on disk while a long animation is drawn, instead of in memory:
/// the player's and the manifest's entries for every frame and transition, written once
/// each as it is made and read back in order when the page and the manifest are written.
/// A session of 10,000 transitions has 20,000 frames; in memory their rows were most of
/// what grew with the session.
///
/// A spool is a file in the staged directory's `.navviz-spool/`, which the bundle removes
/// before it is committed (and which goes with the staged directory on a failure or a
/// signal). Writes are buffered; the memory kept is one offset a row.
///
/// `@unchecked Sendable`: rows are read back through `@Sendable` closures (``JSONOutput``'s
/// items) on the thread that writes the page, after the last append; nothing else touches
/// a spool concurrently.
final class Spool: @unchecked Sendable {
    /// The folder of the spools inside a staged directory.
    static let folder = ".navviz-spool"

    private let fd: Int32
    /// Where each row starts in the file; the last entry is where the next would start.
    private var offsets: [Int] = [0]
    private var buffer: [UInt8] = []
    /// How many bytes are in the file: all but the buffer's.
    private var flushed: Int { offsets[offsets.count - 1] - buffer.count }
    /// The first failure to read a row back (the rows written are then incomplete).
    private(set) var readFailure: WriteError?
    private let fail: (Error) -> NavVizError

    /// Creates the spool `name` in `staged`.
    init(_ name: String, in staged: OutputDirectory) throws {
        let folder = staged.temporary.appendingPathComponent(Self.folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let path = folder.appendingPathComponent(name).path
        fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        fail = { staged.fail(WriteError.reason($0)) }
        guard fd >= 0 else { throw fail(WriteError()) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { close(fd) }

    /// The buffer's size. A row that would overflow it flushes it first, so the buffer
    /// never grows past it (appended past its capacity, an array doubles it: four spools
    /// of a long session held 2 MB each, the largest part of what the peak memory of
    /// 10,000 frames had over 1,000's). Rows larger than the buffer go straight to the file.
    static let bufferSize = 1 << 18

    /// How many rows were appended.
    var count: Int { offsets.count - 1 }

    /// What the buffer can hold before it must grow (for tests: it never does).
    var bufferCapacity: Int { buffer.capacity }

    /// Appends a row.
    func append(_ row: JSONOutput.Written) throws {
        let length = row.text.utf8.count
        if buffer.count + length > Self.bufferSize { try flush() }
        if length > Self.bufferSize {
            guard FileDescriptor.writeAll(Array(row.text.utf8), to: fd) else { throw fail(WriteError()) }
        } else {
            buffer += row.text.utf8
        }
        // Counted once its bytes are in the file or the buffer.
        offsets.append(offsets[offsets.count - 1] + length)
    }

    /// Writes what the buffer holds to the file.
    func flush() throws {
        guard !buffer.isEmpty else { return }
        guard FileDescriptor.writeAll(buffer, to: fd) else { throw fail(WriteError()) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Row `i` as written. A row that cannot be read back is `null`, and ``readFailure``
    /// says why.
    func row(_ i: Int) -> JSONOutput.Written {
        let start = offsets[i], length = offsets[i + 1] - start
        if start >= flushed {
            let from = start - flushed
            return JSONOutput.Written(writtenBefore: String(decoding: buffer[from..<(from + length)], as: UTF8.self))
        }
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, length - done, off_t(start + done)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                if readFailure == nil { readFailure = n == 0 ? WriteError(errno: EIO) : WriteError() }
                return JSONOutput.Written(.null)
            }
            done += n
        }
        return JSONOutput.Written(writtenBefore: String(decoding: bytes, as: UTF8.self))
    }

    /// Forgets every row (the file is emptied).
    func reset() throws {
        buffer.removeAll(keepingCapacity: true)
        offsets = [0]
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { throw fail(WriteError()) }
    }

    /// Throws if a row could not be read back while it was written out.
    func checkRead() throws {
        if let readFailure { throw fail(readFailure) }
    }

    /// Removes the spools of `staged` (before its files are listed and it is committed).
    static func removeAll(in staged: OutputDirectory) {
        Staging.remove(staged.temporary.appendingPathComponent(folder))
    }
}
