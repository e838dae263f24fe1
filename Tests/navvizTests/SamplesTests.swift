import Foundation
import Testing
import _NavVizTestSupport

/// Every sample loads, validates and renders to SVG and PNG through the built binary.
struct SamplesTests {
    @Test(arguments: PackagePaths.allSamples())
    func sampleValidatesAndRenders(_ name: String) throws {
        let path = "Samples/\(name)"
        let v = try NavVizBinary.run(["validate", path])
        #expect(v.status == 0, "\(v.stderr)")
        let svg = try NavVizBinary.run(["render", path, "--format", "svg", "--legend"])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains("<svg"))
        let png = try NavVizBinary.run(["render", path, "--format", "png"])
        #expect(png.status == 0, "\(png.stderr)")
        #expect(png.stdoutBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
