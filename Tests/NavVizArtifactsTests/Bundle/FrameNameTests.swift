import Foundation
import Testing
@testable import NavVizArtifacts

/// Frame files are numbered from 1, at least four digits wide, as `%04d` writes them.
struct FrameNameTests {
    @Test(arguments: [0, 8, 9, 98, 998, 999, 9998, 9999, 123_455])
    func framesAreNumberedAsPercent04dNumbersThem(i: Int) {
        #expect(AnimationBundle.frameNumber(i) == String(format: "%04d", i + 1))
        #expect(AnimationBundle.svgName(i) == String(format: "frames/%04d.svg", i + 1))
        #expect(AnimationBundle.pngName(i) == String(format: "frames/%04d.png", i + 1))
    }
}
