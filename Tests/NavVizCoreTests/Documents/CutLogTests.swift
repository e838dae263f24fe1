import Foundation
import Testing
import NavVizCore
import _NavVizTestSupport

/// A log whose last line was cut off (an app that stopped mid-write) reads its complete lines
/// with a warning, in the whole reader and in the stream alike; a broken line elsewhere, or
/// any cut line with `strict`, is an error.
struct CutLogTests {
    static let complete = [
        #"{"tree": {"id": "tabs", "kind": "tabs", "active": "a", "children": [{"id": "a"}, {"id": "b"}]}}"#,
        #"{"label": "switch", "tree": {"id": "tabs", "kind": "tabs", "active": "b", "children": [{"id": "a"}, {"id": "b", "context": {"token": "é1"}}]}}"#,
    ]

    /// Every proper prefix of a valid line is cut; the whole line and broken lines are not.
    @Test func everyPrefixOfALineIsCut() {
        for line in Self.complete {
            let bytes = Array(line.utf8)
            for end in 1..<bytes.count {
                #expect(JSONPrefix.isCut(bytes[..<end]), "prefix \(end) of \(line)")
            }
            #expect(!JSONPrefix.isCut(bytes))
        }
        for broken in [#"{"tree": {"id": "a"}]"#, #"{"tree" {"#, #"{"tree": tru"#.replacingOccurrences(of: "tru", with: "trx"),
                       #"{"a": "\q"#, "garbage", #"{"tree": {"id": "a"}} x"#, "", "   "] {
            #expect(!JSONPrefix.isCut(Array(broken.utf8)), "\(broken)")
        }
    }

    static func cutLog(at cut: Int) -> String {
        let last = Self.complete[1]
        return Self.complete.joined(separator: "\n") + "\n" + String(last.utf8.prefix(cut))!
    }

    @Test(arguments: [1, 10, 47, 100])
    func wholeReaderWarnsAndKeepsTheCompleteLines(cut: Int) throws {
        var warnings: [DocumentWarning] = []
        let document = try DocumentReader.log(Array(Self.cutLog(at: cut).utf8), warnings: &warnings)
        guard case .sequence(let s) = document else { Issue.record("not a sequence"); return }
        #expect(s.snapshots.count == 2)
        #expect(warnings == [.cutLastLine(line: 3, complete: 2)])
        #expect(warnings[0].diagnostic(file: "app.ndjson").description.hasPrefix("app.ndjson:3: warning: the last line is cut off"))
    }

    @Test func strictMakesTheCutLineAnError() {
        var warnings: [DocumentWarning] = []
        #expect(throws: DocumentError.self) {
            _ = try DocumentReader.log(Array(Self.cutLog(at: 47).utf8), strict: true, warnings: &warnings)
        }
        #expect(Samples.logError(Self.cutLog(at: 47)) == nil)
    }

    @Test func aBrokenLineInTheMiddleStaysAnError() throws {
        let text = Self.complete[0] + "\n" + String(Self.complete[1].prefix(40)) + "\n" + Self.complete[1] + "\n"
        let error = try #require(Samples.logError(text))
        #expect(error.diagnostics(file: "x.ndjson").map(\.description).first?.hasPrefix("x.ndjson:2: error: invalid JSON") == true)
        // A cut line followed by blank lines is still the last line.
        #expect(Samples.logError(Self.cutLog(at: 30) + "\n\n  \n") == nil)
        // A last line that is complete JSON but not a snapshot is an error, not a cut.
        #expect(Samples.logError(Self.complete[0] + "\n[1, 2]") != nil)
        // A last line that breaks the grammar before its end is an error.
        #expect(Samples.logError(Self.complete[0] + "\n{\"tree\": }") != nil)
    }

    @Test(arguments: [1, 3, 16, 1 << 16])
    func streamMatchesTheWholeReader(chunk: Int) throws {
        for cut in [5, 47, 120] {
            let text = Self.cutLog(at: cut) + (cut == 120 ? "\n\n" : "")
            var stream = SnapshotStreamTests.stream(Array(text.utf8), kind: .log, chunk: chunk)
            var frames: [Snapshot] = []
            while let f = try stream.next() { frames.append(f) }
            var warnings: [DocumentWarning] = []
            guard case .sequence(let whole) = try DocumentReader.log(Array(text.utf8), warnings: &warnings) else { return }
            #expect(frames == whole.snapshots)
            #expect(stream.warnings == warnings)
            #expect(stream.warnings.count == 1)
        }
    }

    @Test func strictStreamAndAMiddleLineLeaveItToTheWholeReader() {
        var strict = SnapshotStreamTests.stream(Array(Self.cutLog(at: 47).utf8), kind: .log, chunk: 7)
        strict.strict = true
        #expect(throws: SnapshotStream.Irregular.self) { while try strict.next() != nil {} }
        let middle = Self.complete[0] + "\n" + String(Self.complete[1].prefix(40)) + "\n" + Self.complete[1] + "\n"
        var stream = SnapshotStreamTests.stream(Array(middle.utf8), kind: .log, chunk: 7)
        #expect(throws: SnapshotStream.Irregular.self) { while try stream.next() != nil {} }
    }
}
