import Foundation
import NavVizCore
import NavVizRender

/// What `render`, `diff` and `route` write (`--format`, else the extension of `-o`): a text
/// or JSON report, Mermaid, DOT, or a picture Graphviz draws (`ImageFormat`).
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, dot, svg, png, pdf, mermaid

    /// Whether the bytes are binary (not for a terminal).
    public var isBinary: Bool { self == .png || self == .pdf }

    /// Whether the format is a picture (a diagram: Mermaid, DOT or an image).
    public var isPicture: Bool { self != .text && self != .json }

    /// The Graphviz image file type (svg, png, pdf), nil for the formats navviz writes itself.
    public var image: ImageFormat? { ImageFormat(rawValue: rawValue) }

    /// The explicit format, else the output's extension, else text (see ``OutputExtension``).
    public static func resolve(_ explicit: OutputFormat?, output: String?) throws(NavVizError) -> OutputFormat {
        try OutputExtension.resolve(explicit, output: output, fallback: .text, aliases: ["txt": .text, "gv": .dot, "mmd": .mermaid])
    }

    /// `scene` in this picture format: Mermaid or DOT as text, or an image Graphviz draws
    /// through the shared owner. Messages name `file`, the input drawn; a scene of more than
    /// ``Graphviz/maxImageNodes`` nodes is refused before Graphviz sees it.
    func picture(_ scene: Scene, file: String) throws(NavVizError) -> [UInt8] {
        if self == .mermaid { return Array(MermaidEncoder.encode(scene).utf8) }
        guard let image else { return Array(DOTEncoder.encode(scene).utf8) }
        guard scene.nodes.count <= Graphviz.maxImageNodes else {
            throw NavVizError(RenderError.tooLarge(nodes: scene.nodes.count, limit: Graphviz.maxImageNodes), file: file)
        }
        do throws(RenderError) {
            return try Graphviz.shared.render(dot: DOTEncoder.encode(scene), format: image)
        } catch {
            throw NavVizError(error, file: file)
        }
    }
}

/// The one rule every command follows for its output format: the format comes from
/// `--format`, else from the extension of `-o`, else the command's default; when both are
/// given and name different formats, that is a usage error saying so. An extension that
/// names no format is an error only when it would decide the format.
public enum OutputExtension {
    /// The format: `explicit`, else the one `output`'s extension (or an alias of it) names,
    /// else `fallback`.
    public static func resolve<F: RawRepresentable & CaseIterable & Equatable>(_ explicit: F?, output: String?, fallback: F, aliases: [String: F]) throws(NavVizError) -> F
    where F.RawValue == String {
        let named = try format(of: output, aliases: aliases, required: explicit == nil)
        if let explicit {
            if let named, named != explicit, let output {
                let ext = (output as NSString).pathExtension
                throw NavVizError(.usage, file: output, "--format \(explicit.rawValue) disagrees with the extension '.\(ext)' of -o, which means \(named.rawValue); drop one, or make them agree")
            }
            return explicit
        }
        return named ?? fallback
    }

    /// The format named by `output`'s extension (or an alias of it); nil for standard output
    /// and names without an extension; for an unknown extension, a usage error when
    /// `required`, else nil.
    static func format<F: RawRepresentable & CaseIterable>(of output: String?, aliases: [String: F], required: Bool) throws(NavVizError) -> F?
    where F.RawValue == String {
        guard let output, output != "-" else { return nil }
        let ext = (output as NSString).pathExtension.lowercased()
        if ext.isEmpty { return nil }
        if let f = aliases[ext] ?? F(rawValue: ext) { return f }
        guard required else { return nil }
        let names = F.allCases.map(\.rawValue).joined(separator: "|")
        throw NavVizError(.usage, file: output, "cannot tell the format from the extension '.\(ext)'; use --format \(names)")
    }
}
