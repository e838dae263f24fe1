import Foundation
import Testing
import _NavVizTestSupport
@testable import NavVizArtifacts

/// Freed memory goes back to the system when a chunk of frames is drawn (glibc only).
struct HeapTrimTests {
    #if canImport(Glibc)
    /// How many of the pages wholly inside `block` (of `size` bytes) are resident (mincore).
    static func residentPages(_ block: UnsafeMutableRawPointer, size: Int) -> Int {
        let page = Int(getpagesize())
        let start = (Int(bitPattern: block) + page - 1) / page * page, end = (Int(bitPattern: block) + size) / page * page
        guard end > start else { return 0 }
        var vector = [UInt8](repeating: 0, count: (end - start) / page)
        guard mincore(UnsafeMutableRawPointer(bitPattern: start), end - start, &vector) == 0 else { return 0 }
        return vector.reduce(0) { $0 + Int($1 & 1) }
    }

    /// 48 MB of 48 KB blocks freed between blocks still in use (so `free` itself cannot give
    /// their pages back) stay resident until the trim, which gives most of their pages back.
    /// Counted page by page (mincore) on the freed blocks themselves, in a process of its own
    /// (an exit test): in the suite's process, other tests running beside it allocated into
    /// the freed blocks before the trim (4,753 of 11,267 pages were back in use in one run).
    /// Not under a sanitizer, whose allocator is not glibc's.
    @Test(.enabled(if: Sanitizer.name == nil)) func freedPagesLeaveWithTheTrim() async {
        await #expect(processExitsWith: .success) {
            guard HeapTrim.isAvailable else { exit(2) }
            let size = 48 << 10
            var freed: [UnsafeMutableRawPointer] = [], kept: [UnsafeMutableRawPointer] = []
            for _ in 0..<1024 {
                guard let block = malloc(size), let small = malloc(64) else { exit(3) }
                memset(block, 1, size)
                freed.append(block)
                kept.append(small)
            }
            let pages = freed.reduce(0) { $0 + HeapTrimTests.residentPages($1, size: size) }
            for block in freed { free(block) }
            HeapTrim.now()
            // Pages of a freed block stay mapped (the heap goes on past them); only what the
            // trim gave back is gone. free keeps a few words at a block's start and end.
            let left = freed.reduce(0) { $0 + HeapTrimTests.residentPages($1, size: size) }
            kept.forEach { free($0) }
            FileHandle.standardError.write(Data("\(left) of \(pages) pages resident after the trim\n".utf8))
            exit(pages > 10_000 && left * 4 < pages ? 0 : 1)
        }
    }
    #else
    @Test func doesNothingWithoutGlibc() {
        #expect(!HeapTrim.isAvailable)
        HeapTrim.now()
    }
    #endif
}
