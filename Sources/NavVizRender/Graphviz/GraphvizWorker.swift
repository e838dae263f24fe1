import Foundation

/// A Graphviz worker process's side of `GraphvizPool`: `navviz graphviz-worker` serves
/// the jobs (``GraphvizJob``) that arrive on its standard input, a socket to the process that
/// started it, one at a time, answering each on the same socket, with every engine run in
/// this process by ``Graphviz/shared``.
///
/// It exits when the socket ends (the parent stopped it, or ended in any way), when its
/// answer cannot be delivered, and on a corrupt message. It keeps one PNG encoder for its
/// whole life, so the consecutive frames it is given reuse each other's unchanged bands.
///
/// Public only under `@_spi(Internals)`: not for library users, but for the fuzz targets in
/// Fuzz/, a package of their own (its sanitizer flags stay out of this one) that starts and
/// drives Graphviz workers as `navviz` does.
@_spi(Internals) public enum GraphvizWorker {
    /// The hidden option that arms ``serve(crashingOn:)``'s test crash: `graphviz-worker
    /// --crash-on TEXT`.
    package static let crashOption = "--crash-on"

    /// The subcommand's name, the first argument a worker is started with.
    package static let commandName = "graphviz-worker"

    /// The command line ``GraphvizPool`` starts a worker with (after the executable's path):
    /// ``commandName``, then ``crashOption`` and its text for tests. The worker's arguments
    /// are read by hand, before any other start-up work (navviz's argument parser, signal
    /// handling, the worker executable's path): a worker runs no other code of navviz's
    /// command line (12.5 million instructions of argument parsing a worker, measured).
    package struct Invocation: Equatable {
        /// The text of ``GraphvizWorker/crashOption`` (nil: none, or empty).
        package var crashMarker: String?

        /// The worker's invocation in `arguments` (the command line without the
        /// executable's path); nil when they are not exactly a worker's, left to the
        /// command line's own parser (which reports anything else as usage).
        package init?(arguments: [String]) {
            guard arguments.first == GraphvizWorker.commandName else { return nil }
            switch arguments.count {
            case 1: crashMarker = nil
            case 3 where arguments[1] == GraphvizWorker.crashOption: crashMarker = arguments[2].isEmpty ? nil : arguments[2]
            default: return nil
            }
        }
    }

    /// Serves jobs until the socket on standard input ends; never returns. For tests, a
    /// worker given `crashingOn` aborts (as a crash inside Graphviz would end it) on a job
    /// whose DOT contains that text.
    @_spi(Internals) public static func serve(crashingOn marker: String? = nil) -> Never {
        Graphviz.shared.becomeWorker()
        // Graphviz loads its plugins, and fontconfig and pango their fonts, on the first
        // drawing: done here, before the first job arrives, while the parent is busy.
        Graphviz.shared.warmUp()
        let encoder = PNGFrameEncoder()
        let marker = marker.flatMap { $0.isEmpty ? nil : $0 }
        while true {
            let job: GraphvizJob?
            do throws(Wire.Corrupt) {
                job = try GraphvizJob.read { PlatformProcess.read(0, $0) }
            } catch {
                exit(65)
            }
            guard let job else { exit(0) }
            if let marker, job.dot.contains(marker) { abort() }
            let answer = Result { () throws(RenderError) in try perform(job, encoder: encoder) }
            guard PlatformProcess.send(0, GraphvizJob.encode(answer)) else { exit(0) }
        }
    }

    /// Runs one job in this process.
    static func perform(_ job: GraphvizJob, encoder: PNGFrameEncoder) throws(RenderError) -> [[UInt8]] {
        switch job.kind {
        case .render:
            return [try Graphviz.shared.render(dot: job.dot, format: job.format, engine: job.engine)]
        case .frame:
            let frame = Graphviz.FrameJob(dot: job.dot, engine: job.engine, svg: job.svg, png: job.png)
            let drawn = try Graphviz.shared.drawFrame(frame, encoder: encoder)
            return [drawn.svg ?? [], drawn.png ?? []]
        case .geometry:
            return [try Graphviz.shared.geometry(dot: job.dot, engine: job.engine).encoded()]
        }
    }
}
