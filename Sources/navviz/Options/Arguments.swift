import ArgumentParser
import NavVizArtifacts
import NavVizCore
import NavVizFiles
import NavVizRender

// The library's choices as command-line values, by the names their help lists.

extension OutputFormat: ExpressibleByArgument {}
extension NavViz.TimelineFormat: ExpressibleByArgument {}
extension NavViz.ImportFormat: ExpressibleByArgument {}
extension DiffDialect: ExpressibleByArgument {}

/// `--frame N|last`, `--transition N|last`.
extension StateChoice: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}

extension FrameGranularity: ExpressibleByArgument {}
extension FrameLayout: ExpressibleByArgument {}

/// `--steps A..B`.
extension StateRange: ExpressibleByArgument {
    public static var defaultCompletionKind: CompletionKind { .default }
}

/// `--input-format`: NavVizFiles' ``InputFormat``, by the names it takes (yml, ndjson and
/// jsonl besides the formats' own).
extension InputFormat: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(name: argument)
    }

    public static var allValueStrings: [String] { names }
}
