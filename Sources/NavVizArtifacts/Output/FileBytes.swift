import Foundation

/// A file's bytes read straight into an array: one `open`, `fstat` and the `read`s, no
/// `Data` in between (what `FileManager.contents(atPath:)` and `Array(_:)` copied twice). The
/// GIF reads every PNG frame back this way, and only the header of those it needs the size of.
enum FileBytes {
    /// The first `limit` bytes of the file at `path` (all of them without a limit), fewer when
    /// the file is shorter; nil when it is not a regular file or cannot be opened or read.
    static func contents(_ path: String, limit: Int = .max) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let wanted = max(0, min(Int(info.st_size), limit))
        guard wanted > 0 else { return [] }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
            count = 0
            while count < wanted {
                let n = read(fd, buffer.baseAddress! + count, wanted - count)
                if n < 0, errno == EINTR { continue }
                if n <= 0 {
                    failed = n < 0
                    return
                }
                count += n
            }
        }
        return failed ? nil : bytes
    }
}
