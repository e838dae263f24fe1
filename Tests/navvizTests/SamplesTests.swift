import Foundation
import Testing
import _NavVizTestSupport

/// Every sample loads and validates through the built binary, in one run. (Each is drawn as
/// SVG and PNG in NavVizRenderTests' SamplePictureTests, from the scene whose DOT the binary
/// prints; GoldenFileTests keeps each sample's output in every text format, made by the
/// binary or, for most samples, by the library calls the commands make.)
struct SamplesTests {
    @Test func everySampleValidates() throws {
        let samples = PackagePaths.allSamples()
        let v = try NavVizBinary.run(["validate"] + samples.map { "Samples/\($0)" })
        #expect(v.status == 0, "\(v.stderr)")
        for name in samples {
            #expect(v.stdout.contains("Samples/\(name): ok ("), "\(name): \(v.stdout)")
        }
    }
}
