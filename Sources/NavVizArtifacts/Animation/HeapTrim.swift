#if canImport(Glibc)
import Glibc
#endif

/// Gives the pages of memory freed since the last call back to the system: glibc's
/// `malloc_trim(0)`, on Linux only.
///
/// A chunk of frames (``AnimationRenderer/Drawing/framesPerChunk``) makes some 10 to 20 MB of
/// short-lived blocks (each frame's SVG of ~200 KB, its captioned copy, the chunk's scenes)
/// on the drawing thread and the dispatch threads beside it. glibc keeps the pages under
/// what they free in those threads' arenas, so the process's resident memory grew with the
/// number of frames although the heap in use did not (docs/performance.md, issue-30c).
/// Trimming once a chunk is drawn gives them back. What it costs, measured on 1,000 frames
/// of the benchmark's sequence: 37 calls, 0.067 s of CPU in all, and the next chunks fault
/// the pages in again (127,521 minor page faults against 92,209 without, one run each).
///
/// Elsewhere (macOS, whose allocator returns the pages itself; a C library without
/// `malloc_trim`) it does nothing. Looked up at run time, so navviz links nothing more.
enum HeapTrim {
    #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    #endif

    /// Whether this C library can give freed pages back on request.
    static var isAvailable: Bool {
        #if canImport(Glibc)
        trim != nil
        #else
        false
        #endif
    }

    /// Gives the free pages of every arena back to the system.
    static func now() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
