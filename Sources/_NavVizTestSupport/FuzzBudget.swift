import Foundation

/// How many random documents go through the built binary (FuzzCommandTests). `swift test`
/// runs a small, fixed budget; `make fuzz-binary` raises it through the environment:
///
/// - `NAVVIZ_FUZZ_SEED`: the seed (default 1; a failure names its seed and case);
/// - `NAVVIZ_FUZZ_BINARY_RUNS`: cases run through the built binary (default 6);
/// - `NAVVIZ_FUZZ_SAVE`: a file each case is written to before it runs, so a crash leaves
///   its input behind.
///
/// Coverage-guided fuzzing of the libraries is libFuzzer's (Fuzz/, `make fuzz`).
public struct FuzzBudget: Sendable {
    public var seed: UInt64
    public var binaryRuns: Int
    public var savePath: String?

    /// The budget from the environment.
    public static var current: FuzzBudget {
        let env = ProcessInfo.processInfo.environment
        return FuzzBudget(seed: env["NAVVIZ_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1,
                          binaryRuns: env["NAVVIZ_FUZZ_BINARY_RUNS"].flatMap { Int($0) } ?? 6,
                          savePath: env["NAVVIZ_FUZZ_SAVE"])
    }

    /// Writes a case where a crash leaves it, when asked to.
    public func save(_ bytes: [UInt8], case i: Int) {
        guard let savePath else { return }
        _ = FileManager.default.createFile(atPath: savePath, contents: Data(bytes))
        _ = FileManager.default.createFile(atPath: savePath + ".case", contents: Data("seed \(seed) case \(i)\n".utf8))
    }
}
