import Foundation
import NavVizShutdown

/// One Graphviz worker process, seen from the process that started it: a `navviz
/// graphviz-worker` started with posix_spawn (``PlatformProcess/spawn(_:arguments:environment:socket:)``),
/// or on Linux this process forked before its first thread (``fork()``), sent jobs
/// (``GraphvizJob``) one at a time over a socket that is its standard input.
///
/// The worker ends when its socket does: when this object stops it, or when this process
/// ends in any way (the kernel closes the socket; a worker busy with a job finishes it, and
/// its answer finds no reader). When the worker dies during a job (a crash inside Graphviz),
/// its socket ends too: the job fails with ``RenderError/crashed(_:)`` and the worker is
/// reaped, never waited on forever. When a signal stops navviz (``Shutdown``), the worker is
/// sent SIGTERM and reaped with navviz's other children. Used by one thread at a time
/// (`GraphvizPool` leases it).
final class GraphvizWorkerProcess {
    let pid: pid_t
    private var socket: Int32
    /// Ends the worker when a signal stops navviz; cancelled once it is reaped.
    private let shutdown: Shutdown.Registration
    /// At most how many component passes of `dot` layouts this worker has run
    /// (``GraphvizJob/markPasses``; Graphviz before 4.0 limits them per process).
    private(set) var markPasses = 0
    /// Jobs this worker has run (a worker retires after `GraphvizPool/jobBudget`).
    private(set) var jobs = 0

    /// Whether the worker is still there to take jobs.
    var alive: Bool { socket >= 0 }

    private init(pid: pid_t, socket: Int32) {
        self.pid = pid
        self.socket = socket
        shutdown = Shutdown.track(child: pid)
    }

    deinit { stop() }

    /// Starts `navviz graphviz-worker` from `executable`, with `arguments` after the
    /// subcommand's name (for tests: ``GraphvizWorker/crashOption``).
    static func start(executable: String, arguments: [String] = []) throws(RenderError) -> GraphvizWorkerProcess {
        guard let (parent, child) = PlatformProcess.socketPair() else {
            throw .unavailable("cannot create a socket for a Graphviz worker process: \(Errno(errno))")
        }
        defer { close(child) }
        // The parent reports a worker's crash; Swift's own crash report would only repeat it.
        switch PlatformProcess.spawn(executable, arguments: [GraphvizWorker.commandName] + arguments, environment: ["SWIFT_BACKTRACE": "enable=no"], socket: child) {
        case .success(let pid):
            return GraphvizWorkerProcess(pid: pid, socket: parent)
        case .failure(let error):
            close(parent)
            throw .unavailable("cannot start a Graphviz worker process ('\(executable) graphviz-worker'): \(error)")
        }
    }

    #if canImport(Glibc)
    /// Forks this process into a worker (``PlatformProcess/fork(socket:closing:title:serve:)``): the child
    /// serves jobs as `navviz graphviz-worker` does, with this process's libraries already
    /// loaded. Only while this process runs one thread (``PlatformProcess/isSingleThreaded``).
    static func fork() throws(RenderError) -> GraphvizWorkerProcess {
        guard let (parent, child) = PlatformProcess.socketPair() else {
            throw .unavailable("cannot create a socket for a Graphviz worker process: \(Errno(errno))")
        }
        defer { close(child) }
        switch PlatformProcess.fork(socket: child, closing: parent, title: GraphvizWorker.commandName, serve: { GraphvizWorker.serve() }) {
        case .success(let pid):
            return GraphvizWorkerProcess(pid: pid, socket: parent)
        case .failure(let error):
            close(parent)
            throw .unavailable("cannot fork a Graphviz worker process: \(error)")
        }
    }
    #endif

    /// Runs `job` in the worker and returns its payloads, or the error the worker reported.
    /// When the worker dies instead of answering, it is reaped and the job fails with
    /// ``RenderError/crashed(_:)``.
    /// `passes`: the job's ``GraphvizJob/markPasses`` (by default counted here), added to the
    /// worker's.
    func run(_ job: GraphvizJob, passes: Int? = nil) throws(RenderError) -> [[UInt8]] {
        guard alive else { throw .crashed("the worker process had already ended") }
        jobs += 1
        markPasses = min(GraphvizJob.unboundedPasses, markPasses + (passes ?? job.markPasses))
        let fd = socket
        let answer: Result<[[UInt8]], RenderError>
        do throws(Wire.Corrupt) {
            guard PlatformProcess.send(fd, job.encoded()) else { throw Wire.Corrupt() }
            answer = try GraphvizJob.readAnswer { PlatformProcess.read(fd, $0) }
        } catch {
            throw .crashed(end())
        }
        return try answer.get()
    }

    /// Ends the worker: closes its socket (it exits when it reads the end) and reaps it.
    func stop() {
        guard alive else { return }
        _ = end()
    }

    /// Closes the socket and reaps the worker, killing it if it is still running after its
    /// socket ended (a worker that broke the protocol); says how it ended.
    private func end() -> String {
        close(socket)
        socket = -1
        defer { shutdown.cancel() }
        var status: Int32 = 0
        // A worker reads the end of its socket and exits at once; one that does not is killed.
        for _ in 0..<200 {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return PlatformProcess.describe(status) }
            if r < 0 && errno != EINTR { return "lost: \(Errno(errno))" }
            usleep(5_000)
        }
        kill(pid, SIGKILL)
        return PlatformProcess.wait(pid) + ", killed after its socket ended"
    }
}
