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
    /// Counted page by page (mincore) on the freed blocks themselves, so other tests
    /// allocating meanwhile do not count; a trim another test runs meanwhile only gives the
    /// pages back sooner. Not under a sanitizer, whose allocator is not glibc's.
    @Test(.enabled(if: Sanitizer.name == nil)) func freedPagesLeaveWithTheTrim() throws {
        #expect(HeapTrim.isAvailable)
        let size = 48 << 10
        var freed: [UnsafeMutableRawPointer] = [], kept: [UnsafeMutableRawPointer] = []
        for _ in 0..<1024 {
            let block = try #require(malloc(size))
            memset(block, 1, size)
            freed.append(block)
            kept.append(try #require(malloc(64)))
        }
        defer { kept.forEach { free($0) } }
        let pages = freed.reduce(0) { $0 + Self.residentPages($1, size: size) }
        #expect(pages > 10_000, "\(pages) pages resident after writing 48 MB")
        for block in freed { free(block) }
        HeapTrim.now()
        // Pages of a freed block stay mapped (the heap goes on past them); only what the
        // trim gave back is gone. free keeps a few words at a block's start and end.
        let left = freed.reduce(0) { $0 + Self.residentPages($1, size: size) }
        #expect(left * 4 < pages, "\(left) of \(pages) pages still resident after the trim")
    }
    #else
    @Test func doesNothingWithoutGlibc() {
        #expect(!HeapTrim.isAvailable)
        HeapTrim.now()
    }
    #endif
}
