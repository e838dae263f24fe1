import ArgumentParser
import NavVizFiles

/// `--input-format` and `--strict`, shared by every command that reads a document.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("input-format"),
            help: "Read the input as json, yaml, log (one snapshot per line; also 'ndjson' or 'jsonl') uikit (a paste of UIKit's _printHierarchy from the debugger), navigationpath (a SwiftUI NavigationPath.CodableRepresentation as JSONEncoder writes it) or typedpath (a typed SwiftUI path, [Route], as JSONEncoder writes it), whatever its name or content says. Default: by the file's extension (.json, .yaml/.yml, .ndjson/.jsonl), else by its content (standard input, pipes and other names).")
    var format: InputFormat?

    @Flag(help: "Treat a log whose last line is cut off (an app that stopped mid-write) as invalid, instead of reading its complete lines with a warning.")
    var strict = false

    /// What the document readers take.
    var options: DocumentFile.Options {
        DocumentFile.Options(format: format, strict: strict)
    }
}
