import NavVizCore
import NavVizFiles

extension NavViz {
    /// What `navviz timeline` writes: `TimelineWriter`'s text or its JSON.
    public enum TimelineFormat: String, CaseIterable, Sendable {
        case text, json

        /// The explicit format, else the output's extension (`.txt`, `.json`), else text.
        public static func resolve(_ explicit: TimelineFormat?, output: String?) throws(NavVizError) -> TimelineFormat {
            try OutputExtension.resolve(explicit, output: output, fallback: .text, aliases: ["txt": .text])
        }
    }

    /// What `navviz timeline` made: the bytes to write, and, for a script whose step fails or
    /// a route that cannot reach its destination, the `NavVizError/Kind/failed` error to
    /// report after them (the states that ran are written all the same).
    public struct TimelineOutput: Sendable {
        /// The text or JSON to write.
        public var bytes: [UInt8]
        /// The failure to report after writing (nil: none).
        public var failure: NavVizError?
    }

    /// `navviz timeline`: every state of `file` and the operations between them.
    public static func timeline(_ file: String, format: TimelineFormat, settings: TimelineSettings,
                                diagnostics: Diagnostics = .silent) throws(NavVizError) -> TimelineOutput {
        let built = try settings.build(file, diagnostics: diagnostics)
        let text = format == .json ? TimelineWriter.json(built) : TimelineWriter.text(built)
        return TimelineOutput(bytes: Array(text.utf8), failure: built.failure.map { NavVizError(.failed, file: displayName(file), "\($0)") })
    }
}
