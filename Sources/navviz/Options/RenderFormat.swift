import ArgumentParser
import NavVizRender

/// The formats `render` writes.
enum RenderFormat: String, ExpressibleByArgument, CaseIterable {
    case svg, png, pdf, dot, json, text

    var isBinary: Bool { self == .png || self == .pdf }

    var image: ImageFormat? { ImageFormat(rawValue: rawValue) }

    /// The explicit format, else the output's extension, else text.
    static func resolve(_ explicit: RenderFormat?, output: String?) throws -> RenderFormat {
        try explicit ?? OutputExtension.format(of: output, fallback: .text, aliases: ["txt": .text, "gv": .dot])
    }
}
