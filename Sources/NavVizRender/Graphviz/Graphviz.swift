import Foundation
internal import CGraphviz

/// The one owner of libgvc in the process. libgvc keeps global state and is not thread-safe,
/// so every call goes through ``shared`` under one lock. C pointers never leave the Graphviz
/// folder (this file, the reader, the raster device and its canvas; GraphvizVersion reads
/// only the headers' version macro): every graph parsed here is closed and every buffer freed
/// before a call returns.
///
/// No layout runs in navviz's own process: `dot` layouts and `nop2` drawings (frames and
/// looks pinned to a stable layout) go to a worker process of `GraphvizPool` (as do
/// animation frames, see `drawFrames(_:)`), where this owner runs them in-process. What
/// stays here is parsing DOT (the geometry of a layout a worker wrote back) and the version:
/// Graphviz 2.43 keeps about a kilobyte of every HTML label it lays out (`htmlparse`), which
/// grew navviz's own process by 25 MB over a 20,000-frame animation, while a worker retires
/// after `GraphvizPool/jobBudget` jobs.
///
/// `@unchecked Sendable`: every mutable property (the context, its devices and raster
/// device, the start failure, `isWorker`) is read and written only with `lock` held.
public final class Graphviz: @unchecked Sendable {
    /// The process-wide owner.
    public static let shared = Graphviz()

    /// Largest graph drawn as an image; bigger trees are refused with a clear message.
    public static let maxImageNodes = 5_000


    private let lock = NSLock()
    private var context: OpaquePointer?
    /// Why the context cannot be used (a libgvc of another release), reported by every call.
    private var startFailure: RenderError?
    private var devices: Set<String> = []
    /// navviz's raster device, installed with the context and living as long as it.
    private var raster: GraphvizRasterDevice?
    /// Set in a worker process (``GraphvizWorker``), where every engine runs in-process.
    private var isWorker = false

    private init() {}

    /// Renders DOT text to an image with libgvc (a `dot` layout in a worker process, see
    /// `GraphvizPool`; other engines in this process).
    public func render(dot: String, format: ImageFormat, engine: String = "dot") throws(RenderError) -> [UInt8] {
        try render(dot: dot, format: format.rawValue, engine: engine)
    }

    /// Renders to `format`: an ``ImageFormat``'s name, or `dot` for the laid-out graph as DOT.
    func render(dot: String, format: String, engine: String) throws(RenderError) -> [UInt8] {
        if needsWorker {
            return try GraphvizPool.shared.run(.render(dot: dot, format: format, engine: engine))[0]
        }
        return try withContext { gvc throws(RenderError) in
            let device: String
            if let image = ImageFormat(rawValue: format) {
                try checkPlugin(image)
                device = image.device
            } else {
                device = format
            }
            return try withGraph(dot) { graph throws(RenderError) in
                try layout(gvc, graph, engine: engine)
                defer { gvFreeLayout(gvc, graph) }
                return try renderData(gvc, graph, device: device, name: format)
            }
        }
    }

    /// Renders each of `dots` to `format` (as ``render(dot:format:engine:)``) on the pool's
    /// workers in parallel; each result in order.
    package func renderAll(dots: [String], format: ImageFormat, engine: String) -> [Result<[UInt8], RenderError>] {
        guard needsWorker else {
            return dots.map { dot in Result { () throws(RenderError) in try render(dot: dot, format: format, engine: engine) } }
        }
        let start = StageTrace.now()
        defer { StageTrace.mark("looks: \(dots.count) graphs (\(dots.map { "\($0.utf8.count)" }.joined(separator: ", ")) bytes of DOT) drawn in \(StageTrace.since(start))") }
        return GraphvizPool.shared.runAll(dots.map { .render(dot: $0, format: format.rawValue, engine: engine) }).map { result in
            result.flatMap { payloads in payloads.count == 1 ? .success(payloads[0]) : .failure(.crashed("a worker answered with the wrong number of pictures")) }
        }
    }

    /// Draws a tiny graph, so that the plugins, fonts and text shaping a first drawing loads
    /// are loaded (a worker does this before its first job); errors are left for real work.
    func warmUp() {
        _ = try? render(dot: "digraph { a [label=<x>, fontname=\"\(DOTEncoder.font)\", pos=\"0,0!\"] }", format: ImageFormat.svg.rawValue, engine: StableLayout.engine)
    }

    /// One animation frame to draw: its DOT, the engine, and whether SVG and PNG are wanted.
    package struct FrameJob: Sendable {
        package var dot: String
        package var engine: String
        package var svg: Bool
        package var png: Bool

        package init(dot: String, engine: String, svg: Bool, png: Bool) {
            (self.dot, self.engine, self.svg, self.png) = (dot, engine, svg, png)
        }
    }

    /// What a frame came out as (nil where not asked for).
    package struct DrawnFrame: Sendable, Equatable {
        package var svg: [UInt8]?
        package var png: [UInt8]?
    }

    /// Draws frames in the pool's worker processes, in parallel, each worker a run of
    /// consecutive frames (see ``drawFrame(_:encoder:)`` for how one is drawn). Throws the
    /// first failure as ``RenderError/frame(_:_:)``, numbered from `firstNumber`.
    package func drawFrames(_ frames: [FrameJob], firstNumber: Int = 1) throws(RenderError) -> [DrawnFrame] {
        let results = GraphvizPool.shared.runAll(frames.map { .frame(dot: $0.dot, engine: $0.engine, svg: $0.svg, png: $0.png) })
        // The frame that failed, not one left unrun because of it (in another worker's run,
        // possibly before it).
        for (i, result) in results.enumerated() {
            if case .failure(let error) = result, error != GraphvizPool.notRun { throw .frame(firstNumber + i, error) }
        }
        var out: [DrawnFrame] = []
        out.reserveCapacity(frames.count)
        for (i, (frame, result)) in zip(frames, results).enumerated() {
            switch result {
            case .success(let payloads) where payloads.count == 2:
                out.append(DrawnFrame(svg: frame.svg ? payloads[0] : nil, png: frame.png ? payloads[1] : nil))
            case .success:
                throw .frame(firstNumber + i, .crashed("a worker answered a frame with the wrong number of pictures"))
            case .failure(let error):
                throw .frame(firstNumber + i, error)
            }
        }
        return out
    }

    /// Lays a frame out once and draws it in this process: as SVG, and as PNG on the canvas
    /// kept from frame to frame, through navviz's own device (``GraphvizRasterDevice``),
    /// encoded by `encoder` (which compresses again only what changed since its previous
    /// frame); cairo's own PNG where there is no such canvas. Run by worker processes, and
    /// here for engines that need none.
    func drawFrame(_ frame: FrameJob, encoder: PNGFrameEncoder) throws(RenderError) -> DrawnFrame {
        guard !needsWorker else { throw .unavailable("a '\(frame.engine)' layout runs only in a worker process") }
        return try withContext { gvc throws(RenderError) in
            try withGraph(frame.dot) { graph throws(RenderError) in
                if frame.png, raster != nil { GraphvizDamage.prepare(graph) }
                try layout(gvc, graph, engine: frame.engine)
                defer { gvFreeLayout(gvc, graph) }
                var out = DrawnFrame()
                if frame.svg { out.svg = try renderData(gvc, graph, device: ImageFormat.svg.device, name: "svg") }
                if frame.png {
                    if let raster { _ = raster.draw(gvc, graph) { image in out.png = encoder.png(image) } }
                    if out.png == nil {
                        try checkPlugin(.png)
                        out.png = try renderData(gvc, graph, device: ImageFormat.png.device, name: "png")
                    }
                }
                return out
            }
        }
    }

    /// Runs `body` with the lock every Graphviz call holds (for tests of what runs under it).
    func serialized<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock(body)
    }

    /// Makes this process a worker: every engine runs in it (``GraphvizWorker``).
    func becomeWorker() {
        lock.withLock { isWorker = true }
    }

    /// Whether a layout must go to a worker: always, but in a worker.
    private var needsWorker: Bool {
        !lock.withLock { isWorker }
    }

    /// A laid-out node: its centre and size in points.
    struct Placement: Sendable, Equatable {
        var center: Point
        var width: Double
        var height: Double
    }

    /// What a layout decided: each node's placement and each edge's spline, keyed by DOT
    /// names (`n0`, and `n0->n1` for an edge).
    struct Geometry: Sendable, Equatable {
        var nodes: [String: Placement] = [:]
        /// The edge's `pos` exactly as Graphviz wrote it (`e,x,y x1,y1 …`), in points.
        var edges: [String: String] = [:]

        init() {}

        /// As a worker sends it (``Wire``): the node count, each node's name and its centre
        /// and size as four 8-byte numbers (``Wire/double(_:)``: exact); the edge
        /// count, each edge's name and `pos`. In name order, so the same layout gives the
        /// same bytes.
        func encoded() -> [UInt8] {
            var out = Wire()
            out.count(nodes.count)
            for (name, p) in nodes.sorted(by: { $0.key < $1.key }) {
                out.string(name)
                for v in [p.center.x, p.center.y, p.width, p.height] { out.double(v) }
            }
            out.count(edges.count)
            for (name, pos) in edges.sorted(by: { $0.key < $1.key }) {
                out.string(name)
                out.string(pos)
            }
            return out.bytes
        }

        /// The geometry ``encoded()`` wrote; nil when `bytes` are not that.
        init?(encoded bytes: [UInt8]) {
            var cursor = Wire.Cursor(bytes)
            do throws(Wire.Corrupt) {
                for _ in 0..<(try cursor.count()) {
                    let name = try cursor.string()
                    let (x, y, width, height) = (try cursor.double(), try cursor.double(), try cursor.double(), try cursor.double())
                    nodes[name] = Placement(center: Point(x: x, y: y), width: width, height: height)
                }
                for _ in 0..<(try cursor.count()) {
                    let name = try cursor.string()
                    edges[name] = try cursor.string()
                }
            } catch {
                return nil
            }
            guard cursor.atEnd else { return nil }
        }
    }

    /// Lays the graph out and returns where every node and edge went, read back from the
    /// graph's own `pos`, `width` and `height` attributes (as `-Tdot` writes them): in a
    /// worker process, which sends it back as a few numbers and strings
    /// (``Geometry/encoded()``), so this process neither parses the layout nor loads
    /// Graphviz's plugins.
    func geometry(dot: String, engine: String = "dot") throws(RenderError) -> Geometry {
        if needsWorker {
            let start = StageTrace.now()
            StageTrace.mark("layout: \(dot.utf8.count) bytes of DOT sent")
            defer { StageTrace.mark("layout: laid out in \(StageTrace.since(start))") }
            let payload = try GraphvizPool.shared.run(.geometry(dot: dot, engine: engine))
            guard payload.count == 1, let geometry = Geometry(encoded: payload[0]) else {
                throw .crashed("a worker answered a layout with a geometry that does not parse")
            }
            return geometry
        }
        return try withContext { gvc throws(RenderError) in
            try withGraph(dot) { graph throws(RenderError) in
                try layout(gvc, graph, engine: engine)
                defer { gvFreeLayout(gvc, graph) }
                // Rendering to `dot` attaches `pos`, `width` and `height` to the graph's objects.
                _ = try renderData(gvc, graph, device: "dot", name: "dot")
                return readGeometry(graph)
            }
        }
    }

    /// Graphviz's version string, e.g. `2.43.0`.
    public func version() throws(RenderError) -> String {
        try withContext { gvc throws(RenderError) in
            gvcVersion(gvc).map { String(cString: $0) } ?? "unknown"
        }
    }

    // MARK: Internals (under the lock)

    private func withContext<T>(_ body: (OpaquePointer) throws(RenderError) -> T) throws(RenderError) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let startFailure { throw startFailure }
        if context == nil {
            GraphvizMessages.install()
            // With navviz's text layout cache as a builtin plugin when the pango plugin's
            // text layout is found (GraphvizTextLayouts), as gvContext() otherwise.
            let made = GraphvizTextLayouts.builtins().map { gvContextPlugins($0, 1) } ?? gvContext()
            guard let gvc = made else { throw .unavailable("gvContext() returned nothing") }
            // Nothing that depends on the headers' structure layouts runs before this check.
            do throws(RenderError) {
                try GraphvizVersion.check(loaded: gvcVersion(gvc).map { String(cString: $0) } ?? "unknown")
            } catch {
                startFailure = error
                throw error
            }
            context = gvc
            devices = listDevices(gvc)
            raster = GraphvizRasterDevice.install(into: gvc)
            if devices.isEmpty {
                throw .unavailable("no plugins are configured (run 'dot -c' as root)")
            }
        }
        GraphvizMessages.reset()
        // Every graph of the call is closed by now: no text span holds a cached layout.
        defer { GraphvizTextLayouts.trim() }
        let gvc = context!
        let (result, printed) = GraphvizStderr.capture { () throws(RenderError) -> T in try body(gvc) }
        if let scale = GraphvizStderr.bitmapScale(printed) { throw .tooLargeForBitmap(scale: scale) }
        switch result {
        case .success(let value): return value
        case .failure(.failed(let stage, let messages)): throw .failed(stage: stage, messages: messages + printed)
        case .failure(let error): throw error
        }
    }

    /// Walks a laid-out graph (after a `dot` render attached its attributes).
    private func readGeometry(_ graph: UnsafeMutablePointer<Agraph_t>) -> Geometry {
        func attribute(_ object: UnsafeMutableRawPointer, _ name: String) -> String? {
            let value = name.withCString { agget(object, UnsafeMutablePointer(mutating: $0)) }
            return value.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        var out = Geometry()
        var node = agfstnode(graph)
        while let n = node {
            let name = String(cString: agnameof(n))
            if let pos = attribute(n, "pos")?.split(separator: ","), pos.count == 2,
               let x = Double(pos[0]), let y = Double(pos[1]),
               let w = attribute(n, "width").flatMap(Double.init), let h = attribute(n, "height").flatMap(Double.init) {
                out.nodes[name] = Placement(center: Point(x: x, y: y), width: w * 72, height: h * 72)
            }
            var edge = agfstout(graph, n)
            while let e = edge {
                if let head = navviz_edge_head(e), let pos = attribute(e, "pos") {
                    out.edges["\(name)->\(String(cString: agnameof(head)))"] = pos
                }
                edge = agnxtout(graph, e)
            }
            node = agnxtnode(graph, n)
        }
        return out
    }

    private func listDevices(_ gvc: OpaquePointer) -> Set<String> {
        var count: Int32 = 0
        guard let list = navviz_plugin_list(gvc, "device", &count) else { return [] }
        var out = Set<String>()
        for i in 0..<Int(count) {
            if let item = list[i] {
                out.insert(String(cString: item))
                free(item)
            }
        }
        free(list)
        return out
    }

    private func checkPlugin(_ format: ImageFormat) throws(RenderError) {
        // gvPluginList names formats without their plugin ("png"); a missing cairo plugin
        // behind an available gd "png" is caught when rendering (see renderData).
        if devices.contains(format.rawValue) { return }
        throw .missingPlugin(format: format.rawValue, plugin: format.plugin)
    }

    private func withGraph<T>(_ dot: String, _ body: (UnsafeMutablePointer<Agraph_t>) throws(RenderError) -> T) throws(RenderError) -> T {
        let parsed = GraphvizReader.read(dot)
        guard let graph = parsed else { throw .invalidDOT(GraphvizMessages.take()) }
        defer { agclose(graph) }
        return try body(graph)
    }

    private func layout(_ gvc: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, engine: String) throws(RenderError) {
        if gvLayout(gvc, graph, engine) != 0 {
            throw .failed(stage: "layout", messages: GraphvizMessages.take())
        }
    }

    private func renderData(_ gvc: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, device: String, name: String) throws(RenderError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        let status = navviz_render_data(gvc, graph, device, &buffer, &length)
        defer { if let buffer { gvFreeRenderData(buffer) } }
        guard status == 0, let buffer else {
            let messages = GraphvizMessages.take()
            if messages.contains(where: { $0.contains("not recognized") }) {
                throw .missingPlugin(format: name, plugin: ImageFormat(rawValue: name)?.plugin ?? name)
            }
            throw .failed(stage: "\(name) rendering", messages: messages)
        }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }
}

/// Collects what Graphviz reports through `agerr` instead of letting it print to stderr.
///
/// Its two statics are safe without a lock of their own: every function here is called only
/// by ``Graphviz`` inside `withContext`, with its lock held, and the `agerr` callback that
/// appends to ``collected`` runs only inside a libgvc call, which also happens only with that
/// lock held (one process-wide lock, so there is never a second thread here).
enum GraphvizMessages {
    nonisolated(unsafe) static var collected: [String] = []
    nonisolated(unsafe) static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        _ = agseterr(AGWARN)
        _ = agseterrf { message in
            guard let message else { return 0 }
            let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty, GraphvizMessages.collected.count < 50 {
                GraphvizMessages.collected.append(text)
            }
            return 0
        }
    }

    static func reset() {
        collected.removeAll()
        _ = agreseterrors()
    }

    static func take() -> [String] {
        defer { collected.removeAll() }
        return collected
    }
}

extension Graphviz {
    /// The executable whose `graphviz-worker` subcommand runs Graphviz's layouts and draws
    /// PNG frames in worker processes: a built `navviz`. By default the path in the
    /// environment variable `NAVVIZ_WORKER` when it is set, else the running executable when
    /// it is `navviz`, else a `navviz` beside it, else one beside the library's own file or
    /// its test bundle (`swift test` on macOS); a program of its own that draws pictures or
    /// animations with this library sets it, or `NAVVIZ_WORKER` (nil: none found, and every
    /// layout fails as ``RenderError/unavailable(_:)``).
    public static var workerExecutable: String? {
        get { GraphvizPool.workerExecutable }
        set { GraphvizPool.workerExecutable = newValue }
    }
}
