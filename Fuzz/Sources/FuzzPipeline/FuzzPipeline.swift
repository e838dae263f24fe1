import FuzzDriver
import NavVizCore
import NavVizFiles
import NavVizRender

/// One input read as `navviz` reads it (format by content), then, if it is a document,
/// everything the commands make of it without Graphviz: redaction, the timeline in every
/// diff dialect with its text and JSON, diffs between frames in every dialect, routing,
/// scenes, Mermaid and DOT.
func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(input)
    guard let loaded = try? DocumentFile.load(bytes: bytes, name: "fuzz", format: InputFormat.sniff(bytes)) else {
        return
    }
    let document = loaded.document
    _ = Redaction.redact(document)
    if case .route(let request) = document {
        let result = Router.route(request)
        _ = OperationWriter.text(result.operations)
        _ = OperationWriter.jsonArray(result.operations)
        if let failure = result.failure { _ = failure.lines }
        for theme in [Theme.light, Theme.dark] {
            let scene = RouteScene.make(result, theme: theme, legend: true)
            _ = MermaidEncoder.fenced(scene)
            _ = DOTEncoder.encode(scene)
        }
    }
    for dialect in DiffDialect.allCases {
        let timeline = TimelineBuilder.build(document, dialect: dialect)
        if let failure = timeline.failure, failure.isEmpty { fatalError("\(dialect): a timeline failure without a message") }
        _ = TimelineWriter.text(timeline)
        _ = TimelineWriter.json(timeline)
        _ = TimelineWriter.text(Redaction.redact(timeline, of: document))
        for (f, frame) in timeline.states.enumerated() where f == 0 || f == timeline.states.count - 1 {
            _ = TreeWriter.render(frame.tree)
            let scene = TreeScene.make(frame.tree, theme: f == 0 ? .light : .dark, title: timeline.title, legend: true)
            _ = MermaidEncoder.fenced(scene)
            _ = DOTEncoder.encode(scene)
        }
        for (t, transition) in timeline.transitions.enumerated() where t < 3 {
            let before = timeline.states[t].tree, after = timeline.states[t + 1].tree
            _ = OperationWriter.text(transition.operations)
            _ = OperationWriter.jsonArray(transition.operations)
            let scene = DiffScene.make(old: before, new: after, operations: transition.operations, dialect: dialect,
                                       theme: .light, title: transition.label)
            _ = MermaidEncoder.fenced(scene)
            _ = DOTEncoder.encode(scene)
        }
    }
}

/// The program's entry (see Package.swift): libFuzzer's driver with ``fuzz(_:)``.
@_cdecl("fuzz_pipeline_main")
public func fuzzMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt { FuzzDriver.run(argc, argv, fuzz) }
