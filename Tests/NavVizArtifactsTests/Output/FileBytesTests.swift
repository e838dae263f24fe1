import Foundation
import Testing
@testable import NavVizArtifacts

/// Reading a file's bytes whole or its first bytes, and nil for a file that is not there.
struct FileBytesTests {
    @Test func readsWholeOrTheFirstBytes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-filebytes-\(getpid())-\(UInt32.random(in: 0 ... .max))").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(FileBytes.contents(path) == bytes)
        #expect(FileBytes.contents(path, limit: 33) == Array(bytes.prefix(33)))
        #expect(FileBytes.contents(path, limit: 300_000) == bytes)
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(FileBytes.contents(path) == [])
        #expect(FileBytes.contents(path + ".missing") == nil)
        #expect(FileBytes.contents(FileManager.default.temporaryDirectory.path) == nil)  // a directory cannot be read
    }
}
