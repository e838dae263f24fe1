import ArgumentParser
import Foundation

/// The formats `diff` and `route` write: text and JSON reports, or one picture.
enum DiagramFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, dot, svg, png, pdf, mermaid

    var isBinary: Bool { self == .png || self == .pdf }

    /// Whether the format is a picture.
    var isPicture: Bool { self != .text && self != .json }

    /// The same format for ``ImageOutput`` (dot and the Graphviz images).
    var render: RenderFormat? { RenderFormat(rawValue: rawValue) }

    /// The explicit format, else the output's extension, else text.
    static func resolve(_ explicit: DiagramFormat?, output: String?) throws -> DiagramFormat {
        try explicit ?? OutputExtension.format(of: output, fallback: .text, aliases: ["txt": .text, "gv": .dot, "mmd": .mermaid])
    }
}

/// Picks an output format from a file name's extension.
enum OutputExtension {
    /// The format named by `output`'s extension (or an alias of it); `fallback` for standard
    /// output and names without an extension; a usage error for an unknown extension.
    static func format<F: RawRepresentable & CaseIterable>(of output: String?, fallback: F, aliases: [String: F]) throws -> F
    where F.RawValue == String {
        guard let output, output != "-" else { return fallback }
        let ext = (output as NSString).pathExtension.lowercased()
        if ext.isEmpty { return fallback }
        if let f = aliases[ext] ?? F(rawValue: ext) { return f }
        let names = F.allCases.map(\.rawValue).joined(separator: "|")
        throw Failure(["\(output): error: cannot tell the format from the extension '.\(ext)'; use --format \(names)"], status: Failure.Status.usage)
    }
}
