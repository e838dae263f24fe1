import Foundation

/// What a navviz process does when SIGINT, SIGTERM or SIGHUP asks it to stop: end the
/// processes it started, remove what it was staging, and exit with 128 + the signal's number
/// (130, 143, 129), so a previous output stays as it was and nothing is left running.
///
/// The facility is small on purpose:
///
/// - ``install()`` (once, first thing in `main`, before any other thread starts) blocks the
///   three signals in every thread and waits for them on a thread of its own, so the clean-up
///   runs as ordinary code (it may allocate, remove directories, wait for children), never
///   inside a signal handler.
/// - ``track(child:)`` names a child process to end: on a signal it is sent SIGTERM, given
///   ``childGrace`` to exit, then SIGKILL, and reaped. Cancel the registration once the child
///   has been waited for.
/// - ``onSignal(_:)`` registers any other clean-up (removing a staging directory); actions
///   run after every tracked child has ended (so no child still writes into what they remove),
///   the latest registered first.
/// - ``deferringSignals(_:)`` runs a short critical section (the renames that put an output
///   in place) that a signal waits for, so an output is either the old one or the new one.
///
/// A worker pool registers each worker with ``track(child:)`` when it starts it and cancels the
/// registration when it has reaped it; that is all it needs to end with navviz. Children
/// inherit the blocked signals (`posix_spawn` keeps the mask unless told otherwise), so a
/// child that should die with its process group on Ctrl-C is spawned with an empty signal
/// mask and default actions, as the Graphviz workers are (`PlatformProcess.spawn`).
///
/// Without ``install()`` (in tests, in a library user's process) registrations are kept and
/// never run: signals keep their default action.
package enum Shutdown {
    /// The signals navviz stops on.
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// How long a child has to exit after SIGTERM before it is killed.
    package static let childGrace: TimeInterval = 2

    /// One registration; ``cancel()`` removes it (idempotent).
    package final class Registration: Sendable {
        let id: Int
        init(id: Int) { self.id = id }

        /// Removes the registration: its child is no longer ended, its action no longer run.
        package func cancel() { state.withLock { $0.remove(id) } }
    }

    /// Blocks ``signals`` in this thread (and so in every thread started after it) and starts
    /// the thread that waits for them. With `announce`, a signal is reported on standard
    /// error (`error: interrupted by SIGINT`); a helper process that its parent ends stays
    /// quiet. Idempotent.
    package static func install(announce: Bool = true) {
        let first = state.withLock { s -> Bool in
            defer { s.installed = true; s.announce = announce }
            return !s.installed
        }
        guard first else { return }
        // The stderr of start-up, kept: while a Graphviz call runs, descriptor 2 points at a
        // capture file (NavVizRender's GraphvizStderr), and a message written there is lost.
        let err = dup(STDERR_FILENO)
        state.withLock { $0.stderr = err >= 0 ? err : STDERR_FILENO }
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let thread = Thread { waitForSignal() }
        thread.name = "navviz-shutdown"
        thread.start()
    }

    /// Ends `pid` when a signal stops navviz. Cancel the registration after reaping the child.
    @discardableResult
    package static func track(child pid: pid_t) -> Registration {
        state.withLock { $0.add(.child(pid)) }
    }

    /// Runs `action` when a signal stops navviz, after every tracked child has ended.
    @discardableResult
    package static func onSignal(_ action: @escaping @Sendable () -> Void) -> Registration {
        state.withLock { $0.add(.action(action)) }
    }

    /// Runs `body` with the clean-up held off until it returns: a signal that arrives meanwhile
    /// is acted on right after. Keep `body` short (a few renames).
    package static func deferringSignals<T>(_ body: () throws -> T) rethrows -> T {
        critical.lock()
        defer { critical.unlock() }
        return try body()
    }

    /// Whether a signal is stopping navviz: its children are being ended, and the process
    /// exits as soon as its clean-up is done.
    package static var isStopping: Bool { state.withLock { $0.stopping } }

    /// When a signal is stopping navviz, waits for the exit it brings; otherwise returns at
    /// once. A command whose work failed because the signal ended a child (a Graphviz worker
    /// killed mid-frame) calls it before reporting, so only the interruption is reported.
    package static func waitIfStopping() {
        guard isStopping else { return }
        while true { pause() }
    }

    /// The exit status for a signal: 128 + its number.
    package static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }

    // MARK: - The waiting thread

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        return set
    }

    private static func waitForSignal() -> Never {
        var set = signalSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        state.withLock { $0.stopping = true }
        critical.lock()  // a commit in progress finishes first; never unlocked: the process ends
        let (children, actions, announce, err) = state.withLock { s in (s.children, s.actions, s.announce, s.stderr) }
        endChildren(children)
        for action in actions.reversed() { action() }
        if announce {
            let name = received == SIGINT ? "SIGINT" : received == SIGTERM ? "SIGTERM" : received == SIGHUP ? "SIGHUP" : "signal \(received)"
            // On a terminal, first clear a progress line.
            let line = Array(((isatty(err) != 0 ? "\r\u{1B}[K" : "") + "error: interrupted by \(name)\n").utf8)
            _ = line.withUnsafeBytes { write(err, $0.baseAddress, $0.count) }
        }
        _exit(exitStatus(for: received))
    }

    /// SIGTERM to every child, up to ``childGrace`` for them to exit, SIGKILL to the rest;
    /// each is reaped (a child already reaped by its owner counts as ended).
    private static func endChildren(_ pids: [pid_t]) {
        guard !pids.isEmpty else { return }
        for pid in pids { kill(pid, SIGTERM) }
        var running = Set(pids)
        let deadline = Date().addingTimeInterval(childGrace)
        while !running.isEmpty && Date() < deadline {
            running = running.filter { !ended($0) }
            if !running.isEmpty { usleep(10_000) }
        }
        for pid in running {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Whether `pid` has exited (reaping it if it is this process's zombie).
    private static func ended(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid { return true }
        if r < 0 && errno == ECHILD { return kill(pid, 0) != 0 }  // reaped by its owner, or not ours
        return false
    }

    // MARK: - Registrations

    private enum Entry {
        case child(pid_t)
        case action(@Sendable () -> Void)
    }

    private struct State {
        var installed = false
        /// A signal arrived: the process is ending.
        var stopping = false
        var announce = true
        /// Where the announcement goes: stderr as it was when ``install(announce:)`` ran.
        var stderr = STDERR_FILENO
        var next = 0
        var entries: [(Int, Entry)] = []

        mutating func add(_ entry: Entry) -> Registration {
            next += 1
            entries.append((next, entry))
            return Registration(id: next)
        }

        mutating func remove(_ id: Int) { entries.removeAll { $0.0 == id } }

        var children: [pid_t] { entries.compactMap { if case .child(let p) = $0.1 { p } else { nil } } }
        var actions: [@Sendable () -> Void] { entries.compactMap { if case .action(let a) = $0.1 { a } else { nil } } }
    }

    private static let state = Locked(State())
    private static let critical = NSRecursiveLock()
}

/// A value behind a lock. `@unchecked Sendable` is safe: `value` is reached only through
/// ``withLock(_:)``, with `lock` held, and the closure is not allowed to let it escape.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    package init(_ value: Value) { self.value = value }
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
