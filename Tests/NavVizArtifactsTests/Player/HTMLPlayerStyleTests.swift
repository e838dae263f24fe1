import Foundation
import Testing
@testable import NavVizArtifacts
@testable import NavVizRender

/// The player's style sheet: under `prefers-reduced-motion: reduce` nothing in the picture
/// fades or moves. Every rule that animates or transitions the picture's elements is switched
/// off there by the same selector (a weaker one loses to it: `svg .node` did not stop
/// `svg #nodes > g`'s fade-in, so with reduced motion every node still faded in).
struct HTMLPlayerStyleTests {
    @Test(arguments: [false, true])
    func reducedMotionStopsEveryAnimation(dark: Bool) throws {
        let lines = HTMLPlayer.head(title: "t", dark: dark).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let reduced = try #require(lines.first { $0.hasPrefix("@media (prefers-reduced-motion: reduce)") })
        let body = try #require(reduced.split(separator: "{", maxSplits: 1).last)
        let stopped = Set(body.prefix { $0 != "{" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(body.contains("transition: none") && body.contains("animation: none"))
        let moving = lines.filter { $0.hasPrefix("svg") && ($0.contains("animation:") || $0.contains("transition:")) }
        #expect(moving.count >= 2, "\(moving)")
        for rule in moving {
            for selector in rule.prefix(while: { $0 != "{" }).split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                #expect(stopped.contains(selector), "'\(selector)' still moves under reduced motion")
            }
        }
    }
}
