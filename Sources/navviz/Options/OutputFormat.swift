import ArgumentParser
import Foundation
import NavVizArtifacts
import NavVizRender

/// What `render`, `diff` and `route` write (`--format`, else the extension of `-o`): a text
/// or JSON report, Mermaid, DOT, or an image Graphviz draws (``ImageFormat``).
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, dot, svg, png, pdf, mermaid

    var isBinary: Bool { self == .png || self == .pdf }

    /// Whether the format is a picture.
    var isPicture: Bool { self != .text && self != .json }

    /// The Graphviz image file type (svg, png, pdf), nil for the formats navviz writes itself.
    var image: ImageFormat? { ImageFormat(rawValue: rawValue) }

    /// The explicit format, else the output's extension, else text (see ``OutputExtension``).
    static func resolve(_ explicit: OutputFormat?, output: String?) throws -> OutputFormat {
        try OutputExtension.resolve(explicit, output: output, fallback: .text, aliases: ["txt": .text, "gv": .dot, "mmd": .mermaid])
    }
}

/// The one rule every command follows for its output format: the format comes from
/// `--format`, else from the extension of `-o`, else the command's default; when both are
/// given and name different formats, that is a usage error (exit 64) saying so. An
/// extension that names no format is an error only when it would decide the format.
enum OutputExtension {
    static func resolve<F: RawRepresentable & CaseIterable & Equatable>(_ explicit: F?, output: String?, fallback: F, aliases: [String: F]) throws -> F
    where F.RawValue == String {
        let named = try format(of: output, aliases: aliases, required: explicit == nil)
        if let explicit {
            if let named, named != explicit, let output {
                let ext = (output as NSString).pathExtension
                throw NavVizError(["\(output): error: --format \(explicit.rawValue) disagrees with the extension '.\(ext)' of -o, which means \(named.rawValue); drop one, or make them agree"],
                              status: NavVizError.Status.usage)
            }
            return explicit
        }
        return named ?? fallback
    }

    /// The format named by `output`'s extension (or an alias of it); nil for standard output
    /// and names without an extension; for an unknown extension, a usage error when
    /// `required`, else nil.
    static func format<F: RawRepresentable & CaseIterable>(of output: String?, aliases: [String: F], required: Bool) throws -> F?
    where F.RawValue == String {
        guard let output, output != "-" else { return nil }
        let ext = (output as NSString).pathExtension.lowercased()
        if ext.isEmpty { return nil }
        if let f = aliases[ext] ?? F(rawValue: ext) { return f }
        guard required else { return nil }
        let names = F.allCases.map(\.rawValue).joined(separator: "|")
        throw NavVizError(["\(output): error: cannot tell the format from the extension '.\(ext)'; use --format \(names)"], status: NavVizError.Status.usage)
    }
}

extension OutputFormat {
    /// `scene` in this format: DOT as text, or an image Graphviz draws (``ImageOutput``);
    /// messages name `file`, the input drawn.
    func picture(_ scene: Scene, file: String) throws -> [UInt8] {
        guard let image else { return Array(DOTEncoder.encode(scene).utf8) }
        return try ImageOutput.bytes(scene: scene, format: image, file: file)
    }
}
