import Foundation
import NavVizShutdown

/// The one process boundary for Graphviz work that must not run in navviz's own process: a
/// small pool of worker processes (``GraphvizWorkerProcess``), each fed one job at a time.
///
/// What goes to a worker: every `dot` layout (Graphviz before 4.0 crashes a process after a
/// few hundred, see ``GraphvizVersion/limitsDotLayouts(_:)``; and a crash inside Graphviz
/// must become an error, not end navviz), and animation frames, which workers draw in
/// parallel (libgvc cannot draw in two threads of one process). Workers start when first
/// needed, at most ``size`` at once, and stay for the next job; a worker that crashed is
/// replaced by the next job, and on Graphviz before 4.0 a worker retires before its `dot`
/// layouts could take their mark round (``markPassBudget``). On every version a worker
/// retires after ``jobBudget`` jobs, so what Graphviz and the libraries under it never free
/// (docs/security.md, "Leaks") is bounded however long the run.
///
/// Workers are `navviz graphviz-worker` processes of ``workerExecutable`` (on Linux, the
/// first ones of `navviz animate` are navviz forked: ``forkWorkers(count:)``). Thread-safe:
/// `@unchecked Sendable` because every mutable property (`idle`, `leased`, `limit`,
/// `startCount`, `marker`) is read and written only with `condition` held.
///
/// Public only under `@_spi(Internals)`: not for library users, but for the fuzz targets in
/// Fuzz/, a package of their own (its sanitizer flags stay out of this one) that starts and
/// drives Graphviz workers as `navviz` does.
@_spi(Internals) public final class GraphvizPool: @unchecked Sendable {
    /// The process-wide pool.
    package static let shared = GraphvizPool()

    /// The executable whose `graphviz-worker` subcommand serves jobs (the `navviz` binary).
    /// By default ``defaultWorkerExecutable(environment:running:image:)``.
    @_spi(Internals) public static var workerExecutable: String? {
        get { executable.withLock { $0 } }
        set { executable.withLock { $0 = newValue } }
    }

    private static let executable = Locked<String?>(defaultWorkerExecutable(
        environment: ProcessInfo.processInfo.environment, running: runningExecutable, image: PlatformProcess.imagePath))

    /// The `navviz` to start as a worker, the first of:
    /// 1. `NAVVIZ_WORKER` from the environment, when set (a path to a built navviz: for a
    ///    program or a test run whose executable is not beside one);
    /// 2. the running executable (`running`), when it is `navviz`;
    /// 3. a `navviz` beside the running executable, when there is one (a test binary on
    ///    Linux, `.build/debug/navvizPackageTests.xctest`, is beside the debug navviz);
    /// 4. a `navviz` beside the file holding this code (`image`), or beside the `.xctest`
    ///    bundle holding that file: under `swift test` on macOS the running executable is
    ///    Xcode's `xctest` (or SwiftPM's test helper) and the tests are a bundle,
    ///    `.build/debug/navvizPackageTests.xctest/Contents/MacOS/navvizPackageTests`, loaded
    ///    into it; the debug navviz is beside the bundle;
    /// 5. else a `navviz` beside the running executable (which fails when first started,
    ///    naming that path).
    ///
    /// `image` is asked for only when the first three find none: on Linux it reads
    /// `/proc/self/maps`, which a `navviz` process (found at step 2) never needs.
    static func defaultWorkerExecutable(environment: [String: String], running: String?, image: @autoclosure () -> String?,
                                        isExecutable: (String) -> Bool = { FileManager.default.isExecutableFile(atPath: $0) }) -> String? {
        if let worker = environment["NAVVIZ_WORKER"], !worker.isEmpty { return worker }
        func beside(_ path: String) -> String {
            URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("navviz").path
        }
        if let running, URL(fileURLWithPath: running).lastPathComponent == "navviz" { return running }
        if let running, isExecutable(beside(running)) { return beside(running) }
        if let image = image(), image.hasPrefix("/") {
            var url = URL(fileURLWithPath: image)
            if isExecutable(beside(url.path)) { return beside(url.path) }
            while url.path != "/" {
                url.deleteLastPathComponent()
                if url.pathExtension == "xctest" {
                    if isExecutable(beside(url.path)) { return beside(url.path) }
                    break
                }
            }
        }
        return running.map(beside)
    }

    /// The running executable's path, symbolic links resolved.
    @_spi(Internals) public static var runningExecutable: String? { PlatformProcess.executablePath }

    /// Component passes of `dot` layouts (``GraphvizJob/markPasses``) a worker may run, on a
    /// Graphviz that limits them (nil otherwise). Graphviz 2.42/2.43's 8-bit mark `Cmark`
    /// (lib/dotgen/decomp.c) advances once per pass, skipping 0, so its 255 values come round
    /// again after 255 passes; from then on a pass can take nodes that other stages marked
    /// `TRUE` (1) for already visited, and the layout crashes (an `install_in_rank` assertion
    /// or a segfault). A worker whose next layout could take it past 255 passes retires
    /// first: no value of the mark is ever used twice in one worker. A small layout without
    /// clusters counts 3, so a worker runs some 85 of them (it ran 10 of any kind before,
    /// starting 60 workers for 600 small layouts).
    static let markPassBudget: Int? = {
        guard let version = GraphvizVersion(GraphvizVersion.headers), GraphvizVersion.limitsDotLayouts(version) else { return nil }
        return 255
    }()

    /// Jobs of any kind a worker runs before it retires (default ``defaultJobBudget``).
    /// Graphviz keeps about a kilobyte for each PNG frame a worker draws (docs/security.md,
    /// "Leaks": 100 frames left 147 KB in a worker, 7 frames 52 KB), which nothing gives
    /// back; retiring after 400 jobs bounds a worker near half a megabyte. Restarting one
    /// costs some 43 ms of CPU (loading, warming Graphviz up) and its first frame is drawn
    /// and compressed whole: at 100 jobs, the 601 frames of a 300-transition session's
    /// `--png --gif` started 8 workers, at 400 they start 2 (issue #30).
    let jobBudget: Int
    static let defaultJobBudget = 400

    private let condition = NSCondition()
    private var idle: [GraphvizWorkerProcess] = []
    private var leased = 0
    private var limit = max(1, ProcessInfo.processInfo.activeProcessorCount)
    private var startCount = 0
    /// Workers this pool started (for tests).
    var started: Int { condition.withLock { startCount } }
    /// For tests: workers started from now on abort on a job whose DOT contains this text
    /// (``GraphvizWorker/serve(crashingOn:)``), as a crash inside Graphviz would end them.
    /// Idle workers started without it are stopped when it changes.
    package var crashMarker: String? {
        get { condition.withLock { marker } }
        set {
            condition.withLock {
                guard marker != newValue else { return }
                marker = newValue
                while let worker = idle.popLast() { worker.stop() }
            }
        }
    }
    private var marker: String?

    init(jobBudget: Int = GraphvizPool.defaultJobBudget) {
        self.jobBudget = max(1, jobBudget)
    }

    /// Most workers at once (default: one per core).
    package var size: Int {
        get { condition.withLock { limit } }
        set {
            condition.withLock {
                limit = max(1, newValue)
                while idle.count > limit { idle.removeLast().stop() }
                condition.broadcast()
            }
        }
    }

    /// Runs one job in a worker.
    func run(_ job: GraphvizJob) throws(RenderError) -> [[UInt8]] {
        try withLease { lease throws(RenderError) in try lease.run(job) }
    }

    /// What a job left unrun after another failed answers.
    static let notRun = RenderError.crashed("not run")

    /// Runs `jobs` on up to ``size`` workers at once, each taking a run of consecutive jobs
    /// (consecutive animation frames differ least, and a worker's PNG encoder reuses what did
    /// not change); a worker done with its run takes the second half of what is left of the
    /// longest other run (work stealing), so a worker whose frames take longer does not hold
    /// up the others. Returns each job's result in order; after a failure, jobs not yet
    /// started are not run and answer ``notRun`` (the failure is reported on the job that
    /// failed).
    func runAll(_ jobs: [GraphvizJob]) -> [Result<[[UInt8]], RenderError>] {
        guard !jobs.isEmpty else { return [] }
        let runs = Runs(jobs: jobs.count, runs: min(size, jobs.count))
        let outcomes = Outcomes(count: jobs.count)
        @Sendable func run(_ r: Int) {
            do throws(RenderError) {
                try withLease { lease throws(RenderError) in
                    while let i = runs.take(r) {
                        // After a failure elsewhere, the rest is not run (and stays "not run",
                        // so the failure is reported on the job that failed).
                        if outcomes.failure != nil { continue }
                        do throws(RenderError) {
                            outcomes.set(i, .success(try lease.run(jobs[i])))
                        } catch {
                            outcomes.set(i, .failure(error))
                        }
                    }
                }
            } catch {
                while let i = runs.take(r) { outcomes.set(i, .failure(error), unlessSet: true) }
            }
        }
        // A thread per run (they wait on their workers, so they need no core of their own, and
        // must not wait for a busy dispatch pool); this thread takes the first run.
        let done = DispatchGroup()
        for r in 1..<runs.count {
            done.enter()
            Thread {
                run(r)
                done.leave()
            }.start()
        }
        run(0)
        done.wait()
        return outcomes.results
    }

    /// The runs of ``runAll(_:)``: run `r` holds the jobs `next[r]..<end[r]`, taken from the
    /// front; an empty run takes the back half of the longest.
    final class Runs: @unchecked Sendable {
        private let lock = NSLock()
        private var next: [Int], end: [Int]
        var count: Int { next.count }

        init(jobs: Int, runs: Int) {
            next = (0..<runs).map { $0 * jobs / runs }
            end = (0..<runs).map { ($0 + 1) * jobs / runs }
        }

        /// The next job of run `r`, stolen from another run when `r` has none left; nil when
        /// no job is left anywhere.
        func take(_ r: Int) -> Int? {
            lock.withLock {
                if next[r] >= end[r] {
                    guard let victim = next.indices.max(by: { end[$0] - next[$0] < end[$1] - next[$1] }),
                          case let left = end[victim] - next[victim], left > 0 else { return nil }
                    let split = next[victim] + left / 2
                    (next[r], end[r], end[victim]) = (split, end[victim], split)
                }
                defer { next[r] += 1 }
                return next[r]
            }
        }
    }

    /// The results of ``runAll(_:)``, filled in from several threads; the first failure
    /// stops the jobs not yet started.
    private final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result<[[UInt8]], RenderError>?]
        private var firstFailure: RenderError?

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        var failure: RenderError? { lock.withLock { firstFailure } }

        func set(_ i: Int, _ result: Result<[[UInt8]], RenderError>, unlessSet: Bool = false) {
            lock.withLock {
                if unlessSet, slots[i] != nil { return }
                slots[i] = result
                if case .failure(let error) = result, firstFailure == nil { firstFailure = error }
            }
        }

        var results: [Result<[[UInt8]], RenderError>] {
            lock.withLock { slots.map { $0 ?? .failure(GraphvizPool.notRun) } }
        }
    }

    /// Starts workers, up to ``size`` of them with those already idle, so that they start up
    /// (and warm Graphviz up: ``GraphvizWorker/serve(crashingOn:)``) while this process does
    /// other work, and the first jobs find them ready. A worker that cannot be started is
    /// left for the first job to report.
    package func prestart() {
        let wanted = condition.withLock { max(0, limit - idle.count - leased) }
        for _ in 0..<wanted {
            guard let worker = try? start() else { return }
            condition.withLock {
                if idle.count + leased < limit { idle.append(worker) } else { worker.stop() }
            }
        }
    }

    /// Starts ``size`` workers by forking this process (Linux), before it starts its second
    /// thread: `navviz animate` calls it first thing, so that its workers start up on the
    /// other core while navviz itself starts (signal handling, argument parsing, the
    /// document read), and without loading and relocating navviz's libraries again.
    /// ``prestart()`` then finds them idle. A spawned worker (posix_spawn of `navviz
    /// graphviz-worker`) costs some 29 ms of CPU before its first job; a 200-frame
    /// animation took 6 to 29 ms less CPU with its two workers forked (issue #30,
    /// `perf stat`). Does nothing on macOS (where a forked process may not use
    /// Foundation), with more than one thread, with `NAVVIZ_WORKER` set (another navviz is
    /// to serve the jobs), or when the workers are already there; a worker that cannot be
    /// forked is left for the first job to start.
    /// `count`: how many (default ``size``), the `--jobs` of the command line when it has one.
    package func forkWorkers(count: Int? = nil) {
        #if canImport(Glibc)
        guard ProcessInfo.processInfo.environment["NAVVIZ_WORKER"]?.isEmpty ?? true, PlatformProcess.isSingleThreaded else { return }
        let wanted = condition.withLock { marker == nil ? max(0, (count ?? limit) - idle.count - leased) : 0 }
        var forked: [GraphvizWorkerProcess] = []
        for _ in 0..<wanted {
            guard let worker = try? GraphvizWorkerProcess.fork() else { break }
            forked.append(worker)
        }
        condition.withLock {
            startCount += forked.count
            idle.append(contentsOf: forked)
        }
        #endif
    }

    /// Lends `body` a worker (started when first used, replaced when it dies or has run its
    /// budget), waiting while ``size`` leases are out.
    func withLease<T>(_ body: (Lease) throws(RenderError) -> T) throws(RenderError) -> T {
        let lease = Lease(pool: self, worker: acquire())
        defer { release(lease.worker) }
        return try body(lease)
    }

    /// A worker lent for a run of jobs.
    final class Lease {
        let pool: GraphvizPool
        fileprivate var worker: GraphvizWorkerProcess?

        fileprivate init(pool: GraphvizPool, worker: GraphvizWorkerProcess?) {
            self.pool = pool
            self.worker = worker
        }

        func run(_ job: GraphvizJob) throws(RenderError) -> [[UInt8]] {
            // Counted once, and only where Graphviz limits them (a scan of the job's DOT).
            let passes = GraphvizPool.markPassBudget == nil ? 0 : job.markPasses
            if let current = worker, !pool.keeps(current, for: passes) {
                current.stop()
                worker = nil
            }
            let current: GraphvizWorkerProcess
            if let worker { current = worker } else {
                current = try pool.start()
                worker = current
            }
            return try current.run(job, passes: passes)
        }
    }

    // MARK: Internals

    private func acquire() -> GraphvizWorkerProcess? {
        condition.lock()
        defer { condition.unlock() }
        while leased >= limit { condition.wait() }
        leased += 1
        return idle.popLast()
    }

    private func release(_ worker: GraphvizWorkerProcess?) {
        condition.lock()
        defer { condition.unlock() }
        leased -= 1
        if let worker {
            if keeps(worker) && idle.count < limit { idle.append(worker) } else { worker.stop() }
        }
        condition.signal()
    }

    /// Whether `worker` may take another job, one whose layout runs `passes` component passes
    /// (``GraphvizJob/markPasses``; for a worker going back to the pool, the fewest a `dot`
    /// layout runs): alive, under its job budget, and with room for those passes in its
    /// ``markPassBudget``. A worker that has run no `dot` layout takes any, however many
    /// passes, and any worker a job without a `dot` layout.
    private func keeps(_ worker: GraphvizWorkerProcess, for passes: Int = GraphvizJob.markPasses(dot: "")) -> Bool {
        guard worker.alive, worker.jobs < jobBudget else { return false }
        guard let budget = Self.markPassBudget, worker.markPasses > 0, passes > 0 else { return true }
        return worker.markPasses + passes <= budget
    }

    private func start() throws(RenderError) -> GraphvizWorkerProcess {
        guard let executable = Self.workerExecutable, FileManager.default.isExecutableFile(atPath: executable) else {
            throw .unavailable("cannot find the navviz executable to run Graphviz in (looked for '\(Self.workerExecutable ?? "navviz")')")
        }
        let arguments = crashMarker.map { [GraphvizWorker.crashOption, $0] } ?? []
        let worker = try GraphvizWorkerProcess.start(executable: executable, arguments: arguments)
        condition.withLock { startCount += 1 }
        return worker
    }
}
