import Foundation
import Testing
import NavVizCore
@_spi(Internals) @testable import NavVizRender
import _NavVizTestSupport

/// The one process boundary: `dot` layouts and animation frames run in worker processes
/// (`navviz graphviz-worker`, started with posix_spawn), restarted before Graphviz 2.42/2.43's
/// layout limit and after a crash, and gone with the process that started them.
struct GraphvizPoolTests {
    static let dot = "digraph { a -> b; subgraph cluster_0 { b; c } }"

    /// A diff scene of a tree of 2 to 6 tabs, with a change box (a cluster) in every other one.
    static func diffDOT(_ i: Int) -> String {
        var before = Tree(root: Node(id: "r", kind: "tabs"))
        var after = before
        for j in 0..<(2 + i % 5) {
            let a = before.addChild(Node(id: "t\(j)"), to: before.root!, makeActive: j == 0)
            before.addChild(Node(id: "t\(j)s"), to: a, makeActive: true)
            let b = after.addChild(Node(id: "t\(j)"), to: after.root!, makeActive: j == i % 2)
            after.addChild(Node(id: i % 2 == 0 ? "t\(j)s" : "t\(j)n"), to: b, makeActive: true)
        }
        let ops = TreeDiff.operations(from: before, to: after)
        return DOTEncoder.encode(DiffScene.make(old: before, new: after, operations: ops, dialect: .navviz, theme: .light))
    }

    /// runAll's runs: each worker takes its own jobs from the front, in order; one that runs
    /// out takes the back half of the longest run left. Whatever order the workers come in,
    /// every job is taken once, and each worker starts with its own share.
    @Test(arguments: [(10, 2), (33, 2), (32, 4), (5, 5), (1, 1)])
    func workersStealTheBackHalfOfTheLongestRun(jobs: Int, runs: Int) {
        var random = SplitMix(seed: UInt64(jobs * 31 + runs))
        let split = GraphvizPool.Runs(jobs: jobs, runs: runs)
        var taken: [[Int]] = Array(repeating: [], count: runs)
        var done = Set<Int>()
        while done.count < runs {
            let r = Int(random.next() % UInt64(runs))
            guard !done.contains(r) else { continue }
            if let i = split.take(r) { taken[r].append(i) } else { done.insert(r) }
        }
        #expect(taken.flatMap { $0 }.sorted() == Array(0..<jobs))
        // Before any steal, run r starts at its own share.
        for r in 0..<runs where !taken[r].isEmpty { #expect(taken[r][0] == r * jobs / runs) }
    }

    /// A small deterministic generator for the orders above.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// ``Scale/layouts`` `dot` layouts (300 in `make size`, 40 in `make test`) of diff scenes
    /// (change boxes are clusters) through one worker at a time: all succeed, and workers are
    /// restarted only on a Graphviz with the layout limit, before a layout could take a
    /// worker's component passes past ``GraphvizPool/markPassBudget``.
    @Test func manyDotLayoutsRestartWorkersOnlyWhereGraphvizNeedsIt() throws {
        let pool = GraphvizPool()
        pool.size = 1
        var count = 0
        var starts = 1, passes = 0
        for i in 0..<Scale.layouts {
            let dot = Self.diffDOT(i)
            let svg = try pool.run(.render(dot: dot, format: "svg", engine: "dot"))[0]
            if svg.starts(with: Array("<?xml".utf8)) { count += 1 }
            let more = GraphvizJob.markPasses(dot: dot)
            if let budget = GraphvizPool.markPassBudget, passes + more > budget { (starts, passes) = (starts + 1, 0) }
            passes += more
        }
        #expect(count == Scale.layouts)
        let version = try #require(GraphvizVersion(GraphvizVersion.headers))
        if GraphvizVersion.limitsDotLayouts(version) {
            #expect(GraphvizPool.markPassBudget == 255)
            #expect(pool.started == starts)
        } else {
            #expect(GraphvizPool.markPassBudget == nil)
            #expect(pool.started == 1)
        }
    }

    /// A worker's command line, as the pool starts it, read before anything else of navviz
    /// starts; any other is left to the argument parser (nil).
    @Test(arguments: [
        (["graphviz-worker"], .some(nil)),
        (["graphviz-worker", "--crash-on", "node-tab3"], .some("node-tab3")),
        (["graphviz-worker", "--crash-on", ""], .some(nil)),
        (["graphviz-worker", "--crash-on"], nil),
        (["graphviz-worker", "--crash-on=x"], nil),
        (["graphviz-worker", "--help"], nil),
        (["graphviz-worker", "--other", "x"], nil),
        (["graphviz-worker", "--crash-on", "x", "y"], nil),
        (["animate", "graphviz-worker"], nil),
        ([], nil),
    ] as [([String], String??)])
    func workerInvocation(arguments: [String], marker: String??) {
        let invocation = GraphvizWorker.Invocation(arguments: arguments)
        #expect(invocation.map(\.crashMarker) == marker)
    }

    /// A worker runs `dot` layouts until the next could take its mark past 255 passes: 85
    /// layouts of a graph without clusters (3 passes each) in one worker, the 86th in the
    /// next (on Graphviz 4.0 and later, all in one). Jobs without a `dot` layout between them
    /// take none of the budget.
    @Test func aWorkerRunsDotLayoutsUpToItsMarkPassBudget() throws {
        let pool = GraphvizPool()
        pool.size = 1
        let dot = "digraph { a -> b; b -> c }"
        #expect(GraphvizJob.markPasses(dot: dot) == 3)
        for _ in 0..<84 { _ = try pool.run(.render(dot: dot, format: "svg", engine: "dot")) }
        _ = try pool.run(.render(dot: "digraph { a [pos=\"0,0!\"] }", format: "svg", engine: StableLayout.engine))
        _ = try pool.run(.render(dot: dot, format: "svg", engine: "dot"))
        #expect(pool.started == 1)
        _ = try pool.run(.render(dot: dot, format: "svg", engine: "dot"))
        #expect(pool.started == (GraphvizPool.markPassBudget == nil ? 1 : 2))
    }

    /// How many component passes a `dot` layout may run, read from its DOT: 3, and 2 more per
    /// cluster, counted in any case and wherever the word appears; a `cluster` attribute
    /// makes every `{` a cluster; `pack` and `aspect` cannot be bounded; other engines run
    /// none.
    @Test(arguments: [
        ("digraph { a -> b }", 3),
        ("digraph { a -> b; subgraph cluster_0 { b; c } }", 5),
        ("digraph { subgraph cluster_0 { subgraph cluster_1 { a } } subgraph Cluster_2 { b } }", 9),
        ("digraph { a [label=\"no CLUSTER here\"] }", 5),
        ("digraph { subgraph s { cluster=true; a } subgraph t { b } }", 3 + 2 * (1 + 3)),
        ("digraph { pack=true; a; b }", GraphvizJob.unboundedPasses),
        ("digraph { \"packmode\" = \"graph\"; a }", GraphvizJob.unboundedPasses),
        ("digraph { aspect=2; a }", GraphvizJob.unboundedPasses),
        ("digraph { backpack; aspects; a -> backpack }", 3),
    ])
    func markPassesAreBoundedFromTheDOT(dot: String, passes: Int) {
        #expect(GraphvizJob.markPasses(dot: dot) == passes)
        #expect(GraphvizJob.render(dot: dot, format: "svg", engine: "dot").markPasses == passes)
        #expect(GraphvizJob.render(dot: dot, format: "svg", engine: StableLayout.engine).markPasses == 0)
    }

    /// On every Graphviz a worker retires after ``GraphvizPool/jobBudget`` jobs of any kind,
    /// so what Graphviz never frees in a worker is bounded however long the run.
    @Test func aWorkerRetiresAfterItsJobBudget() throws {
        let pool = GraphvizPool(jobBudget: 3)
        pool.size = 1
        for _ in 0..<7 {  // far under Graphviz 2.43's budget of component passes
            let svg = try pool.run(.render(dot: "digraph { a -> b }", format: "svg", engine: "dot"))[0]
            #expect(svg.starts(with: Array("<?xml".utf8)))
        }
        #expect(pool.started == 3)  // 7 jobs, 3 a worker
        #expect(GraphvizPool.defaultJobBudget > 10)
    }

    /// A worker that crashes during a job fails that job with `crashed` (never a hang); the
    /// next job gets a new worker.
    @Test func aCrashIsAnErrorAndTheNextJobGetsANewWorker() throws {
        let marker = "crash-marker-\(UUID().uuidString.prefix(8))"
        let pool = GraphvizPool()
        pool.crashMarker = marker
        pool.size = 1
        #expect(try pool.run(.render(dot: Self.dot, format: "svg", engine: "dot"))[0].count > 100)
        #expect(throws: RenderError.crashed("signal 6 (\(String(cString: strsignal(6))))")) {
            try pool.run(.render(dot: "digraph { \"\(marker)\" }", format: "svg", engine: "dot"))
        }
        #expect(try pool.run(.render(dot: Self.dot, format: "svg", engine: "dot"))[0].count > 100)
        #expect(pool.started == 2)
    }

    /// Frames are drawn in parallel, a run of consecutive frames per worker, in order; a
    /// frame that fails names itself, counting from the first number given.
    @Test func framesRunInParallelAndAFailureNamesItsFrame() throws {
        let pool = GraphvizPool()
        pool.size = 2
        let jobs = (0..<6).map { GraphvizJob.frame(dot: Self.diffDOT($0), engine: "dot", svg: true, png: false) }
        let results = pool.runAll(jobs)
        #expect(pool.started == 2)
        for (i, result) in results.enumerated() {
            let expected = try pool.run(.render(dot: Self.diffDOT(i), format: "svg", engine: "dot"))[0]
            #expect(try result.get() == [expected, []], "frame \(i) is not its own")
        }
        let frames = [Self.dot, "digraph { a -> }", Self.dot].map { Graphviz.FrameJob(dot: $0, engine: "dot", svg: true, png: true) }
        #expect {
            try Graphviz.shared.drawFrames(frames, firstNumber: 11)
        } throws: { error in
            guard case .frame(12, .invalidDOT) = error as? RenderError else { return false }
            return true
        }
    }

    /// Outside a worker, a `dot` layout never runs in this process.
    @Test func dotNeverRunsInThisProcess() {
        #expect(throws: RenderError.self) {
            try Graphviz.shared.drawFrame(.init(dot: Self.dot, engine: "dot", svg: true, png: false), encoder: PNGFrameEncoder())
        }
    }

    /// A worker ends when its socket is closed, and dies of SIGTERM and SIGINT even when the
    /// process that starts it blocks them (posix_spawn resets its signal mask and dispositions).
    @Test(arguments: [SIGTERM, SIGINT])
    func workersEndWithTheirSocketAndDieOfSignals(signal: Int32) throws {
        let executable = try #require(GraphvizPool.workerExecutable)
        let closed = try GraphvizWorkerProcess.start(executable: executable)
        #expect(try closed.run(.render(dot: Self.dot, format: "svg", engine: "dot"))[0].count > 100)
        let pid = closed.pid
        closed.stop()
        #expect(kill(pid, 0) != 0 && errno == ESRCH, "the worker outlived its socket")

        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, signal)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let worker = Result { () throws(RenderError) in try GraphvizWorkerProcess.start(executable: executable) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        let signalled = try worker.get()
        kill(signalled.pid, signal)
        #expect(throws: RenderError.crashed("signal \(signal) (\(String(cString: strsignal(signal))))")) {
            try signalled.run(.render(dot: Self.dot, format: "svg", engine: "dot"))
        }
    }
}

/// The worker's wire format.
struct GraphvizJobTests {
    @Test func jobsAndAnswersRoundTrip() throws {
        let jobs: [GraphvizJob] = [
            .render(dot: "digraph { a -> b }", format: "png", engine: "dot"),
            .frame(dot: "digraph { é }", engine: "nop2", svg: false, png: true),
            .frame(dot: "", engine: "dot", svg: true, png: true),
        ]
        for job in jobs {
            var stream = job.encoded()[...]
            let read: (Int) -> [UInt8]? = { n in
                guard stream.count >= n else { return nil }
                defer { stream = stream.dropFirst(n) }
                return Array(stream.prefix(n))
            }
            #expect(try GraphvizJob.read(read) == job)
            #expect(try GraphvizJob.read(read) == nil)
        }
        let answers: [Result<[[UInt8]], RenderError>] = [
            .success([[1, 2, 3], []]), .failure(.crashed("signal 11")), .failure(.failed(stage: "layout", messages: ["a", "b"])),
            .failure(.invalidDOT([])), .failure(.missingPlugin(format: "png", plugin: "cairo")),
            .failure(.mismatchedLibrary(built: "14.1.3", loaded: "2.43.0")), .failure(.unavailable("x")),
            .failure(.tooLarge(nodes: 9, limit: 5)),
        ]
        for answer in answers {
            var stream = GraphvizJob.encode(answer)[...]
            let decoded = try GraphvizJob.readAnswer { n in
                guard stream.count >= n else { return nil }
                defer { stream = stream.dropFirst(n) }
                return Array(stream.prefix(n))
            }
            #expect(decoded == answer)
        }
    }

    /// A message cut short or of an unknown kind is corrupt, never read as something else.
    @Test func corruptMessagesAreRefused() {
        let whole = GraphvizJob.render(dot: "digraph { a }", format: "svg", engine: "dot").encoded()
        for cut in [3, 12, whole.count - 1] {
            var stream = whole.prefix(cut)[...]
            #expect(throws: Wire.Corrupt.self) {
                try GraphvizJob.read { n in
                    guard stream.count >= n else { return nil }
                    defer { stream = stream.dropFirst(n) }
                    return Array(stream.prefix(n))
                }
            }
        }
        var unknown = whole
        unknown[0] = 9
        var stream = unknown[...]
        #expect(throws: Wire.Corrupt.self) {
            try GraphvizJob.read { n in
                defer { stream = stream.dropFirst(n) }
                return Array(stream.prefix(n))
            }
        }
    }
}
