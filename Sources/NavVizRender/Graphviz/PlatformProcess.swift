import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few process calls that differ between Linux (glibc) and macOS (Darwin), for starting
/// Graphviz worker processes (``GraphvizWorkerProcess``) and talking to them.
package enum PlatformProcess {
    /// The running executable's path, symbolic links resolved.
    static var executablePath: String? {
        #if canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return URL(fileURLWithPath: String(cString: buffer)).resolvingSymlinksInPath().path
        #else
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #endif
    }

    /// The file holding navviz's rendering code (this module), as the loader names it: the
    /// executable when the module is linked into it, or a test bundle's binary on macOS;
    /// nil when the loader gives no absolute path.
    static var imagePath: String? {
        libraryPath(containing: unsafeBitCast(imageAnchor, to: UnsafeRawPointer.self))
    }

    /// The absolute path of the loaded file (executable or library) whose code holds
    /// `address`, symbolic links resolved: `dladdr` on macOS; on Linux the mapping that
    /// holds it in `/proc/self/maps` (glibc declares `dladdr` only for `_GNU_SOURCE`, which
    /// Swift's Glibc module is built without). Nil when not found or not absolute.
    static func libraryPath(containing address: UnsafeRawPointer) -> String? {
        #if canImport(Darwin)
        var info = Dl_info()
        guard dladdr(address, &info) != 0, let name = info.dli_fname else { return nil }
        let path = String(cString: name)
        #else
        // Read to the end: /proc's files have no size, so a read by size (FileManager's
        // `contents(atPath:)`) may come back empty.
        guard let maps = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
              let path = maps.withUnsafeBytes({ mappedFile(containing: UInt(bitPattern: address), maps: $0.bindMemory(to: UInt8.self)) })
        else { return nil }
        #endif
        return path.hasPrefix("/") ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : nil
    }

    /// The file a `/proc/PID/maps` text maps at `address` (lines `start-end perms offset dev
    /// inode path`, addresses in hexadecimal); nil when no file mapping holds it.
    static func mappedFile(containing address: UInt, maps: String) -> String? {
        var maps = maps
        return maps.withUTF8 { mappedFile(containing: address, maps: $0) }
    }

    /// The same on the text's UTF-8 bytes, read a byte at a time: a worker reads its maps (some 700 lines once Graphviz's plugins are loaded) as
    /// it starts, and splitting them into `Character`s cost it more instructions than
    /// Graphviz's own warm-up.
    static func mappedFile(containing address: UInt, maps: UnsafeBufferPointer<UInt8>) -> String? {
        let space: UInt8 = 0x20, tab: UInt8 = 0x09, dash: UInt8 = 0x2D, slash: UInt8 = 0x2F
        var next = 0
        while next < maps.count {
            var i = next
            let end = maps[next...].firstIndex(of: 0x0A) ?? maps.count
            next = end + 1
            /// The hexadecimal number from `i` up to `stop` (`i` then after `stop`); nil when
            /// there is none, or another byte, or it overflows.
            func hex(until stop: UInt8) -> UInt? {
                var value: UInt = 0, digits = 0
                while i < end, maps[i] != stop {
                    let b = maps[i], digit: UInt8
                    switch b {
                    case 0x30 ... 0x39: digit = b - 0x30  // 0-9
                    case 0x61 ... 0x66: digit = b - 0x61 + 10  // a-f
                    case 0x41 ... 0x46: digit = b - 0x41 + 10  // A-F
                    default: return nil
                    }
                    guard value >> (UInt.bitWidth - 4) == 0 else { return nil }
                    value = value << 4 | UInt(digit)
                    digits += 1
                    i += 1
                }
                guard digits > 0, i < end else { return nil }
                i += 1
                return value
            }
            guard let start = hex(until: dash), let stop = hex(until: space), start <= address, address < stop else { continue }
            // perms, offset, dev and inode, then the path (the rest of the line, trimmed).
            var fields = 0
            while fields < 4 {
                while i < end, maps[i] == space { i += 1 }
                guard i < end else { break }
                while i < end, maps[i] != space { i += 1 }
                fields += 1
            }
            while i < end, maps[i] == space || maps[i] == tab { i += 1 }
            var last = end
            while last > i, maps[last - 1] == space || maps[last - 1] == tab { last -= 1 }
            guard fields == 4, i < last else { continue }  // an anonymous mapping
            return maps[i] == slash ? String(decoding: UnsafeBufferPointer(rebasing: maps[i ..< last]), as: UTF8.self) : nil
        }
        return nil
    }

    /// A connected pair of stream sockets, both closed on exec (so no other child process
    /// ever holds a worker's end: a worker's death is always seen as the end of its socket).
    /// Writing to the parent's end never raises SIGPIPE (see ``send(_:_:)``).
    static func socketPair() -> (parent: Int32, child: Int32)? {
        var fds: [Int32] = [-1, -1]
        #if canImport(Darwin)
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var on: Int32 = 1
        _ = setsockopt(fds[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #else
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else { return nil }
        #endif
        return (fds[0], fds[1])
    }

    /// Writes all of `bytes` to a socket from ``socketPair()``; false when the other end is
    /// gone (EPIPE, without the signal that would end navviz) or on any other error.
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Darwin)
                let n = Darwin.send(fd, buffer.baseAddress! + offset, buffer.count - offset, 0)
                #else
                let n = Glibc.send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #endif
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }

    /// Reads exactly `count` bytes from `fd`; nil at the end of the stream or on an error.
    static func read(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count)
        var offset = 0
        let ok = out.withUnsafeMutableBytes { buffer in
            while offset < count {
                #if canImport(Darwin)
                let n = Darwin.read(fd, buffer.baseAddress! + offset, count - offset)
                #else
                let n = Glibc.read(fd, buffer.baseAddress! + offset, count - offset)
                #endif
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        return ok ? out : nil
    }

    /// Starts `path` with `arguments` (posix_spawn, which execs: nothing of this process's
    /// state but its environment carries over, plus `environment`). The child's standard input is `socket`
    /// (it answers on the same socket), its standard output /dev/null, its standard error
    /// this process's; no other descriptor is inherited. SIGINT, SIGTERM, SIGHUP, SIGQUIT and
    /// SIGPIPE are at their defaults in the child and no signal is blocked, whatever this
    /// process ignores or blocks, so the child dies of them. Returns the pid, or errno.
    static func spawn(_ path: String, arguments: [String], environment: [String: String] = [:], socket: Int32) -> Result<pid_t, Errno> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, socket, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        #if canImport(Darwin)
        // Every descriptor not named here is closed in the child.
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        posix_spawn_file_actions_addinherit_np(&actions, 2)
        #else
        closeInheritedDescriptors(&actions)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in workerDefaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { strdup("\($0)=\($1)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        return status == 0 ? .success(pid) : .failure(Errno(status))
    }

    /// The signals a worker has at their default actions, whatever this process ignores,
    /// so that it dies of them.
    static let workerDefaultSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]

    /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed (a process started
    /// with `>&-` or `2>&-`), so that no file or socket navviz opens later takes its number:
    /// a worker's socket at 2 would receive navviz's messages, and in a forked worker it
    /// would be inherited as the worker's standard error and keep its own socket open, so
    /// the worker would never see navviz end.
    package static func openStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != fd {
                _ = dup2(opened, fd)
                close(opened)
            }
        }
    }

    #if canImport(Glibc)
    /// Whether this process runs one thread: the only state in which ``fork(socket:closing:title:serve:)``
    /// is safe (a lock another thread held at the fork would stay locked in the child).
    static var isSingleThreaded: Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count == 1
    }

    /// Forks this process into a child that runs `serve` and never returns into the code
    /// after the fork (Linux only, and only while ``isSingleThreaded``). The child is set up
    /// as ``spawn(_:arguments:environment:socket:)`` sets up a worker: standard input
    /// `socket`, standard output /dev/null, standard error this process's, no other
    /// descriptor; SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE at their defaults and no
    /// signal blocked. The signals a crash raises are at their defaults too, so a crash ends
    /// the child with its signal, without the Swift runtime's backtrace (what
    /// `SWIFT_BACKTRACE=enable=no` does for a spawned worker). Unlike a spawned child, it
    /// starts with this process's libraries already loaded and relocated, which is the
    /// point: 3 to 15 ms of CPU a worker on Linux (``GraphvizPool/forkWorkers(count:)``).
    ///
    /// The child's command line, as `ps` and `/proc/PID/cmdline` show it, becomes
    /// `EXECUTABLE title` (and its name, as `top` shows it, `title`), so that it reads as a
    /// spawned worker's: see ``retitle(_:)``.
    ///
    /// `closing`: this process's end of the socket, closed in the child first of all (every
    /// other descriptor from 3 up is closed after).
    static func fork(socket: Int32, closing: Int32, title: String, serve: () -> Never) -> Result<pid_t, Errno> {
        // A socket end among 0-2 would be replaced below, or kept as the child's standard
        // error (``openStandardDescriptors()`` keeps them open, so this does not happen).
        guard socket > 2, closing > 2 else { return .failure(Errno(EBADF)) }
        let pid = Glibc.fork()
        if pid < 0 { return .failure(Errno(errno)) }
        if pid > 0 { return .success(pid) }
        close(closing)
        for signal in workerDefaultSignals + [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            _ = Glibc.signal(signal, SIG_DFL)
        }
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        guard dup2(socket, 0) == 0 else { _exit(71) }
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0, dup2(null, 1) == 1 else { _exit(71) }
        closeDescriptors(from: 3)
        retitle(title)
        serve()
    }

    /// Rewrites this process's command line to `argv[0] title`, in the memory its arguments
    /// were passed in (which `/proc/PID/cmdline` reads: what PostgreSQL's and nginx's
    /// `setproctitle` do), the rest of it zeroed; left as it is when it does not fit there (a
    /// command line shorter than `argv[0] title`). Its name (`/proc/PID/comm`, 15 bytes) becomes
    /// `title` too.
    private static func retitle(_ title: String) {
        let comm = open("/proc/self/comm", O_WRONLY)
        if comm >= 0 {
            let name = Array(title.utf8.prefix(15))
            _ = name.withUnsafeBytes { write(comm, $0.baseAddress, $0.count) }
            close(comm)
        }
        let argc = Int(CommandLine.argc)
        guard argc > 1, let first = CommandLine.unsafeArgv[0], let last = CommandLine.unsafeArgv[argc - 1] else { return }
        // Only where the kernel put them: one after the other.
        for i in 1..<argc {
            guard let previous = CommandLine.unsafeArgv[i - 1], CommandLine.unsafeArgv[i] == previous + strlen(previous) + 1 else { return }
        }
        let room = last + strlen(last) + 1 - first
        let executable = strlen(first) + 1
        let text = Array(title.utf8) + [0]
        guard room > 0, executable + text.count <= room else { return }
        let rest = UnsafeMutableRawPointer(first + executable)
        text.withUnsafeBytes { _ = memcpy(rest, $0.baseAddress!, $0.count) }
        memset(rest + text.count, 0, room - executable - text.count)
    }

    /// glibc's `close_range` (2.34 and later; looked up at run time, as Swift does not see
    /// its declaration).
    private typealias CloseRange = @convention(c) (UInt32, UInt32, Int32) -> Int32
    private static let closeRange: CloseRange? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "close_range").map { unsafeBitCast($0, to: CloseRange.self) }

    /// Closes every descriptor from `first` up: with `close_range`, or each one
    /// `/proc/self/fd` lists.
    private static func closeDescriptors(from first: Int32) {
        if let closeRange, closeRange(UInt32(first), UInt32.max, 0) == 0 { return }
        for fd in openDescriptors(from: first) { close(fd) }
    }
    #endif

    #if !canImport(Darwin)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; looked up at run
    /// time, as Swift does not see its declaration), which closes every descriptor from 3 up.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private static let closeFrom: CloseFrom? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }

    /// This process's open descriptors from `first` up, as `/proc/self/fd` lists them.
    private static func openDescriptors(from first: Int32) -> [Int32] {
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return listed.compactMap { Int32($0) }.filter { $0 >= first }
    }

    /// Keeps descriptors other than 0, 1 and 2 out of the child: every descriptor from 3
    /// up, or on an older glibc, each open one that is not already closed on exec.
    private static func closeInheritedDescriptors(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>) {
        if let closeFrom, closeFrom(actions, 3) == 0 { return }
        for fd in openDescriptors(from: 3) {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0, flags & FD_CLOEXEC == 0 { posix_spawn_file_actions_addclose(actions, fd) }
        }
    }
    #endif

    /// Waits for `pid` to end and says how (see ``describe(_:)``).
    static func wait(_ pid: pid_t) -> String {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return "lost: \(Errno(errno))" }
        }
        return describe(status)
    }

    /// How a process ended, from its `waitpid` status: "signal 11 (Segmentation fault)",
    /// "exit status 3".
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F { return "signal \(signal) (\(String(cString: strsignal(signal))))" }
        return "exit status \((status >> 8) & 0xFF)"
    }
}

/// An `errno` value, with its message.
struct Errno: Error, CustomStringConvertible {
    var code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { String(cString: strerror(code)) }
}

/// A function of this module, whose address ``PlatformProcess/imagePath`` asks the loader about.
private let imageAnchor: @convention(c) () -> Void = {}
