import Foundation
import Testing
import NavVizCore
@_spi(Internals) @testable import NavVizRender
import _NavVizTestSupport

/// A window's layout kept packed until its frames are drawn unpacks to the layout it was.
struct StableLayoutPackedTests {
    static func expectSame(_ a: StableLayout, _ b: StableLayout) {
        #expect(a.nodeIDs == b.nodeIDs)
        #expect(a.names == b.names)
        #expect(a.positions == b.positions)
        #expect(a.sizes.mapValues { [$0.0, $0.1] } == b.sizes.mapValues { [$0.0, $0.1] })
        #expect([a.corners.0, a.corners.1] == [b.corners.0, b.corners.1])
        #expect(a.edgeKeys == b.edgeKeys)
        #expect(a.routes == b.routes)
    }

    /// Every window of a recorded session: the unpacked layout has every node, place, size,
    /// spline and name the laid-out one had, and pins each frame to the same DOT.
    @Test func aSessionsWindowsUnpackToTheLayoutsTheyWere() throws {
        let timeline = TimelineBuilder.build(try DocumentReader.log(Array(SessionLog.ndjson(transitions: 60, seed: 5).utf8)))
        let frames = AnimationPlan.frames(timeline, theme: .light)
        var planner = AnimationRenderer.Planner(layout: .stable, windowNodes: 40)
        try planner.add(frames)
        let windows = try planner.windows()
        #expect(windows.count > 1)
        for window in windows {
            let scenes = frames[window.frames].map(\.scene)
            let laidOut = try StableLayout.compute(union: StableLayout.unionScene(scenes))
            let unpacked = try window.drawing().stable
            Self.expectSame(unpacked, laidOut)
            Self.expectSame(StableLayout(laidOut.packed), laidOut)
            #expect(!laidOut.routes.isEmpty && laidOut.positions.count == laidOut.nodeIDs.count)
            for scene in scenes { #expect(unpacked.dot(scene) == laidOut.dot(scene)) }
        }
    }

    /// A node the layout has no place for (Graphviz gave none) stays without one, ids that
    /// are not ASCII and splines keep their bytes, and the packed form is smaller than the
    /// strings it holds would be apart.
    @Test func whatIsMissingStaysMissing() {
        let key = StableLayout.EdgeKey(from: "a", to: "é.screen")
        let layout = StableLayout(positions: ["a": Point(x: 1.5, y: -2)], sizes: ["a": (30, 20.25)],
                                  corners: (Point(x: -24, y: -30), Point(x: 80, y: 90)), routes: [key: "e,1,2 3.5,4 5,6"],
                                  nodeIDs: ["a", "é.screen", "ghost"], edgeKeys: [key])
        let unpacked = StableLayout(layout.packed)
        Self.expectSame(unpacked, layout)
        #expect(unpacked.positions["é.screen"] == nil && unpacked.sizes["ghost"] == nil)
        #expect(layout.packed.byteCount == "aé.screenghost".utf8.count + 3 * 4 + 12 * 8 + 4 * 8 + 2 * 4 + "e,1,2 3.5,4 5,6".utf8.count + 4)
    }
}
