import CLibFuzzer

/// What every fuzz target shares: handing its one-input function to libFuzzer, and the check
/// that an error navviz reports is a proper one.
///
/// A target's entry is one line (see Package.swift for why it is not libFuzzer's own main):
///
/// ```swift
/// @_cdecl("fuzz_readers_main")
/// public func fuzzMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt { FuzzDriver.run(argc, argv, fuzz) }
/// ```
public enum FuzzDriver {
    /// The C `argv` a program's entry is given.
    public typealias Arguments = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    /// The target's one-input function. libFuzzer calls its callback on the thread that called
    /// ``run(_:_:_:)``, one input at a time, and a C callback cannot capture a closure: hence
    /// a global, set once before the driver starts.
    nonisolated(unsafe) private static var target: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }

    /// Runs libFuzzer's driver (its flags and corpus folders in `argv`) over `target`, which
    /// is given each input's bytes; returns the driver's exit status.
    public static func run(_ argc: CInt, _ argv: Arguments, _ target: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> CInt {
        Self.target = target
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
    }

    /// Gives one input to the target.
    fileprivate static func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        target(UnsafeBufferPointer(start: data, count: size))
    }

    /// Stops the run (a finding) unless `lines`, an error's lines, are each `FILE…: error: …`
    /// for the input named `file`, as the CLI prints them. `what` says what was being done.
    public static func expectErrorLines(_ lines: [String], file: String, _ what: String) {
        if lines.isEmpty || lines.contains(where: { !$0.hasPrefix(file) || !$0.contains(": error: ") }) {
            fatalError("\(what): an error without a proper message: \(lines)")
        }
    }
}

/// libFuzzer's one-input entry: its runtime refers to the symbol (its own main, which the
/// targets do not start through, calls it), so every target links it; ``FuzzDriver/run(_:_:_:)``
/// hands the driver the same function.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.fuzz(data, size)
    return 0
}
