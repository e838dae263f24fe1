import NavVizCore
import Foundation
import NavVizShutdown

/// Writes command output atomically: into a staging directory beside the destination
/// (`Staging`), then one rename into place, so a failed or interrupted run never leaves a
/// half-written file, and an existing file is either the old one or the new one. An output
/// that is one of the command's inputs is refused: navviz never overwrites what it reads.
/// (Standard output, `-` on the command line, is the caller's to write.)
public enum OutputFile {
    /// Writes `bytes` to the file `path`; `inputs` are the files the caller read, which
    /// `path` may not be.
    public static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        try checkDestination(path, inputs: inputs, parentMustExist: false)
        if isSpecialFile(path) {
            // A device or pipe (/dev/null, /dev/stdout, a FIFO) is written in place: renaming
            // over it would replace it with a regular file.
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else {
                throw NavVizError(.cannotWrite, file: path, "cannot write: \(WriteError().reason)")
            }
            defer { close(fd) }
            guard FileDescriptor.writeAll(bytes, to: fd) else {
                throw NavVizError(.cannotWrite, file: path, "cannot write: \(WriteError().reason)")
            }
            return
        }
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw NavVizError(.cannotWrite, file: path, "cannot write: directory '\(directory.path)' does not exist")
        }
        Staging.sweep(beside: url)
        let staging = directory.appendingPathComponent(Staging.name(for: url.lastPathComponent, .new, tag: Staging.tag()))
        do {
            try Staging.create(staging)
        } catch {
            Staging.remove(staging)
            throw NavVizError(.cannotWrite, file: path, "cannot write: \(WriteError.reason(error)) in '\(directory.path)'")
        }
        let registration = Shutdown.onSignal { Staging.remove(staging) }
        defer {
            Staging.remove(staging)
            registration.cancel()
        }
        let temporary = staging.appendingPathComponent(url.lastPathComponent)
        do {
            try OutputDirectory.writePlainly(bytes, to: temporary.path, sync: true)
        } catch {
            throw NavVizError(.cannotWrite, file: path, "cannot write: \(error.reason)")
        }
        let error = Shutdown.deferringSignals { rename(temporary.path, url.path) == 0 ? 0 : errno }
        if error != 0 {
            throw NavVizError(.cannotWrite, file: path, "cannot write: \(WriteError(errno: error).reason)")
        }
    }

    /// Throws unless `path` can take a file: it is no directory and none of `inputs`, and
    /// (with `parentMustExist`) its directory exists. For a caller that works a long time
    /// before it writes, to refuse up front.
    static func checkDestination(_ path: String, inputs: [String], parentMustExist: Bool = true) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw NavVizError(.cannotWrite, file: path, "cannot write: it is a directory")
        }
        if let input = inputs.first(where: { $0 != "-" && sameFile($0, path) }) {
            throw NavVizError(.cannotReplace, file: path, "cannot replace '\(path)': it is the input '\(input)'; give -o another file")
        }
        let directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        if parentMustExist, !isSpecialFile(path),
           !(FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw NavVizError(.cannotWrite, file: path, "cannot write: directory '\(directory.path)' does not exist")
        }
    }

    /// Whether `a` and `b` are the same existing file (device and inode).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        guard stat(a, &x) == 0, stat(b, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// Whether `path` exists and is neither a regular file nor a directory.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// Writes `text` as UTF-8 (``write(_:to:inputs:)``).
    public static func write(_ text: String, to path: String, inputs: [String] = []) throws {
        try write(Array(text.utf8), to: path, inputs: inputs)
    }
}
