import Foundation

/// Writes a bundle of files into a directory atomically: everything goes into a temporary
/// directory beside the destination, which then replaces it with renames. A failed run
/// leaves an existing output directory as it was.
///
/// Files are written into the temporary directory as they are made (``write(_:_:)``,
/// ``append(_:)``), so a bundle of thousands of frames is never held in memory; nothing is
/// visible at the destination until ``commit()``. A staged directory that is never
/// committed is removed.
final class OutputDirectory {
    /// The destination as given on the command line, for messages.
    let directory: String
    /// The temporary directory files are written into.
    let temporary: URL
    private let target: URL
    private let previous: URL
    private var finished = false
    private var made: Set<String> = []

    /// Checks the destination and creates the temporary directory beside it.
    init(_ directory: String) throws {
        let fm = FileManager.default
        self.directory = directory
        target = URL(fileURLWithPath: directory)
        let parent = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(["\(directory): error: cannot write: directory '\(parent.path)' does not exist"], status: Failure.Status.cannotCreate)
        }
        if fm.fileExists(atPath: target.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure(["\(directory): error: cannot write: it exists and is not a directory"], status: Failure.Status.cannotCreate)
        }
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        temporary = parent.appendingPathComponent(".\(target.lastPathComponent).navviz-new-\(tag)")
        previous = parent.appendingPathComponent(".\(target.lastPathComponent).navviz-old-\(tag)")
        do {
            try fm.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            finished = true
            throw Failure(["\(directory): error: cannot write: permission denied in '\(parent.path)'"], status: Failure.Status.cannotCreate)
        }
    }

    deinit { if !finished { discard() } }

    /// The staged file's path (`frames/0001.svg` → `<temporary>/frames/0001.svg`).
    func path(_ file: String) -> String { temporary.appendingPathComponent(file).path }

    /// Writes one file into the staged directory.
    func write(_ file: String, _ bytes: [UInt8]) throws {
        try makeParent(of: file)
        guard Self.writePlainly(bytes, to: path(file)) else { throw fail("cannot write '\(file)' (disk full?)") }
    }

    /// Writes a file inside a staged directory: a plain write, since the directory is renamed
    /// into place as a whole, so a file needs no atomic replace (and no fsync, which
    /// Foundation's createFile does: on a busy disk that cost more than drawing the frames).
    /// False when the file cannot be created or written whole.
    static func writePlainly(_ bytes: [UInt8], to path: String) -> Bool {
        guard let handle = fopen(path, "wb") else { return false }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        return fclose(handle) == 0 && written == bytes.count
    }

    /// Opens a staged file for writing piece by piece.
    func append(_ file: String) throws -> FileHandle {
        try makeParent(of: file)
        guard FileManager.default.createFile(atPath: path(file), contents: nil),
              let handle = FileHandle(forWritingAtPath: path(file)) else { throw fail("cannot write '\(file)'") }
        return handle
    }

    /// A failure to write `file`, for callers that write through ``append(_:)``.
    func fail(_ reason: String) -> Failure {
        Failure(["\(directory): error: cannot write: \(reason)"], status: Failure.Status.cannotCreate)
    }

    /// Moves the staged directory into place, replacing the destination.
    func commit() throws {
        let existed = FileManager.default.fileExists(atPath: target.path)
        if existed, rename(target.path, previous.path) != 0 { throw fail(String(cString: strerror(errno))) }
        if rename(temporary.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            if existed { _ = rename(previous.path, target.path) }
            throw fail(reason)
        }
        finished = true
        if existed { try? FileManager.default.removeItem(at: previous) }
    }

    /// Removes the staged directory; the destination is left as it was.
    func discard() {
        finished = true
        try? FileManager.default.removeItem(at: temporary)
    }

    private func makeParent(of file: String) throws {
        let parent = (file as NSString).deletingLastPathComponent
        guard !parent.isEmpty, !made.contains(parent) else { return }
        do {
            try FileManager.default.createDirectory(at: temporary.appendingPathComponent(parent), withIntermediateDirectories: true)
        } catch {
            throw fail("cannot create '\(file)'")
        }
        made.insert(parent)
    }
}
