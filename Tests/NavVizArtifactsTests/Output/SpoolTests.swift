import Foundation
import NavVizCore
import Testing
import _NavVizTestSupport
@testable import NavVizArtifacts

/// A spool gives back every row as it was appended, whether the row is still in its buffer,
/// was flushed with others, or was larger than the buffer; and its buffer never grows past
/// ``Spool/bufferSize`` (a long session's spools once doubled theirs to 2 MB each).
struct SpoolTests {
    @Test func rowsReadBackAcrossFlushesAndRowsLargerThanTheBuffer() throws {
        let tmp = try Scratch.directory("spool")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let staged = try OutputDirectory(tmp.appendingPathComponent("out").path)
        defer { staged.discard() }
        let spool = try Spool("rows", in: staged)
        var rows: [String] = []
        var sizes = [1, 17, 4_000, Spool.bufferSize - 3, 2, Spool.bufferSize + 5, 9, 3 * Spool.bufferSize, 1]
        // Many small rows, so that one lands across the buffer's edge.
        sizes += Array(repeating: 997, count: 2 * Spool.bufferSize / 997)
        for (i, size) in sizes.enumerated() {
            let row = "\"" + String(repeating: Character(UnicodeScalar(UInt8(97 + i % 26))), count: max(0, size - 2)) + "\""
            rows.append(row)
            try spool.append(JSONOutput.Written(writtenBefore: row))
            // The row just appended reads back before any flush.
            #expect(spool.row(i).text == row)
            // Never grown by doubling (its capacity is what was reserved, rounded up by malloc).
            #expect(spool.bufferCapacity < 2 * Spool.bufferSize)
        }
        #expect(spool.count == rows.count)
        for (i, row) in rows.enumerated() { #expect(spool.row(i).text == row, "row \(i)") }
        try spool.flush()
        for (i, row) in rows.enumerated() { #expect(spool.row(i).text == row, "row \(i) after the flush") }
        try spool.checkRead()
        try spool.reset()
        #expect(spool.count == 0)
        try spool.append(JSONOutput.Written(writtenBefore: "[1]"))
        #expect(spool.row(0).text == "[1]")
    }
}
