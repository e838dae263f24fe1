import Foundation

/// Writes a bundle of files into a directory atomically: everything goes into a temporary
/// directory beside the destination, which then replaces it with renames. A failed run
/// leaves an existing output directory as it was.
enum OutputDirectory {
    static func write(_ files: [(path: String, bytes: [UInt8])], to directory: String) throws {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: directory)
        let parent = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(["\(directory): error: cannot write: directory '\(parent.path)' does not exist"], status: Failure.Status.cannotCreate)
        }
        if fm.fileExists(atPath: target.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure(["\(directory): error: cannot write: it exists and is not a directory"], status: Failure.Status.cannotCreate)
        }
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let temporary = parent.appendingPathComponent(".\(target.lastPathComponent).navviz-new-\(tag)")
        let previous = parent.appendingPathComponent(".\(target.lastPathComponent).navviz-old-\(tag)")
        func fail(_ reason: String) -> Failure {
            try? fm.removeItem(at: temporary)
            return Failure(["\(directory): error: cannot write: \(reason)"], status: Failure.Status.cannotCreate)
        }
        do {
            try fm.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw fail("permission denied in '\(parent.path)'")
        }
        for file in files {
            let url = temporary.appendingPathComponent(file.path)
            do {
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw fail("cannot create '\(file.path)'")
            }
            guard fm.createFile(atPath: url.path, contents: Data(file.bytes)) else { throw fail("cannot write '\(file.path)' (disk full?)") }
        }
        let existed = fm.fileExists(atPath: target.path)
        if existed, rename(target.path, previous.path) != 0 { throw fail(String(cString: strerror(errno))) }
        if rename(temporary.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            if existed { _ = rename(previous.path, target.path) }
            throw fail(reason)
        }
        if existed { try? fm.removeItem(at: previous) }
    }
}
