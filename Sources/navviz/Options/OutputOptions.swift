import ArgumentParser
import NavVizArtifacts
import NavVizCore

/// `-o/--output`, shared by every command that writes one artifact.
struct OutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: "Write to this file (atomically); its extension picks the format. Default: standard output.")
    var path: String?

    /// Writes to the file, or to standard output; binary output refuses a terminal. `inputs`
    /// are the files the command read: the output may not be one of them. `kind` is how the
    /// bytes are escaped on standard output on GitHub Actions (``WorkflowGuard``).
    func write(_ bytes: [UInt8], binary: Bool, inputs: [String], kind: WorkflowGuard.Kind) throws {
        if let path {
            try OutputFile.write(bytes, to: path, inputs: inputs)
        } else {
            if binary && Terminal.stdoutIsTerminal {
                throw NavVizError(.usage, file: nil, "binary output would go to the terminal; use -o FILE")
            }
            try Terminal.output(bytes, kind)
        }
    }
}
