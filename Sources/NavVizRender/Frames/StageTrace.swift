#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When each stage of an animation starts and ends, for a developer finding where a run's
/// wall-clock time goes: with `NAVVIZ_TRACE=FILE` in the environment, ``mark(_:)`` appends one
/// line to `FILE`, `MICROSECONDS PID TEXT`, the microseconds those of the system's real-time
/// clock (so that a script that noted the time before starting navviz can align the lines
/// with its own clock). Without it, a mark is one test of a flag.
///
/// The marks are the stages the animation's critical path runs through (the planning of each
/// layout window, the windows' layouts, the looks the workers draw and how long the main
/// thread waits for them, each chunk prepared and finished, the output committed); the
/// timeline they gave is in docs/performance.md ("Issue-30n"). Each line is written with
/// one `write(2)` to a file opened for appending, so lines from several threads never
/// interleave. A file that cannot be opened turns tracing off.
package enum StageTrace {
    /// The file's descriptor, or -1 when not tracing.
    private static let descriptor: Int32 = {
        guard let path = getenv("NAVVIZ_TRACE"), path.pointee != 0 else { return -1 }
        return open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    }()

    /// Whether marks are written (a mark's text is built only then).
    private static var isOn: Bool { descriptor >= 0 }

    /// Appends `text` (one line) with the time and this process's number.
    package static func mark(_ text: @autoclosure () -> String) {
        guard isOn else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let micros = Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
        let line = Array("\(micros) \(getpid()) \(text())\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Milliseconds since `start` (a reading of ``now()``), to one decimal: how long a stage
    /// took, for its mark.
    package static func since(_ start: UInt64) -> String {
        let tenths = (now() &- start) / 100_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    /// A monotonic clock reading in nanoseconds, for ``since(_:)``; 0 when not tracing (the
    /// clock is not read).
    package static func now() -> UInt64 {
        guard isOn else { return 0 }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
