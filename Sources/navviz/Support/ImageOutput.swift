import NavVizRender

/// Scenes to bytes: DOT as text, images through the shared Graphviz owner.
enum ImageOutput {
    /// The bytes of `scene` in `format`; messages name `file`, the input drawn.
    static func bytes(scene: Scene, format: OutputFormat, file: String) throws -> [UInt8] {
        guard let image = format.image else { return Array(DOTEncoder.encode(scene).utf8) }
        guard scene.nodes.count <= Graphviz.maxImageNodes else {
            throw Failure(RenderError.tooLarge(nodes: scene.nodes.count, limit: Graphviz.maxImageNodes), file: file)
        }
        let dot = DOTEncoder.encode(scene)
        do {
            return try Graphviz.shared.render(dot: dot, format: image)
        } catch {
            throw Failure(error, file: file)
        }
    }
}
