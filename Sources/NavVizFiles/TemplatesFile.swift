import Foundation
import NavVizCore

/// Loads templates for `navviz route --templates FILE` (JSON, or YAML by extension): a
/// document with a `templates` field, or an object mapping ids to template nodes.
public enum TemplatesFile {
    /// The templates in the file at `path` (`-` reads standard input).
    public static func load(_ path: String) throws(DocumentFile.LoadError) -> Templates {
        let name = path == "-" ? DocumentFile.stdinName : path
        let bytes = try DocumentFile.read(path)
        do {
            let json: JSONValueTree
            if DocumentFile.Format(path: path) == .yaml {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw DocumentError.syntax(line: 1, column: 1, message: "the file is not UTF-8 text")
                }
                json = try YAMLReader.parse(text)
            } else {
                do {
                    json = try JSONReader.parse(bytes)
                } catch {
                    throw DocumentError.syntax(line: error.location.line, column: error.location.column, message: error.message)
                }
            }
            return try DocumentDecoder.decodeTemplates(json)
        } catch let error as DocumentError {
            throw .invalid(path: name, error)
        } catch {
            throw .unreadable(path: name, reason: "\(error)")
        }
    }
}
