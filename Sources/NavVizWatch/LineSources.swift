import Foundation

/// Follows a log file as an app writes it (`tail -f`): reads what is there, then every line
/// appended, within ``interval``. Handles what apps and simulators do to a log:
///
/// - a file that does not exist yet is waited for;
/// - a line is read only once it is complete (ends with a newline);
/// - a file cut shorter (the app started a new log in the same file) is read again from its
///   start;
/// - a file replaced by another (a new inode: `NavigationRecorder.write(to:)` writes a new
///   file and renames it into place) is read from its start, skipping lines it has already
///   given (the recorder rewrites the states it still holds).
final class FileFollower: @unchecked Sendable {
    /// How often the file is looked at.
    static let interval: DispatchTimeInterval = .milliseconds(20)

    private let path: String
    private let deliver: @Sendable ([String]) -> Void
    private let queue = DispatchQueue(label: "navviz.watch.follow")
    private var timer: DispatchSourceTimer?
    private var handle: FileHandle?
    private var inode: UInt64 = 0
    private var offset: UInt64 = 0
    private var partial = Data()
    /// Lines given recently, to skip them when a replaced file holds them again.
    private var recent: [String] = []
    private var recentSet: Set<String> = []

    init(path: String, deliver: @escaping @Sendable ([String]) -> Void) {
        self.path = path
        self.deliver = deliver
    }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: Self.interval)
        timer.setEventHandler { [weak self] in self?.poll() }
        self.timer = timer
        timer.resume()
    }

    func stop() {
        queue.sync {
            timer?.cancel()
            try? handle?.close()
        }
    }

    private func poll() {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let ino = UInt64(info.st_ino), size = UInt64(info.st_size)
        var replaced = false
        if handle == nil || ino != inode {
            try? handle?.close()
            handle = FileHandle(forReadingAtPath: path)
            replaced = inode != 0
            (inode, offset, partial) = (ino, 0, Data())
        } else if size < offset {
            (offset, partial) = (0, Data())
        }
        guard let handle, size > offset else { return }
        handle.seek(toFileOffset: offset)
        let data = handle.readData(ofLength: Int(min(size - offset, 16 << 20)))
        offset += UInt64(data.count)
        partial.append(data)
        guard let end = partial.lastIndex(of: 0x0A) else { return }
        var lines = String(decoding: partial[..<end], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        partial = Data(partial[(end + 1)...])
        if replaced {
            lines = lines.filter { !recentSet.contains($0) }
        }
        remember(lines)
        if !lines.isEmpty { deliver(lines) }
    }

    private func remember(_ lines: [String]) {
        for line in lines where recentSet.insert(line).inserted { recent.append(line) }
        if recent.count > 20_000 {
            for line in recent.prefix(10_000) { recentSet.remove(line) }
            recent.removeFirst(10_000)
        }
    }
}

/// Reads standard input a line at a time on a thread of its own, handing each batch of lines
/// it has to `deliver`; at its end the session goes on (the page stays up).
enum StandardInputReader {
    static func start(deliver: @escaping @Sendable ([String]) -> Void) {
        Thread.detachNewThread {
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                pending.append(contentsOf: buffer[0..<n])
                guard let end = pending.lastIndex(of: 0x0A) else { continue }
                let lines = String(decoding: pending[..<end], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                pending = Data(pending[(end + 1)...])
                deliver(lines)
            }
            if !pending.isEmpty { deliver([String(decoding: pending, as: UTF8.self)]) }
        }
    }
}
