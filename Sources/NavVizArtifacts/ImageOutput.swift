import NavVizRender

/// One scene drawn as an image through the shared Graphviz owner, its failures as
/// ``NavVizError``s naming the input.
public enum ImageOutput {
    /// The bytes of `scene` as a `format` image; messages name `file`, the input drawn. A
    /// scene of more than ``Graphviz/maxImageNodes`` nodes is refused before Graphviz sees it.
    public static func bytes(scene: Scene, format: ImageFormat, file: String) throws -> [UInt8] {
        guard scene.nodes.count <= Graphviz.maxImageNodes else {
            throw NavVizError(RenderError.tooLarge(nodes: scene.nodes.count, limit: Graphviz.maxImageNodes), file: file)
        }
        let dot = DOTEncoder.encode(scene)
        do throws(RenderError) {
            return try Graphviz.shared.render(dot: dot, format: format)
        } catch {
            throw NavVizError(error, file: file)
        }
    }
}
