import Foundation
import Testing
@testable import NavVizArtifacts

/// Freed memory goes back to the system when a chunk of frames is drawn (glibc only).
struct HeapTrimTests {
    /// Resident bytes of this process (Linux's /proc/self/statm), nil elsewhere.
    static func resident() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? Int(fields[1]).map { $0 * Int(getpagesize()) } : nil
    }

    #if canImport(Glibc)
    /// 48 MB of 48 KB blocks freed between blocks still in use (so `free` itself cannot give
    /// their pages back) stay resident until the trim, which gives most of them back.
    @Test func freedPagesLeaveWithTheTrim() throws {
        #expect(HeapTrim.isAvailable)
        var freed: [UnsafeMutableRawPointer] = [], kept: [UnsafeMutableRawPointer] = []
        for _ in 0..<1024 {
            let block = malloc(48 << 10)!
            memset(block, 1, 48 << 10)
            freed.append(block)
            kept.append(malloc(64)!)
        }
        defer { kept.forEach { free($0) } }
        for block in freed { free(block) }
        let before = try #require(Self.resident())
        HeapTrim.now()
        let after = try #require(Self.resident())
        // Other tests allocate meanwhile; half of the 48 MB is a margin they cannot eat.
        #expect(before - after > 24 << 20, "resident \(before >> 20) MB before the trim, \(after >> 20) MB after")
    }
    #else
    @Test func doesNothingWithoutGlibc() {
        #expect(!HeapTrim.isAvailable)
        HeapTrim.now()
    }
    #endif
}
