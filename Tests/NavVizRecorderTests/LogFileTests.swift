import Foundation
import Testing
@testable import NavVizRecorder
import NavVizCore

/// The file the recorder writes continuously: in order of time whatever the threads, and
/// whole when it refuses writes for a while (Data Protection "Complete" on a locked device)
/// or cuts one short.
struct LogFileTests {
    /// A `write(2)` that refuses with EPERM while `locked`, as a file under Data Protection
    /// "Complete" does while the device is locked, or writes at most `short` bytes a call.
    final class Device: @unchecked Sendable {
        var locked = false
        var short: Int?
        var refused = 0
        func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
            if locked {
                refused += 1
                errno = EPERM
                return -1
            }
            if let short, count > short {
                self.short = nil
                locked = true   // the rest is refused: the line is cut inside the file's bytes
                return Foundation.write(fd, bytes, short)
            }
            return Foundation.write(fd, bytes, count)
        }
    }

    static func lines(_ url: URL) throws -> [String?] {
        try RecorderTests.read(Data(contentsOf: url)).map(\.label)
    }

    @Test func linesRefusedWhileLockedAreWrittenInOrderAfterwards() throws {
        let recorder = NavigationRecorder()
        let file = RecorderTests.temporary("locked.ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        let device = Device()
        recorder.record(RecorderTests.tree(1), label: "launch")
        try recorder.startWriting(to: file, write: device.write)
        device.locked = true
        recorder.record(RecorderTests.tree(2), label: "locked 1")
        recorder.record(RecorderTests.tree(3), label: "locked 2")
        #expect(try Self.lines(file) == ["launch"])
        var status = recorder.writeStatus
        #expect(status.written == 1)
        #expect(status.waiting == 2)
        #expect(status.lost == 0)
        #expect(status.failures == 2)
        #expect(status.lastError == "operation not permitted")
        device.locked = false
        recorder.flush()
        #expect(try Self.lines(file) == ["launch", "locked 1", "locked 2"])
        recorder.record(RecorderTests.tree(4), label: "unlocked")
        try recorder.stopWriting()
        #expect(try Self.lines(file) == ["launch", "locked 1", "locked 2", "unlocked"])
        status = recorder.writeStatus
        #expect(status.written == 4)
        #expect(status.waiting == 0)
        #expect(status.lost == 0)
    }

    /// A write cut short: the rest of the line is written first, so no line is broken.
    @Test func aShortWriteIsCompletedBeforeTheNextLine() throws {
        let recorder = NavigationRecorder()
        let file = RecorderTests.temporary("short.ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        let device = Device()
        try recorder.startWriting(to: file, write: device.write)
        recorder.record(RecorderTests.tree(1), label: "a")
        device.short = 20
        recorder.record(RecorderTests.tree(2), label: "b")
        #expect(try Data(contentsOf: file).count == recorder.records[0].line.count + 20)
        device.locked = false
        recorder.record(RecorderTests.tree(3), label: "c")
        try recorder.stopWriting()
        #expect(try Self.lines(file) == ["a", "b", "c"])
    }

    /// More refused lines than the recorder keeps: the oldest are lost, counted, and
    /// stopWriting reports why in the system's words.
    @Test func linesLostWhileLockedAreReported() throws {
        let recorder = NavigationRecorder(capacity: 2)
        let file = RecorderTests.temporary("lost.ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        let device = Device()
        device.locked = true
        try recorder.startWriting(to: file, write: device.write)
        for n in 1...5 { recorder.record(RecorderTests.tree(n), label: "r\(n)") }
        #expect(recorder.writeStatus.waiting == 2)
        #expect(recorder.writeStatus.lost == 3)
        #expect(throws: LogWriteError(code: EPERM)) { try recorder.stopWriting() }
        #expect(LogWriteError(code: EPERM).description == "cannot write the navigation log: operation not permitted")
        #expect(recorder.writeStatus.lost == 5)
        // Recording goes on, in memory.
        #expect(recorder.records.map(\.label) == ["r4", "r5"])
        try recorder.stopWriting()
    }

    /// Times are read under the recorder's lock: in the order records are kept, whatever
    /// the threads (before, each record read the clock before taking the lock).
    @Test func recordTimesNeverGoBackwards() throws {
        let ticks = Ticks()
        let recorder = NavigationRecorder(capacity: 2000, clock: { ticks.next() })
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for n in 0..<200 { recorder.record(RecorderTests.tree(n), label: "t\(thread)") }
        }
        let times = recorder.records.map(\.time)
        #expect(times.count == 1600)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }
}

/// A line cut short by a refused write is never dropped when lines are lost: the file gets
/// its rest before anything else, so no line in its middle is cut.
struct LogFileLossTests {
    @Test func theRestOfABegunLineIsKeptWhenLinesAreLost() throws {
        let recorder = NavigationRecorder(capacity: 2)
        let file = RecorderTests.temporary("begun.ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        let device = LogFileTests.Device()
        try recorder.startWriting(to: file, write: device.write)
        device.short = 10
        for n in 1...6 { recorder.record(RecorderTests.tree(n), label: "r\(n)") }
        #expect(recorder.writeStatus.lost == 4)
        device.locked = false
        recorder.flush()
        try? recorder.stopWriting()
        #expect(try LogFileTests.lines(file) == ["r1", "r6"])
    }
}

/// What a stream asks for after each batch: the kept records numbered after N, oldest first,
/// at most a limit, found by number (not by copying the ring), the same as filtering the kept
/// records in order, before and after the ring wraps and after a clear.
struct RecordsAfterTests {
    @Test(arguments: [1, 3, 7])
    func recordsAfterANumberAreTheKeptOnesInOrder(capacity: Int) {
        let recorder = NavigationRecorder(capacity: capacity)
        for made in 0...(capacity * 3) {
            if made == capacity * 2 { recorder.clear() }
            for number in -1...(made + 1) {
                for limit in [0, 1, 2, capacity + 1] {
                    let expected = Array(recorder.records.filter { $0.number > number }.prefix(limit)).map(\.number)
                    #expect(recorder.records(after: number, limit: limit).map(\.number) == expected, "made \(made), after \(number), limit \(limit)")
                }
            }
            recorder.record(NavigationNode(id: "screen\(made)"))
        }
    }
}
