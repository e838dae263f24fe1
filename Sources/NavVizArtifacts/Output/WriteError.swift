import Foundation

/// Why a write failed, in the system's words (`no space left on device`), taken from
/// `errno` when it is made.
package struct WriteError: Error, Sendable {
    package var reason: String

    package init(errno code: Int32 = errno) {
        reason = String(cString: strerror(code)).lowercased()
    }

    /// The system's reason for any error a write can end in (Foundation's wrap `errno`), in
    /// `strerror`'s words: never Foundation's `localizedDescription`, whose words on macOS and
    /// iOS are in the user's language (a message, a test or a script reading it would change
    /// with the language). A Cocoa file error without an underlying `errno` is given the
    /// `errno` it stands for; any other error is named by its domain and code.
    static func reason(_ error: Error) -> String {
        if let error = error as? WriteError { return error.reason }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return WriteError(errno: Int32(ns.code)).reason }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error {
            let u = underlying as NSError
            if u.domain == NSPOSIXErrorDomain { return WriteError(errno: Int32(u.code)).reason }
        }
        if ns.domain == NSCocoaErrorDomain, let code = cocoaErrno[ns.code] { return WriteError(errno: code).reason }
        return "\(ns.domain) error \(ns.code)"
    }

    /// The `errno` a Cocoa file-writing error without an underlying POSIX error stands for.
    static let cocoaErrno: [Int: Int32] = [
        CocoaError.fileNoSuchFile.rawValue: ENOENT,
        CocoaError.fileWriteNoPermission.rawValue: EACCES,
        CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC,
        CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS,
        CocoaError.fileWriteFileExists.rawValue: EEXIST,
        CocoaError.fileWriteInvalidFileName.rawValue: EINVAL,
        CocoaError.fileLocking.rawValue: ENOLCK,
    ]
}

/// Writing to a file descriptor without Foundation's FileHandle, which stops the process on
/// a full disk.
package enum FileDescriptor {
    /// Writes all of `bytes` to `fd`; false (with `errno` set) when it cannot.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
    }

    /// Waits until what was written to `fd` is on the disk: `fsync` on Linux; on macOS and
    /// iOS `fcntl(F_FULLFSYNC)`, since there `fsync` only hands the data to the drive, whose
    /// cache may still lose it at a power cut (Apple's fsync(2)), and `fsync` where the file
    /// system does not support F_FULLFSYNC. False (with `errno` set) when it fails.
    package static func sync(_ fd: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(fd) == 0
    }
}
