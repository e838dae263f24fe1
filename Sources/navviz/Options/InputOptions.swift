import ArgumentParser
import NavVizArtifacts
import NavVizCore
import NavVizFiles
import NavVizRender

/// `--input-format` and `--strict`, shared by every command that reads a document.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("input-format"),
            help: "Read the input as json, yaml, log (one snapshot per line; also 'ndjson' or 'jsonl') or uikit (a paste of UIKit's _printHierarchy from the debugger), whatever its name or content says. Default: by the file's extension (.json, .yaml/.yml, .ndjson/.jsonl), else by its content (standard input, pipes and other names).")
    var format: InputFormat?

    @Flag(help: "Treat a log whose last line is cut off (an app that stopped mid-write) as invalid, instead of reading its complete lines with a warning.")
    var strict = false

    /// What the document readers take.
    var options: DocumentFile.Options {
        DocumentFile.Options(format: format, strict: strict)
    }

    /// Loads `file`, printing what the reader tolerated as `FILE:LINE: warning: …`. With
    /// `picture`, the tree of a snapshot or route request is to be drawn as an image, and
    /// one larger than images may be is refused while it is read.
    func load(_ file: String, picture: Bool = false) throws -> Document {
        var options = options
        if picture { options.pictureLimit = Graphviz.maxImageNodes }
        return try DocumentFile.load(file, options: options, diagnostics: Terminal.diagnostics())
    }
}

/// `--input-format`: NavVizFiles' ``InputFormat``, by the names it takes (yml, ndjson and
/// jsonl besides the formats' own).
extension InputFormat: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(name: argument)
    }

    public static var allValueStrings: [String] { names }
}
