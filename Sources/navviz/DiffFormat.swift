import ArgumentParser

/// The formats `diff` writes.
enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, dot, svg, png, pdf, mermaid

    var isBinary: Bool { self == .png || self == .pdf }

    /// Whether the format is a picture of one transition.
    var isPicture: Bool { self != .text && self != .json }

    /// The same format for ``ImageOutput`` (dot and the Graphviz images).
    var render: RenderFormat? { RenderFormat(rawValue: rawValue) }

    /// The explicit format, else the output's extension, else text.
    static func resolve(_ explicit: DiffFormat?, output: String?) throws -> DiffFormat {
        if let explicit { return explicit }
        guard let output, output != "-" else { return .text }
        let ext = output.split(separator: ".").last.map { String($0).lowercased() } ?? ""
        switch ext {
        case "txt": return .text
        case "gv": return .dot
        case "mmd": return .mermaid
        default:
            if let f = DiffFormat(rawValue: ext) { return f }
            throw Failure(["\(output): error: cannot tell the format from the extension '.\(ext)'; use --format text|json|dot|svg|png|pdf|mermaid"], status: Failure.Status.usage)
        }
    }
}

/// `--dialect`, as the command line spells it.
enum DiffDialectChoice: String, ExpressibleByArgument, CaseIterable {
    case navviz, katana, reswift, tempura
}
