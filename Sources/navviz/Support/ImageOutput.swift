import NavVizRender

/// Scenes to bytes: DOT as text, images through the shared Graphviz owner.
enum ImageOutput {
    static func bytes(scene: Scene, format: RenderFormat) throws -> [UInt8] {
        let dot = DOTEncoder.encode(scene)
        guard let image = format.image else { return Array(dot.utf8) }
        guard scene.nodes.count <= Graphviz.maxImageNodes else {
            throw Failure(RenderError.tooLarge(nodes: scene.nodes.count, limit: Graphviz.maxImageNodes))
        }
        do {
            return try Graphviz.shared.render(dot: dot, format: image)
        } catch {
            throw Failure(error)
        }
    }
}
