import Foundation

/// How much fuzzing a run does. `swift test` runs a small, fixed budget (a few seconds);
/// `make fuzz` raises it through the environment:
///
/// - `NAVVIZ_FUZZ_SEED`: the seed (default 1; a failure names its seed and case);
/// - `NAVVIZ_FUZZ_ITERATIONS`: in-process cases (default 300);
/// - `NAVVIZ_FUZZ_SECONDS`: run for this long instead, whatever the iteration count;
/// - `NAVVIZ_FUZZ_BINARY_RUNS`: cases run through the built binary (default 6);
/// - `NAVVIZ_FUZZ_SAVE`: a file each case is written to before it runs, so a crash leaves
///   its input behind.
public struct FuzzBudget: Sendable {
    public var seed: UInt64
    public var iterations: Int
    public var seconds: Double?
    public var binaryRuns: Int
    public var savePath: String?

    /// The budget from the environment.
    public static var current: FuzzBudget {
        let env = ProcessInfo.processInfo.environment
        return FuzzBudget(seed: env["NAVVIZ_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1,
                          iterations: env["NAVVIZ_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 300,
                          seconds: env["NAVVIZ_FUZZ_SECONDS"].flatMap { Double($0) },
                          binaryRuns: env["NAVVIZ_FUZZ_BINARY_RUNS"].flatMap { Int($0) } ?? 6,
                          savePath: env["NAVVIZ_FUZZ_SAVE"])
    }

    /// Whether case `i` (counting from 0) should run, given when the run started.
    public func allows(_ i: Int, started: Date) -> Bool {
        if let seconds { return Date().timeIntervalSince(started) < seconds }
        return i < iterations
    }

    /// Writes a case where a crash leaves it, when asked to.
    public func save(_ bytes: [UInt8], case i: Int) {
        guard let savePath else { return }
        _ = FileManager.default.createFile(atPath: savePath, contents: Data(bytes))
        _ = FileManager.default.createFile(atPath: savePath + ".case", contents: Data("seed \(seed) case \(i)\n".utf8))
    }
}
