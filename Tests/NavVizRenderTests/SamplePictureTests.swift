import Foundation
import NavVizCore
import NavVizRender
import Testing
import _NavVizTestSupport

/// Every sample drawn by Graphviz as `navviz render SAMPLE` draws it (its last frame): SVG
/// with the legend, and PNG. The scene is made here, in this process, and checked first
/// against the DOT the binary prints for the sample (its golden file `render.dot`, which
/// GoldenFileTests keeps), so what Graphviz draws here is what
/// the binary would hand it; the drawing goes through this process's worker pool instead of
/// two navviz processes, and their workers, per sample.
struct SamplePictureTests {
    @Test(arguments: PackagePaths.allSamples())
    func sampleRendersAsSVGAndPNG(_ name: String) throws {
        let frame = try #require(Samples.lastState(of: try Samples.load(name)))
        let plain = DOTEncoder.encode(TreeScene.make(frame.tree, theme: .light, title: frame.label))
        let golden = PackagePaths.root.appendingPathComponent("Tests/Goldens/\(name)/render.dot")
        #expect(plain == (try String(contentsOf: golden, encoding: .utf8)), "the scene made here is not the one `navviz render \(name)` draws")

        let legend = DOTEncoder.encode(TreeScene.make(frame.tree, theme: .light, title: frame.label, legend: true))
        let svg = String(decoding: try Graphviz.shared.render(dot: legend, format: .svg), as: UTF8.self)
        #expect(svg.contains("<svg"))
        let png = try Graphviz.shared.render(dot: plain, format: .png)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
