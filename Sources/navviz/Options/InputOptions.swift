import ArgumentParser
import NavVizCore
import NavVizFiles

/// `--input-format`, `--strict` and `--uikit-addresses`, shared by every command that reads a document.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("input-format"),
            help: "Read the input as json, yaml, log (one snapshot per line; also 'ndjson' or 'jsonl') uikit (a paste of UIKit's _printHierarchy from the debugger), navigationpath (a SwiftUI NavigationPath.CodableRepresentation as JSONEncoder writes it) or typedpath (a typed SwiftUI path, [Route], as JSONEncoder writes it), whatever its name or content says. Default: by the file's extension (.json, .yaml/.yml, .ndjson/.jsonl), else by its content (standard input, pipes and other names).")
    var format: InputFormat?

    @Flag(help: "Treat a log whose last line is cut off (an app that stopped mid-write) as invalid, instead of reading its complete lines with a warning.")
    var strict = false

    @Flag(name: .customLong("uikit-addresses"),
          help: "Name the controllers of a UIKit paste by class and address (ProductViewController@0x10a6157f0), to tell two instances in one launch apart. Default: by their place (tab0, ProductViewController), the same in every launch; the address stays in the node's info.")
    var uikitAddresses = false

    /// What the document readers take.
    var options: DocumentFile.Options {
        DocumentFile.Options(format: format, strict: strict, uikit: UIKitPaste.Options(ids: uikitAddresses ? .address : .place))
    }
}
