import ArgumentParser
import NavVizRender

/// The formats `render` writes.
enum RenderFormat: String, ExpressibleByArgument, CaseIterable {
    case svg, png, pdf, dot, json, text, mermaid

    var isBinary: Bool { self == .png || self == .pdf }

    var image: ImageFormat? { ImageFormat(rawValue: rawValue) }

    /// The explicit format, else the output's extension, else text (see ``OutputExtension``).
    static func resolve(_ explicit: RenderFormat?, output: String?) throws -> RenderFormat {
        try OutputExtension.resolve(explicit, output: output, fallback: .text, aliases: ["txt": .text, "gv": .dot, "mmd": .mermaid])
    }
}
