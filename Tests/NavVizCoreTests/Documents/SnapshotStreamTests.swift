import Foundation
import Testing
import NavVizCore
import _NavVizTestSupport

/// ``SnapshotStream`` reads the same frames as the whole-document reader, whatever the chunk
/// sizes, and leaves everything else to it.
struct SnapshotStreamTests {
    /// The stream over `bytes`, handed over `chunk` bytes at a time.
    static func stream(_ bytes: [UInt8], kind: SnapshotStream.Kind, chunk: Int) -> SnapshotStream {
        var offset = 0
        return SnapshotStream(kind: kind) { () throws(SnapshotStream.Irregular) -> [UInt8]? in
            guard offset < bytes.count else { return nil }
            let end = min(bytes.count, offset + chunk)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
    }

    /// Every frame, and the title; nil when the stream stops irregularly.
    static func read(_ text: String, kind: SnapshotStream.Kind = .sequence, chunk: Int) -> (frames: [Snapshot], title: String?)? {
        var s = stream(Array(text.utf8), kind: kind, chunk: chunk)
        var frames: [Snapshot] = []
        do {
            while let f = try s.next() { frames.append(f) }
        } catch {
            return nil
        }
        return (frames, s.title)
    }

    static let sequence = """
        {"navviz": 1,
         "frames": [
           {"label": "start", "tree": {"id": "tabs", "kind": "tabs", "active": "a", "children": [{"id": "a", "label": "A \\"quoted\\" ]}", "children": [{"id": "list"}]}, {"id": "b"}]}},
           {"tree": {"id": "tabs", "kind": "tabs", "active": "b", "children": [{"id": "a"}, {"id": "b", "context": {"token": "x{[,"}}]}},
           {"label": "null tree", "tree": null}
         ],
         "title": "brackets in strings"}
        """

    @Test(arguments: [1, 2, 3, 7, 64, 1 << 20])
    func sequenceMatchesTheWholeReader(chunk: Int) throws {
        guard case .sequence(let whole) = try Samples.document(Self.sequence) else {
            Issue.record("not a sequence")
            return
        }
        let streamed = try #require(Self.read(Self.sequence, chunk: chunk))
        #expect(streamed.frames == whole.snapshots)
        #expect(streamed.title == "brackets in strings")
    }

    @Test(arguments: [1, 5, 4096])
    func everySampleSequenceMatches(chunk: Int) throws {
        for name in PackagePaths.allSamples() where name.hasSuffix(".json") {
            let text = try String(contentsOfFile: PackagePaths.sample(name), encoding: .utf8)
            let document = try Samples.load(name)
            let streamed = Self.read(text, chunk: chunk)
            if case .sequence(let whole) = document {
                #expect(streamed?.frames == whole.snapshots, "\(name)")
                #expect(streamed?.title == whole.title, "\(name)")
            } else {
                #expect(streamed == nil, "\(name) is not a sequence, so the stream leaves it to the whole reader")
            }
        }
    }

    @Test(arguments: [1, 9, 4096])
    func logMatchesTheWholeReader(chunk: Int) throws {
        let log = "{\"label\": \"one\", \"tree\": {\"id\": \"root\"}}\r\n\n  \n{\"id\": \"root\", \"children\": [{\"id\": \"x\"}]}\nnull\n{\"tree\": {\"id\": \"last\"}}"
        guard case .sequence(let whole) = try DocumentReader.log(Array(log.utf8)) else {
            Issue.record("not a sequence")
            return
        }
        let streamed = try #require(Self.read(log, kind: .log, chunk: chunk))
        #expect(streamed.frames == whole.snapshots)
        #expect(streamed.frames.count == 4)
    }

    /// Anything the whole reader would report (or that is not a sequence) stops the stream.
    @Test(arguments: [
        ("snapshot", #"{"id": "root"}"#),
        ("script", #"{"initial": null, "steps": []}"#),
        ("unknown field", #"{"frames": [], "extra": 1}"#),
        ("unknown field first", #"{"extra": 1, "frames": []}"#),
        ("duplicate frames", #"{"frames": [], "frames": []}"#),
        ("duplicate title", #"{"title": "a", "frames": [], "title": "b"}"#),
        ("version", #"{"frames": [], "navviz": 2}"#),
        ("title type", #"{"frames": [], "title": 3}"#),
        ("escaped key", #"{"fr\u0061mes": []}"#),
        ("frame not an object", #"{"frames": [1]}"#),
        ("frame problem", #"{"frames": [{"tree": {"id": "a", "children": [{"id": "b"}, {"id": "b"}]}}]}"#),
        ("frame syntax", #"{"frames": [{"tree": {"id": "a",}}]}"#),
        ("missing comma", #"{"frames": [{"tree": null} {"tree": null}]}"#),
        ("truncated", #"{"frames": [{"tree": {"id": "a"}}"#),
        ("trailing text", #"{"frames": []} x"#),
        ("array", #"[]"#),
        ("empty object", #"{}"#),
        ("empty", ""),
    ])
    func irregularDocumentsStop(name: String, text: String) {
        #expect(Self.read(text, chunk: 3) == nil, "\(name)")
    }

    @Test func irregularLogLinesStop() {
        #expect(Self.read("{\"id\": \"a\"}\n{oops\n", kind: .log, chunk: 4) == nil)
        #expect(Self.read("{\"id\": \"a\", \"children\": [{\"id\": \"b\"}, {\"id\": \"b\"}]}\n", kind: .log, chunk: 4) == nil)
    }

    /// Frames come out one at a time: the stream reads no further than the frame it returns.
    @Test func readsNoFurtherThanNeeded() throws {
        let text = Self.sequence + String(repeating: " ", count: 10_000)
        var delivered = 0
        var s = SnapshotStream(kind: .sequence) { () throws(SnapshotStream.Irregular) -> [UInt8]? in
            let bytes = Array(text.utf8)
            guard delivered < bytes.count else { return nil }
            let end = min(bytes.count, delivered + 16)
            defer { delivered = end }
            return Array(bytes[delivered..<end])
        }
        _ = try s.next()
        #expect(delivered < 300)
    }

    /// A sequence streamed and diffed step by step gives the timeline built whole.
    @Test func stepperGivesTheWholeTimeline() throws {
        let document = try Samples.load("tab-switch.sequence.json")
        let whole = TimelineBuilder.build(document, dialect: .katana)
        var stepper = SequenceStepper(dialect: .katana)
        var s = Self.stream(Array(try String(contentsOfFile: PackagePaths.sample("tab-switch.sequence.json"), encoding: .utf8).utf8), kind: .sequence, chunk: 11)
        var steps: [TimelineStep] = []
        while let f = try s.next() { steps.append(stepper.step(f)) }
        #expect(steps.map(\.state) == whole.states)
        #expect(steps.compactMap(\.transition) == whole.transitions)
        #expect(steps.map(\.before?.label) == whole.steps.map(\.before?.label))
        var outline = TimelineOutline(title: whole.title, source: .sequence)
        for step in steps { outline.add(step) }
        #expect(outline.stateCount == whole.states.count)
        #expect(outline.transitionCount == whole.transitions.count)
        #expect(outline.operationCount == whole.allOperations.count)
        #expect(outline.last == whole.states.last)
    }
}
