import Foundation
import NavVizCore

/// Loads templates for `navviz route --templates FILE` (JSON, or YAML by extension): a
/// document with a `templates` field, or an object mapping ids to template nodes.
public enum TemplatesFile {
    /// The templates in the file at `path` (`-` reads standard input).
    public static func load(_ path: String) throws(DocumentFile.LoadError) -> Templates {
        let name = DocumentFile.displayName(path)
        let bytes = try DocumentFile.read(path)
        do {
            let json = try DocumentFile.valueTree(bytes, format: InputFormat(path: path) == .yaml ? .yaml : .json)
            return try DocumentDecoder.decodeTemplates(json)
        } catch {
            throw .invalid(path: name, error)
        }
    }
}
