import ArgumentParser
import NavVizArtifacts
import NavVizCore
import NavVizFiles

extension NavVizCommand {
    /// `navviz import FILE`: a debugger paste (or any snapshot, sequence or log) written out as
    /// a navviz document, to edit and commit.
    struct ImportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn a paste of UIKit's _printHierarchy into a navviz document.",
            discussion: """
            Reads what the debugger prints for `expr -l objc -O -- [UIViewController \
            _printHierarchy]` (or `po` of it), copied from Xcode's console, a terminal or a web \
            page, and prints it as a navviz snapshot: one node per view controller, its type \
            the class name, its id the class and address, a tab bar as tabs with the selected \
            tab active, a navigation controller as a stack whose screens are a chain, presented \
            controllers as modal children of their presenter, and the active path to the \
            top-most presented controller on screen. A file of several pastes, separated by \
            (lldb) prompts or command lines, becomes a sequence, one frame per paste. \
            docs/format.md ("UIKit pastes") says how each part is read.

            Every other command reads such a paste directly; import writes it down so it can \
            be edited and committed. Snapshots, sequences and logs are written back as \
            navviz documents too (a log as a sequence).

            The format comes from --format, else from the extension of -o (.json, .yaml or \
            .yml), else json.

            Examples:
              navviz import Samples/uikit-tabs.paste.txt
              navviz import Samples/uikit-session.pastes.txt --format yaml
              navviz import Samples/uikit-tabs.paste.txt -o app.yaml
            """
        )

        @Argument(help: "The paste or document to import ('-' reads standard input).")
        var file: String = "-"

        @Option(help: "Output format: json or yaml.")
        var format: Format?

        @OptionGroup var output: OutputOptions

        @OptionGroup var input: InputOptions

        func run() throws {
            try reporting {
                let format = try OutputExtension.resolve(format, output: output.path, fallback: .json, aliases: ["yml": .yaml])
                let document = try input.load(file)
                let json: String
                switch document {
                case .snapshot(let tree): json = DocumentEncoder.snapshot(tree)
                case .sequence(let sequence): json = DocumentEncoder.sequence(sequence)
                case .script, .route:
                    throw NavVizError(["\(displayName(file)): error: this \(document.kindName) is already a navviz document; import reads debugger pastes, snapshots, sequences and logs"],
                                  status: NavVizError.Status.dataError)
                }
                let text: String
                switch format {
                case .json:
                    text = json
                case .yaml:
                    do {
                        text = try YAMLWriter.yaml(json: json)
                    } catch {
                        throw NavVizError(["\(displayName(file)): error: \(error)"], status: NavVizError.Status.dataError)
                    }
                }
                try output.write(Array(text.utf8), binary: false, inputs: [file])
            }
        }

        /// What `import --format` writes.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case json, yaml
        }
    }
}
