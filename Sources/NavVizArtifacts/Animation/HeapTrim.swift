#if canImport(Glibc)
import Glibc
#endif

/// Gives the pages of memory freed since the last call back to the system: glibc's
/// `malloc_trim(0)`, on Linux only.
///
/// A chunk of frames (``AnimationRenderer/Drawing/framesPerChunk``) makes some 10 to 20 MB of
/// short-lived blocks (each frame's SVG of ~200 KB, its captioned copy, the chunk's scenes),
/// on the drawing thread and the dispatch threads beside it. glibc keeps what they free in
/// the arena of the thread that allocated it, and a thread's arena never gives back the
/// pages under a block still in use: over a long animation more threads take turns, their
/// arenas each keep their own high-water mark, and the process's resident memory grew with
/// the number of frames although the memory in use did not. Trimming once a chunk is drawn
/// releases those pages (a walk over the free lists, well under a millisecond a chunk
/// against the chunk's tens of milliseconds).
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
