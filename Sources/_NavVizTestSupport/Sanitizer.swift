import Foundation

/// The sanitizer the tests run under, if any: `make sanitize` sets `NAVVIZ_SANITIZER` to
/// `address` or `thread`. Its instrumentation (and, with `make sanitize ASAN_STACKS=whole`,
/// a whole stack unwound at every allocation) makes navviz several times slower, so tests
/// that bound a time scale the bound; and a navviz run with an environment of its own must
/// still get the sanitizer's options.
public enum Sanitizer {
    /// `address`, `thread`, or nil.
    public static let name = ProcessInfo.processInfo.environment["NAVVIZ_SANITIZER"]

    /// How much slower than a plain debug build: 1 without a sanitizer, 5 under ASan, 10
    /// under TSan.
    public static let slowdown: Double = switch name {
    case "address": 5
    case "thread": 10
    default: 1
    }

    /// `seconds` scaled by ``slowdown``.
    public static func seconds(_ seconds: TimeInterval) -> TimeInterval { seconds * slowdown }

    /// The sanitizers' variables of this process's environment (options, suppressions, the
    /// symbolizer, the backtracer's switch), for a child given an environment of its own: a
    /// child without PATH finds no symbolizer by itself, and suppressions match symbols.
    public static var environment: [String: String] {
        let names = ["NAVVIZ_SANITIZER", "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "ASAN_SYMBOLIZER_PATH", "SWIFT_BACKTRACE"]
        return ProcessInfo.processInfo.environment.filter { names.contains($0.key) }
    }
}
