import FuzzDriver
import NavVizCore
import NavVizFiles
@_spi(Internals) import NavVizRender

/// One input read as the CLI reads it; a document's first and last frames in the `navviz`
/// dialect drawn as SVG by Graphviz (a `dot` layout in a worker process, as `navviz render`
/// does), and the frames laid out once as a stable layout (`dot`, in a worker) and drawn
/// pinned with `nop2` in this process, as `navviz animate` does. Graphviz's own C code is not
/// instrumented: coverage is navviz's side (DOT, the worker protocol, reading layouts back).
/// A Graphviz error is expected; a worker that crashed, or navviz crashing, is a finding.
func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(input)
    guard let loaded = try? DocumentFile.load(bytes: bytes, name: "fuzz", format: InputFormat.sniff(bytes)) else {
        return
    }
    let timeline = TimelineBuilder.build(loaded.document, dialect: .navviz)
    let frames = timeline.states.enumerated().filter { $0.offset < 3 || $0.offset == timeline.states.count - 1 }
    // Small trees only: a layout costs milliseconds per node, and the image limit is tested elsewhere.
    guard !frames.isEmpty, frames.allSatisfy({ $0.element.tree.count <= 40 }) else { return }
    let scenes = frames.map { TreeScene.make($0.element.tree, theme: .light, title: timeline.title, legend: $0.offset == 0) }
    check { () throws(RenderError) in _ = try Graphviz.shared.render(dot: DOTEncoder.encode(scenes[0]), format: .svg) }
    check { () throws(RenderError) in
        let layout = try StableLayout.compute(scenes)
        for scene in scenes {
            _ = try Graphviz.shared.render(dot: layout.dot(scene), format: .svg, engine: StableLayout.engine)
        }
    }
}

private func check(_ body: () throws(RenderError) -> Void) {
    do {
        try body()
    } catch {
        if case .crashed = error { fatalError("a Graphviz worker crashed: \(error)") }
        if "\(error)".isEmpty { fatalError("a render error without a message") }
    }
}

/// The program's entry (see Package.swift): `graphviz-worker` serves Graphviz jobs, as
/// `navviz graphviz-worker` does (the pool starts this executable for its `dot` layouts);
/// otherwise libFuzzer's driver with ``fuzz(_:)``.
@_cdecl("fuzz_graphviz_main")
public func fuzzMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt {
    if argc > 1, let first = argv?[1], String(cString: first) == "graphviz-worker" { GraphvizWorker.serve() }
    GraphvizPool.workerExecutable = GraphvizPool.runningExecutable
    return FuzzDriver.run(argc, argv, fuzz)
}
