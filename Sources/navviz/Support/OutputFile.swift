import Foundation

/// Writes command output atomically: to a temporary file beside the destination, then a
/// rename, so a failed run never leaves a half-written file. `-` writes standard output.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            Terminal.out(bytes)
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Failure(["\(path): error: cannot write: it is a directory"], status: Failure.Status.cannotCreate)
        }
        if isSpecialFile(path) {
            // A device or pipe (/dev/null, /dev/stdout, a FIFO) is written in place: renaming
            // over it would replace it with a regular file.
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw Failure(["\(path): error: cannot write: permission denied"], status: Failure.Status.cannotCreate)
            }
            handle.write(Data(bytes))
            try? handle.close()
            return
        }
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(["\(path): error: cannot write: directory '\(directory.path)' does not exist"], status: Failure.Status.cannotCreate)
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).navviz-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
            throw Failure(["\(path): error: cannot write: permission denied or disk full"], status: Failure.Status.cannotCreate)
        }
        if rename(temporary.path, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(["\(path): error: cannot write: \(reason)"], status: Failure.Status.cannotCreate)
        }
    }

    /// Whether `path` exists and is neither a regular file nor a directory.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }
}
