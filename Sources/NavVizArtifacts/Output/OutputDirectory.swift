import NavVizCore
import Foundation
import NavVizRender
import NavVizShutdown

/// Writes a bundle of files into a directory atomically: everything goes into a staging
/// directory beside the destination (`Staging`), which then replaces it with renames. A
/// failed or interrupted run leaves an existing output directory as it was.
///
/// Only what navviz wrote is ever replaced: an existing destination must be empty or a
/// bundle whose manifest accounts for every file in it (``BundleManifest``); anything else is
/// refused (exit 73) before any work, and checked again just before the renames.
///
/// Files are written into the staging directory as they are made (``write(_:_:)``,
/// ``append(_:)``), so a bundle of thousands of frames is never held in memory; nothing is
/// visible at the destination until ``commit()``. A staged directory that is never
/// committed is removed, on SIGINT, SIGTERM and SIGHUP too (``Shutdown``).
final class OutputDirectory {
    /// The destination as given on the command line, for messages.
    let directory: String
    /// The temporary directory files are written into.
    let temporary: URL
    private let target: URL
    private let previous: URL
    private var finished = false
    private var made: Set<String> = []
    private var onSignal: Shutdown.Registration?

    /// Checks the destination (see `OutputDirectory`), cleans what killed runs left beside
    /// it, and creates the staging directory. `inputs` are the files the command reads: a
    /// destination holding one of them is refused.
    init(_ directory: String, inputs: [String] = []) throws {
        let fm = FileManager.default
        self.directory = directory
        target = URL(fileURLWithPath: directory).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard target.path != parent.path, !target.lastPathComponent.isEmpty else {
            throw Self.refusal(directory, "it is the root of the file system; give -o a new or empty directory")
        }
        guard fm.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw NavVizError(.cannotWrite, file: directory, "cannot write: directory '\(parent.path)' does not exist")
        }
        Staging.sweep(beside: target)
        try Self.checkReplaceable(directory, target, inputs: inputs)
        let tag = Staging.tag()
        temporary = parent.appendingPathComponent(Staging.name(for: target.lastPathComponent, .new, tag: tag))
        previous = parent.appendingPathComponent(Staging.name(for: target.lastPathComponent, .old, tag: tag))
        // Made and registered together: a signal in between would leave the directory behind.
        let staged = temporary
        let made: Result<Shutdown.Registration, Error> = Shutdown.deferringSignals {
            do {
                try Staging.create(staged)
            } catch {
                Staging.remove(staged)
                return .failure(error)
            }
            return .success(Shutdown.onSignal { Staging.remove(staged) })
        }
        let registered: Shutdown.Registration
        switch made {
        case .success(let registration): registered = registration
        case .failure(let error):
            finished = true
            throw NavVizError(.cannotWrite, file: directory, "cannot write: \(WriteError.reason(error)) in '\(parent.path)'")
        }
        onSignal = registered
    }

    /// Throws unless `target` is missing, empty, or a bundle navviz wrote that holds none of
    /// `inputs`.
    private static func checkReplaceable(_ directory: String, _ target: URL, inputs: [String]) throws {
        switch BundleManifest.verdict(target) {
        case .missing, .empty:
            break
        case .bundle:
            for input in inputs where input != "-" {
                let real = URL(fileURLWithPath: input).resolvingSymlinksInPath().path
                if real.hasPrefix(target.resolvingSymlinksInPath().path + "/") {
                    throw refusal(directory, "the input '\(input)' is inside it; give -o another directory")
                }
            }
        case .notADirectory:
            var info = stat()
            if lstat(target.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw refusal(directory, "it is a symbolic link; give -o the directory itself or a new one")
            }
            throw NavVizError(.cannotWrite, file: directory, "cannot write: it exists and is not a directory")
        case .notNavviz:
            throw refusal(directory, "it is not empty and has no navviz manifest.json, so navviz did not make it; give -o a new or empty directory, or empty it yourself")
        case .foreign(let file):
            throw refusal(directory, "'\((directory as NSString).appendingPathComponent(file))' was not written by navviz (its manifest.json does not list it); move it out, or give -o another directory")
        }
    }

    /// Exit 73: navviz will not replace this destination.
    private static func refusal(_ directory: String, _ reason: String) -> NavVizError {
        NavVizError(.cannotReplace, file: directory, "cannot replace '\(directory)': \(reason)")
    }

    deinit { if !finished { discard() } }

    /// The staged file's path (`frames/0001.svg` → `<temporary>/frames/0001.svg`).
    func path(_ file: String) -> String { temporary.appendingPathComponent(file).path }

    /// Writes one file into the staged directory.
    func write(_ file: String, _ bytes: [UInt8]) throws {
        try makeParent(of: file)
        do {
            try Self.writePlainly(bytes, to: path(file))
        } catch {
            throw fail(file, error)
        }
    }

    /// Writes a file inside a staged directory: a plain write, since the directory is renamed
    /// into place as a whole, so a file needs no atomic replace (and no fsync, which
    /// Foundation's createFile does: on a busy disk that cost more than drawing the frames).
    /// Throws when the file cannot be created or written whole. `sync` waits until the
    /// bytes are on the disk (for a file renamed into place on its own;
    /// ``FileDescriptor/sync(_:)``: F_FULLFSYNC on macOS).
    static func writePlainly(_ bytes: [UInt8], to path: String, sync: Bool = false) throws(WriteError) {
        guard let handle = fopen(path, "wb") else { throw WriteError() }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        if written != bytes.count || (sync && (fflush(handle) != 0 || !FileDescriptor.sync(fileno(handle)))) {
            let failure = WriteError()
            fclose(handle)
            throw failure
        }
        if fclose(handle) != 0 { throw WriteError() }
    }

    /// Opens a staged file for writing piece by piece.
    func append(_ file: String) throws -> FileHandle {
        try makeParent(of: file)
        let fd = open(path(file), O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard fd >= 0 else { throw fail(file, WriteError()) }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// A failure to write the staged `file`: the message names the destination as given
    /// on the command line (never the hidden staging directory), the file in it and why.
    func fail(_ file: String, _ error: Error) -> NavVizError {
        Self.failure(output: directory, file: file, error)
    }

    /// ``fail(_:_:)`` for code that writes into the staged directory without this object
    /// (the frame writer): `output` is the destination as the user gave it.
    static func failure(output: String, file: String, _ error: Error) -> NavVizError {
        NavVizError(.cannotWrite, file: output, "cannot write: \(file): \(WriteError.reason(error))")
    }

    /// A failure to finish the destination, for reasons other than one file's write.
    func fail(_ reason: String) -> NavVizError {
        NavVizError(.cannotWrite, file: directory, "cannot write: \(reason)")
    }

    /// Moves the staged directory into place, replacing the destination (checked again, so
    /// a file added to it while navviz worked is never lost). A signal waits for the renames;
    /// the old bundle, moved aside and marked, is then removed.
    func commit() throws {
        var replaced = false
        var onOldSignal: Shutdown.Registration?
        StageTrace.mark("commit: start")
        defer { StageTrace.mark("commit: end") }
        try Shutdown.deferringSignals {
            do {
                try Self.checkReplaceable(directory, target, inputs: [])
                StageTrace.mark("commit: destination checked")
            } catch {
                discard()
                throw error
            }
            unlink(temporary.appendingPathComponent(Staging.markerName).path)
            let existed = FileManager.default.fileExists(atPath: target.path)
            if existed {
                if rename(target.path, previous.path) != 0 { throw fail(String(cString: strerror(errno))) }
                try? Staging.mark(previous)
            }
            if rename(temporary.path, target.path) != 0 {
                let reason = String(cString: strerror(errno))
                if existed {
                    unlink(previous.appendingPathComponent(Staging.markerName).path)
                    _ = rename(previous.path, target.path)
                }
                throw fail(reason)
            }
            finished = true
            onSignal?.cancel()
            if existed {
                let old = previous
                onOldSignal = Shutdown.onSignal { Staging.remove(old) }
                replaced = true
            }
        }
        StageTrace.mark("commit: in place")
        if replaced { Staging.remove(previous) }
        onOldSignal?.cancel()
    }

    /// Removes the staged directory; the destination is left as it was.
    func discard() {
        finished = true
        Staging.remove(temporary)
        onSignal?.cancel()
    }

    private func makeParent(of file: String) throws {
        let parent = (file as NSString).deletingLastPathComponent
        guard !parent.isEmpty, !made.contains(parent) else { return }
        do {
            try FileManager.default.createDirectory(at: temporary.appendingPathComponent(parent), withIntermediateDirectories: true)
        } catch {
            throw fail(parent, error)
        }
        made.insert(parent)
    }
}
