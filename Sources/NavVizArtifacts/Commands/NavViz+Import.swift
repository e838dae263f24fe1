import NavVizCore
import NavVizFiles

extension NavViz {
    /// What `navviz import` writes.
    public enum ImportFormat: String, CaseIterable, Sendable {
        case json, yaml

        /// The explicit format, else the output's extension (`.json`, `.yaml`, `.yml`), else
        /// JSON.
        public static func resolve(_ explicit: ImportFormat?, output: String?) throws(NavVizError) -> ImportFormat {
            try OutputExtension.resolve(explicit, output: output, fallback: .json, aliases: ["yml": .yaml])
        }
    }

    /// `navviz import`: a debugger paste (or any snapshot, sequence or log) written out as a
    /// navviz document, to edit and commit; a log becomes a sequence.
    public static func `import`(_ file: String, format: ImportFormat, input: DocumentFile.Options = .init(),
                                diagnostics: Diagnostics = .silent) throws(NavVizError) -> [UInt8] {
        let json: String
        switch try DocumentFile.load(file, options: input, diagnostics: diagnostics) {
        case .snapshot(let tree): json = DocumentEncoder.snapshot(tree)
        case .sequence(let sequence): json = DocumentEncoder.sequence(sequence)
        case let document:
            throw NavVizError(.invalidInput, file: displayName(file),
                              "this \(document.kindName) is already a navviz document; import reads debugger pastes, snapshots, sequences and logs")
        }
        switch format {
        case .json:
            return Array(json.utf8)
        case .yaml:
            do {
                return Array(try YAMLWriter.yaml(json: json).utf8)
            } catch {
                throw NavVizError(.invalidInput, file: displayName(file), "\(error)")
            }
        }
    }
}
