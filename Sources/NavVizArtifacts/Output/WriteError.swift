import Foundation

/// Why a write failed, in the system's words (`no space left on device`), taken from
/// `errno` when it is made.
package struct WriteError: Error, Sendable {
    package var reason: String

    package init(errno code: Int32 = errno) {
        reason = String(cString: strerror(code)).lowercased()
    }

    /// The system's reason for any error a write can end in (Foundation's wrap `errno`).
    static func reason(_ error: Error) -> String {
        if let error = error as? WriteError { return error.reason }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return WriteError(errno: Int32(ns.code)).reason }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error {
            let u = underlying as NSError
            if u.domain == NSPOSIXErrorDomain { return WriteError(errno: Int32(u.code)).reason }
        }
        return ns.localizedDescription
    }
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
}
