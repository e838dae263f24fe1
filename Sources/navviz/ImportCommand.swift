import ArgumentParser
import NavVizArtifacts

extension NavVizCommand {
    /// `navviz import FILE`: a debugger paste (or any snapshot, sequence or log) written out as
    /// a navviz document, to edit and commit.
    struct ImportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn a paste of UIKit's _printHierarchy, or a saved SwiftUI path, into a navviz document.",
            discussion: """
            Reads what the debugger prints for `expr -l objc -O -- [UIViewController \
            _printHierarchy]` (or `po` of it), copied from Xcode's console, a terminal or a web \
            page, and prints it as a navviz snapshot: one node per view controller, its type \
            (what pictures show) the class name without its module, its id its place, the \
            same in every launch (a tab bar's tabs tab0, tab1, …, any other controller its \
            class name), its address and full class name kept in its info \
            (--uikit-addresses names it ProductViewController@0x… instead), a tab bar as \
            tabs with the selected tab active, a navigation controller as a stack whose screens are a chain, presented \
            controllers as modal children of their presenter, and the active path to the \
            top-most presented controller on screen. A file of several pastes, separated by \
            (lldb) prompts or command lines, becomes a sequence, one frame per paste. \
            docs/format.md ("UIKit pastes") says how each part is read.

            It reads what SwiftUI apps save the same way: a NavigationPath's Codable \
            representation as JSONEncoder writes it (type name and JSON pairs, last element \
            first) or a typed path ([Route], a TCA StackState), as a stack whose elements are \
            a chain; several, one a line, as a sequence. docs/format.md ("SwiftUI paths") says \
            how each element is named.

            Every other command reads such a paste or path directly; import writes it down so it can \
            be edited and committed. Snapshots, sequences and logs are written back as \
            navviz documents too (a log as a sequence).

            The format comes from --format, else from the extension of -o (.json, .yaml or \
            .yml), else json.

            Examples:
              navviz import Samples/uikit-tabs.paste.txt
              navviz import Samples/uikit-session.pastes.txt --format yaml
              navviz import Samples/uikit-tabs.paste.txt -o app.yaml
              navviz import Samples/swiftui-restored.navigationpath.json
            """
        )

        @Argument(help: "The paste or document to import ('-' reads standard input).")
        var file: String = "-"

        @Option(help: "Output format: json or yaml.")
        var format: NavViz.ImportFormat?

        @OptionGroup var output: OutputOptions

        @OptionGroup var input: InputOptions

        func run() throws {
            try reporting(reading: [file]) {
                let format = try NavViz.ImportFormat.resolve(format, output: output.path)
                let bytes = try NavViz.import(file, format: format, input: input.options, diagnostics: Terminal.diagnostics())
                try output.write(bytes, binary: false, inputs: [file], kind: format == .json ? .json : .text)
            }
        }
    }
}
