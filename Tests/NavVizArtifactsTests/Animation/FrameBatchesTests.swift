import Foundation
import NavVizCore
import Testing
@testable import NavVizArtifacts

/// ``FrameBatches`` reads a stream's frames a batch at a time, decoding each batch on all
/// cores, and hands out what ``SnapshotStream/next()`` hands out one frame at a time: the
/// same snapshots, the same ``SnapshotStream/Irregular`` after the same frames, the same
/// warnings and title, wherever a problem sits against the batches' edges.
struct FrameBatchesTests {
    /// What a reading gave: the snapshots, whether it stopped irregularly, the warnings and
    /// the title.
    struct Reading: Equatable {
        var snapshots: [Snapshot] = []
        var irregular = false
        var warnings: [DocumentWarning] = []
        var title: String?
    }

    static func stream(_ text: String, _ kind: SnapshotStream.Kind) -> SnapshotStream {
        let bytes = Array(text.utf8)
        var offset = 0
        return SnapshotStream(kind: kind) { () throws(SnapshotStream.Irregular) -> [UInt8]? in
            guard offset < bytes.count else { return nil }
            let end = min(bytes.count, offset + 100)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
    }

    static func oneByOne(_ text: String, _ kind: SnapshotStream.Kind) -> Reading {
        var stream = stream(text, kind)
        var reading = Reading()
        do {
            while let snapshot = try stream.next() { reading.snapshots.append(snapshot) }
        } catch {
            reading.irregular = true
        }
        (reading.warnings, reading.title) = (stream.warnings, stream.title)
        return reading
    }

    static func batched(_ text: String, _ kind: SnapshotStream.Kind) -> Reading {
        var stream = stream(text, kind)
        var batches = FrameBatches()
        var reading = Reading()
        do {
            while let snapshot = try batches.next(from: &stream) { reading.snapshots.append(snapshot) }
            // Asked again after the end: still the end.
            #expect(try batches.next(from: &stream) == nil)
        } catch {
            reading.irregular = true
        }
        (reading.warnings, reading.title) = (stream.warnings, batches.title(of: stream))
        return reading
    }

    /// Frame `i` of a generated recording: a stack `i % 5 + 1` screens deep.
    static func frame(_ i: Int) -> String {
        let screens = (0...(i % 5)).map { #"{"id": "s\#($0)"}"# }.joined(separator: ", ")
        return #"{"label": "step \#(i)", "tree": {"id": "nav", "kind": "stack", "children": [\#(screens)]}}"#
    }

    /// `count` frames, frame `broken` (if any) replaced by `replacement`.
    static func frames(_ count: Int, broken: Int? = nil, replacement: String = "") -> [String] {
        (0..<count).map { $0 == broken ? replacement : frame($0) }
    }

    static let edges = [0, 1, 6, 7, 8, 9, 15, 16, 17, 23]

    @Test func sequencesReadTheSame() {
        var texts = (1...26).map { #"{"navviz": 1, "title": "t", "frames": [\#(Self.frames($0).joined(separator: ",\n"))]}"# }
        for broken in Self.edges {
            // A frame the decoder refuses, one that is not JSON, and a missing comma after it.
            texts.append(#"{"frames": [\#(Self.frames(25, broken: broken, replacement: #"{"tree": {"id": "a", "children": [{"id": "b"}, {"id": "b"}]}}"#).joined(separator: ","))]}"#)
            texts.append(#"{"frames": [\#(Self.frames(25, broken: broken, replacement: #"{"tree": {"id": "a",}}"#).joined(separator: ","))]}"#)
            var parts = Self.frames(25)
            parts[broken] += " "
            texts.append(#"{"frames": [\#(parts.prefix(broken + 1).joined(separator: ",")) \#(parts.dropFirst(broken + 1).joined(separator: ","))]}"#)
        }
        texts.append(#"{"frames": [\#(Self.frames(20).joined(separator: ","))], "extra": 1}"#)
        for text in texts {
            let expected = Self.oneByOne(text, .sequence)
            #expect(Self.batched(text, .sequence) == expected, "\(text.prefix(120))")
        }
    }

    /// A reading that stops early (at the end of `--states`) has the title one frame at a
    /// time would have: the document's once its last frame is handed out, none before,
    /// however far the batch read.
    @Test func aReadingStoppedEarlyHasTheSameTitle() throws {
        for count in [1, 2, 7, 8, 9, 16, 17, 20] {
            let text = #"{"navviz": 1, "title": "t", "frames": [\#(Self.frames(count).joined(separator: ","))]}"#
            for stop in 1...count {
                var one = Self.stream(text, .sequence)
                for _ in 0..<stop { _ = try one.next() }
                var batched = Self.stream(text, .sequence)
                var batches = FrameBatches()
                for _ in 0..<stop { _ = try batches.next(from: &batched) }
                #expect(batches.title(of: batched) == one.title, "\(count) frames, stopped after \(stop)")
                #expect(one.title == (stop == count ? "t" : nil), "\(count) frames, stopped after \(stop)")
            }
        }
    }

    @Test func logsReadTheSame() {
        var texts = (1...26).map { Self.frames($0).joined(separator: "\n") + "\n" }
        for broken in Self.edges {
            // A cut last line (a warning), the same line followed by another (irregular), a
            // line the decoder refuses, and blank lines around.
            texts.append((Self.frames(broken) + [#"{"tree": {"id": "cu"#]).joined(separator: "\n") + "\n\n  \n")
            texts.append((Self.frames(broken) + [#"{"tree": {"id": "cu"#, Self.frame(1)]).joined(separator: "\n"))
            texts.append(Self.frames(25, broken: broken, replacement: #"{"id": "a", "children": [{"id": "b"}, {"id": "b"}]}"#).joined(separator: "\n"))
            texts.append(Self.frames(25, broken: broken, replacement: "").joined(separator: "\n\r\n"))
        }
        for text in texts {
            let expected = Self.oneByOne(text, .log)
            #expect(Self.batched(text, .log) == expected, "\(text.prefix(120))")
        }
        // The cases above are what they say.
        #expect(Self.oneByOne((Self.frames(9) + [#"{"tree": {"id": "cu"#]).joined(separator: "\n"), .log).warnings.count == 1)
        #expect(Self.oneByOne((Self.frames(9) + [#"{"tree": {"id": "cu"#, Self.frame(1)]).joined(separator: "\n"), .log).irregular)
    }
}
