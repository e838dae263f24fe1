import Foundation

/// The file ``NavigationRecorder/startWriting(to:)`` appends records to, which keeps what it
/// could not write yet and says so, instead of stopping silently.
///
/// Why: on iOS, a file under Data Protection "Complete" (`NSFileProtectionComplete`, an
/// app's entitlement can make it every file's default) cannot be written from about ten
/// seconds after the device locks until it is unlocked again: every `write` fails
/// (`EPERM`). A recorder that stopped at the first failed write lost everything after it,
/// with nothing said until ``NavigationRecorder/stopWriting()``. Here a line that cannot be
/// written (or the rest of one, after a short write) waits, in order, and every later
/// ``append(_:)`` or ``flush()`` tries again from it, so the file has every line, whole and
/// in order, once writes work again (the UIKit hook flushes when protected data becomes
/// available). At most `capacity` lines wait; older ones are dropped and counted as lost.
///
/// Used under the recorder's lock only: not thread-safe itself.
final class LogFile {
    /// What happened to the file's lines so far.
    private(set) var status = NavigationRecorder.WriteStatus()
    private let handle: FileHandle
    private let capacity: Int
    /// Lines not yet written, oldest first; the first may be the unwritten rest of a line.
    private var waiting: [ArraySlice<UInt8>] = []
    /// Whether the first waiting line is the rest of one partly written.
    private var begun = false
    /// The first refused write's error, kept for ``NavigationRecorder/stopWriting()``.
    private(set) var firstError: LogWriteError?
    /// `write(2)`: bytes written, or -1 with `errno` set.
    typealias Write = (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    private let writeCall: Write

    /// Opens `url` for writing, created or emptied first; `write` is `write(2)` but in tests,
    /// which make a file refuse writes for a while as a locked device does.
    init(url: URL, capacity: Int, write: @escaping Write = { Foundation.write($0, $1, $2) }) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        self.handle = handle
        self.capacity = max(1, capacity)
        writeCall = write
    }

    /// Writes `line` after every line still waiting, or leaves it waiting when the file
    /// cannot be written now.
    func append(_ line: [UInt8]) {
        if waiting.count == capacity {
            // The oldest whole line goes; the rest of a line already begun in the file stays,
            // or the file would hold a cut line in its middle.
            status.lost += 1
            if !begun {
                waiting.removeFirst()
            } else if waiting.count > 1 {
                waiting.remove(at: 1)
            } else {
                flush()
                return
            }
        }
        waiting.append(line[...])
        flush()
    }

    /// Writes what waits, oldest first, stopping at the first line the file refuses.
    func flush() {
        while let first = waiting.first {
            let written = write(first)
            if written == first.count {
                waiting.removeFirst()
                status.written += 1
                begun = false
            } else {
                waiting[0] = first.dropFirst(max(0, written))
                begun = begun || written > 0
                break
            }
        }
        status.waiting = waiting.count
    }

    /// Writes `bytes` with as many `write` calls as it takes; the number of bytes written
    /// (fewer than asked when a call fails: its error is counted).
    private func write(_ bytes: ArraySlice<UInt8>) -> Int {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { writeCall(handle.fileDescriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                let error = LogWriteError(code: code)
                status.failures += 1
                status.lastError = error.reason
                if firstError == nil { firstError = error }
                return done
            }
            done += n
        }
        return done
    }

    /// Closes the file; what still waits is lost.
    func close() {
        status.lost += waiting.count
        waiting.removeAll()
        status.waiting = 0
        try? handle.close()
    }
}

/// A write to the recorder's log file that failed, in the system's words (`strerror`).
public struct LogWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno` value (`EPERM` while Data Protection locks the file, `ENOSPC` on a full disk).
    public var code: Int32
    /// `strerror`'s text for it, lowercased: the same in every language.
    public var reason: String

    /// The error for an `errno` value.
    public init(code: Int32) {
        self.code = code
        reason = String(cString: strerror(code)).lowercased()
    }

    /// `cannot write the navigation log: REASON`.
    public var description: String { "cannot write the navigation log: \(reason)" }
}
