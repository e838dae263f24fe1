import Foundation

/// What Graphviz and the libraries under it print straight to stderr, caught around each
/// call so it never reaches the user as a raw line.
///
/// Most of Graphviz reports through `agerr`, which ``GraphvizMessages`` collects, but some
/// of it writes with `fprintf(stderr, …)`: the cairo renderer's `(null): graph is too large
/// for cairo-renderer bitmaps. Scaling by 0.046 to fit` (`(null)` being the command name a
/// library user never sets), and pango's and fontconfig's warnings. While a call runs, file
/// descriptor 2 points at an unlinked temporary file (a file, not a pipe: nothing the
/// libraries write can fill it and block them); afterwards stderr is restored and the file's
/// lines are returned. Only used under ``Graphviz``'s lock, in the process that runs the
/// layout (a worker process catches its own).
enum GraphvizStderr {
    /// The capture file, made on first use (nil where none can be made: stderr is then left
    /// alone). Set once (a static's initialiser runs once, atomically), never changed.
    private static let file: Int32? = {
        guard let f = tmpfile() else { return nil }
        return dup(fileno(f))  // the FILE stays open for the life of the process
    }()

    /// Runs `body` with stderr caught; returns how it ended and the lines it printed.
    static func capture<T>(_ body: () throws(RenderError) -> T) -> (Result<T, RenderError>, [String]) {
        func run() -> Result<T, RenderError> {
            do throws(RenderError) { return .success(try body()) } catch { return .failure(error) }
        }
        guard let file else { return (run(), []) }
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        guard saved >= 0 else { return (run(), []) }
        _ = ftruncate(file, 0)
        _ = lseek(file, 0, SEEK_SET)
        dup2(file, STDERR_FILENO)
        let result = run()
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        return (result, lines())
    }

    /// The lines in the capture file.
    private static func lines() -> [String] {
        guard let file else { return [] }
        let size = Int(lseek(file, 0, SEEK_END))
        guard size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: min(size, 65_536))
        let n = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return [] }
        return String(decoding: bytes[0..<n], as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The scale the cairo renderer announced it shrank a bitmap by, if it did.
    static func bitmapScale(_ lines: [String]) -> Double? {
        for line in lines where line.contains("too large for cairo-renderer bitmaps") {
            guard let range = line.range(of: "Scaling by ") else { return 0 }
            return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" }) ?? 0
        }
        return nil
    }
}
