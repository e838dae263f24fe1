@_spi(Internals) import NavVizRender
import NavVizArtifacts
import NavVizCore
import Foundation
import Testing
@testable import NavVizWatch
import _NavVizTestSupport

/// The widths a live window estimates for new screens are close to Graphviz's, so a grown
/// node's box holds its label as a laid-out one does.
@Suite struct LiveLayoutTests {
    @Test func estimatedWidthsAreCloseToGraphviz() throws {
        let lines = SessionLog.ndjson(transitions: 40, seed: 5).split(separator: "\n").map(String.init)
        var stepper = SequenceStepper(dialect: .navviz)
        var ratios: [Double] = []
        for line in lines.prefix(20) {
            let step = stepper.step(try DocumentReader.logLine(Array(line.utf8), line: 1))
            let scenes = AnimationPlan.frames(for: step, theme: .light).map(\.scene)
            let layout = try StableLayout.compute(scenes)
            // A node's width in the layout is its widest look in the step's frames.
            var widest: [String: Double] = [:]
            for node in scenes.flatMap(\.nodes) { widest[node.id] = max(widest[node.id] ?? 0, LiveLayout.width(node)) }
            for node in scenes.flatMap(\.nodes) where widest[node.id] == LiveLayout.width(node) {
                guard let (w, _) = layout.sizes[node.id] else { continue }
                ratios.append(LiveLayout.width(node) / w)
                if ProcessInfo.processInfo.environment["NAVVIZ_WIDTHS"] != nil { print("W", w, LiveLayout.width(node), node.title, node.subtitle ?? "-") }
            }
        }
        ratios.sort()
        #expect(ratios.count > 50)
        // Most estimates within 15% under and 20% over Graphviz's width, none under 80% (a label that would
        // spill out of its box).
        #expect(ratios[ratios.count / 10] > 0.85 && ratios[ratios.count * 9 / 10] < 1.2, "\(ratios)")
        #expect(ratios[0] > 0.8, "\(ratios)")
    }
}
