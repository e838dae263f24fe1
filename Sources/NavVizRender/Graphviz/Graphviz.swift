import Foundation
internal import CGraphviz

/// The one owner of libgvc in the process. libgvc keeps global state and is not thread-safe,
/// so every call goes through ``shared`` under one lock. C pointers never leave the Graphviz
/// folder (this file, the reader, the isolation, the raster device and its canvas):
/// every graph parsed here is closed and every buffer freed before a call returns.
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
    /// Animation frames' PNG writer; keeps the previous frame's bands.

    private init() {}

    /// Renders DOT text to an image with libgvc (`dot` layouts in a forked child of this
    /// process, see ``GraphvizIsolation``; other engines in the process itself).
    public func render(dot: String, format: ImageFormat, engine: String = "dot") throws(RenderError) -> [UInt8] {
        try withContext { gvc throws(RenderError) in
            try checkPlugin(format)
            return try layoutAndRender(gvc, dot: dot, engine: engine, device: format.device, name: format.rawValue)
        }
    }

    /// Lays out and renders one graph, isolating the engines that need it.
    private func layoutAndRender(_ gvc: OpaquePointer, dot: String, engine: String, device: String, name: String) throws(RenderError) -> [UInt8] {
        try withGraph(dot) { graph throws(RenderError) in
            if GraphvizIsolation.isolatedEngines.contains(engine) {
                return try GraphvizIsolation.render(gvc, graph: graph, engine: engine, device: device, name: name)
            }
            try layout(gvc, graph, engine: engine)
            defer { gvFreeLayout(gvc, graph) }
            return try renderData(gvc, graph, device: device, name: name)
        }
    }

    /// Lays `dot` out and has cairo draw it on the canvas kept from frame to frame, through
    /// navviz's own device (``GraphvizRasterDevice``), lending the picture to `receive`
    /// without a copy (valid only during the call, under this owner's lock). Nil when there
    /// is no such device (no cairo renderer), and for a `dot` layout, which never runs in
    /// this process (see ``GraphvizIsolation``).
    func drawPicture<T>(dot: String, engine: String, _ receive: (BGRAImage) -> T?) throws(RenderError) -> T? {
        try withContext { gvc throws(RenderError) in
            guard let raster, !GraphvizIsolation.isolatedEngines.contains(engine) else { return nil }
            return try withGraph(dot) { graph throws(RenderError) in
                try layout(gvc, graph, engine: engine)
                defer { gvFreeLayout(gvc, graph) }
                var out: T?
                _ = raster.draw(gvc, graph) { image in out = receive(image) }
                return out
            }
        }
    }

    /// A laid-out node: its centre and size in points.
    public struct Placement: Sendable, Equatable {
        public var center: Point
        public var width: Double
        public var height: Double
    }

    /// What a layout decided: each node's placement and each edge's spline, keyed by DOT
    /// names (`n0`, and `n0->n1` for an edge).
    public struct Geometry: Sendable {
        public var nodes: [String: Placement] = [:]
        /// The edge's `pos` exactly as Graphviz wrote it (`e,x,y x1,y1 …`), in points.
        public var edges: [String: String] = [:]
    }

    /// Lays the graph out and returns each node's placement in points, keyed by DOT node
    /// name (`n0`, `n1`, …).
    public func positions(dot: String, engine: String = "dot") throws(RenderError) -> [String: Placement] {
        try geometry(dot: dot, engine: engine).nodes
    }

    /// Lays the graph out and returns where every node and edge went, read back from the
    /// graph's own `pos`, `width` and `height` attributes (as `-Tdot` writes them).
    public func geometry(dot: String, engine: String = "dot") throws(RenderError) -> Geometry {
        try withContext { gvc throws(RenderError) in
            // Laid out (for `dot`, in a forked child) and written back as DOT with `pos`,
            // `width` and `height`; parsing that text reads the geometry without a layout here.
            let laidOut = try layoutAndRender(gvc, dot: dot, engine: engine, device: "dot", name: "dot")
            return try withGraph(String(decoding: laidOut, as: UTF8.self)) { graph throws(RenderError) in
                readGeometry(graph)
            }
        }
    }

    /// Graphviz's version string, e.g. `2.43.0`.
    public func version() throws(RenderError) -> String {
        try withContext { gvc throws(RenderError) in
            gvcVersion(gvc).map { String(cString: $0) } ?? "unknown"
        }
    }

    /// The formats whose plugins are installed.
    public func availableFormats() throws(RenderError) -> [ImageFormat] {
        try withContext { _ throws(RenderError) in
            ImageFormat.allCases.filter { devices.contains($0.rawValue) }
        }
    }

    // MARK: Internals (under the lock)

    private func withContext<T>(_ body: (OpaquePointer) throws(RenderError) -> T) throws(RenderError) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let startFailure { throw startFailure }
        if context == nil {
            GraphvizMessages.install()
            guard let gvc = gvContext() else { throw .unavailable("gvContext() returned nothing") }
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
        return try body(context!)
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
/// Only touched under ``Graphviz``'s lock.
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
