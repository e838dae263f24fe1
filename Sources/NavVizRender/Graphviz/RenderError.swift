import NavVizCore

/// Why Graphviz could not render.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Graphviz could not start (no context, no configured plugins).
    case unavailable(String)
    /// The libgvc loaded at run time is another release than the headers navviz was
    /// compiled against (whose structure layouts navviz uses), so nothing is drawn with it.
    case mismatchedLibrary(built: String, loaded: String)
    /// The format's plugin is not installed.
    case missingPlugin(format: String, plugin: String)
    /// Graphviz rejected the DOT text (a navviz bug: its DOT is generated).
    case invalidDOT([String])
    /// Layout or rendering failed, with what Graphviz said.
    case failed(stage: String, messages: [String])
    /// The graph is larger than navviz draws as an image.
    case tooLarge(nodes: Int, limit: Int)
    /// The worker process drawing it died (`how`: "signal 11 (Segmentation fault)", "exit
    /// status 3"); navviz starts another for the next job.
    case crashed(String)
    /// Drawing an animation's frame failed (`number` counts from 1, as the player and the
    /// frame files `frames/0001.svg` … do).
    indirect case frame(Int, RenderError)
    /// The picture is wider or taller than the 32,767 pixels cairo draws a bitmap on: the
    /// cairo renderer would shrink it by `scale` (what it prints to stderr, caught by
    /// `GraphvizStderr`).
    case tooLargeForBitmap(scale: Double)

    public var description: String {
        switch self {
        case .unavailable(let why): "graphviz is not available: \(why)"
        case .mismatchedLibrary(let built, let loaded):
            "graphviz is not the one navviz was built for: navviz was compiled against the headers of Graphviz \(built) but loaded libgvc \(loaded); rebuild navviz against the Graphviz it runs with (README: 'Building against another Graphviz')"
        case .missingPlugin(let format, let plugin):
            "graphviz cannot write \(format): its \(plugin) plugin is not installed (install libgraphviz-dev with its cairo plugin, then run 'dot -c')"
        case .invalidDOT(let messages): "graphviz rejected the generated DOT: \(messages.joined(separator: "; "))"
        case .failed(let stage, let messages):
            "graphviz \(stage) failed" + (messages.isEmpty ? "" : ": \(messages.map(Self.plain).joined(separator: "; "))")
        case .tooLarge(let nodes, let limit):
            "the diagram has \(PlainText.count(nodes)) nodes; images are limited to \(PlainText.count(limit)) (use --format text, json or dot for larger trees)"
        case .crashed(let how): "graphviz crashed in a worker process: \(how)"
        case .frame(let number, let error): "frame \(number): \(error)"
        case .tooLargeForBitmap(let scale):
            "the picture is too large for a bitmap: cairo draws at most 32,767 pixels a side, and Graphviz would shrink it to \(Self.percent(scale)) to fit (use SVG or PDF, which have no such limit, or draw fewer nodes)"
        }
    }
}

extension RenderError {
    /// `4.6%`, `0.05%`.
    static func percent(_ scale: Double) -> String {
        let p = scale * 100
        return String(format: p >= 10 ? "%.0f%%" : p >= 1 ? "%.1f%%" : "%.2g%%", p)
    }

    /// A line Graphviz printed, without the `(null): ` it puts where a command name would be.
    static func plain(_ line: String) -> String {
        line.hasPrefix("(null): ") ? String(line.dropFirst(8)) : line
    }
}
