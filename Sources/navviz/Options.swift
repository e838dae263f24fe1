import Foundation
import ArgumentParser
import NavVizCore
import NavVizRender

/// `-o/--output`, shared by every command that writes one artifact.
struct OutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: "Write to this file (atomically); its extension picks the format. Default: standard output.")
    var path: String?

    /// Writes to the file, or to standard output; binary output refuses a terminal.
    func write(_ bytes: [UInt8], binary: Bool) throws {
        if let path {
            try OutputFile.write(bytes, to: path)
        } else {
            if binary && Terminal.stdoutIsTerminal {
                throw Failure(["error: binary output would go to the terminal; use -o FILE"], status: Failure.Status.usage)
            }
            Terminal.out(bytes)
        }
    }
}

/// `--theme` and `--legend`, shared by every command that draws.
struct LookOptions: ParsableArguments {
    @Option(help: "Colour theme: light or dark.")
    var theme: ThemeChoice = .light

    @Flag(help: "Add a legend that explains colours and shapes.")
    var legend = false
}

enum ThemeChoice: String, ExpressibleByArgument, CaseIterable {
    case light, dark
    var value: Theme { self == .light ? .light : .dark }
}

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

/// `--frame N|last`.
enum FrameChoice: ExpressibleByArgument, Equatable {
    case index(Int)
    case last

    init?(argument: String) {
        if argument == "last" {
            self = .last
        } else if let n = Int(argument), n >= 0 {
            self = .index(n)
        } else {
            return nil
        }
    }

    func pick(_ frames: [Frame], file: String) throws -> Frame {
        switch self {
        case .last:
            guard let f = frames.last else {
                throw Failure(["\(file): error: the document has no frames"], status: Failure.Status.dataError)
            }
            return f
        case .index(let n):
            guard n < frames.count else {
                throw Failure(["\(file): error: --frame \(n) is out of range: the document has \(frames.count) frame\(frames.count == 1 ? "" : "s") (0...\(max(0, frames.count - 1)))"], status: Failure.Status.usage)
            }
            return frames[n]
        }
    }
}

/// Scenes to bytes: DOT as text, images through the shared Graphviz owner.
enum ImageOutput {
    static func bytes(scene: Scene, format: RenderFormat) throws -> [UInt8] {
        let dot = DOTEncoder.encode(scene)
        guard let image = format.image else { return Array(dot.utf8) }
        guard scene.nodes.count <= Graphviz.maxImageNodes else {
            throw Failure(["error: \(RenderError.tooLarge(nodes: scene.nodes.count, limit: Graphviz.maxImageNodes))"], status: Failure.Status.dataError)
        }
        do {
            return try Graphviz.shared.render(dot: dot, format: image)
        } catch {
            throw Failure(["error: \(error)"], status: Failure.Status.software)
        }
    }
}

/// The frames of any document, in order: a snapshot's tree, a sequence's or log's frames,
/// an action script's initial tree and the state after each step, a route request's start
/// and the state after each executed instruction.
enum FrameSource {
    static func frames(of document: Document, file: String) throws -> [Frame] {
        switch document {
        case .snapshot(let tree): return [Frame(tree: tree)]
        case .sequence(let s): return s.frames
        case .script, .route:
            do {
                return try TimelineBuilder.build(document).frames
            } catch {
                throw Failure(["\(displayName(file)): error: \(error)"], status: Failure.Status.dataError)
            }
        }
    }
}
