import Foundation
import NavVizArtifacts
import Testing
import _NavVizTestSupport

/// An animation's summary appended to a GitHub step summary (`GitHubStepSummary.append` with
/// `Animation.Written.stepSummary(limit:)`, what `--step-summary` does): after what earlier
/// steps wrote, without links to local files, within the room GitHub's limit leaves.
struct StepSummaryTests {
    @Test func anAnimationsSummaryIsAppendedWithoutLocalLinks() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let summary = tmp.appendingPathComponent("step.md").path
        try "earlier\n".write(toFile: summary, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("deeplink").path
        let written = try Bundles.made("nivelir-deeplink.script.json", "deeplink", to: URL(fileURLWithPath: out))
        try GitHubStepSummary.append(to: summary, diagnostics: .silent) { written.stepSummary(limit: $0) }
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("earlier\n\n# Chat deep link while a modal is open (Nivelir)"))
        #expect(text.contains("```mermaid\n"))
        #expect(text.contains("| # | step | operations |\n|---|---|---|\n| 1 |"))
        // Nothing points at a file: no Markdown links or images, no frames/ paths.
        #expect(!text.contains("](") && !text.contains("frames/") && !text.contains("Open `index.html`"))
        // The bundle's own summary.md keeps its links.
        let bundled = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(bundled.contains("](frames/0002.svg)"))
        #expect(text.dropFirst("earlier\n\n".count).replacingOccurrences(of: "The frames and the player (`index.html`) are in the animation's folder.", with: "Open `index.html` to step through them.")
            .split(separator: "\n").count == bundled.split(separator: "\n").count)
    }

    @Test func theSummaryShrinksToTheRoomLeft() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let summary = tmp.appendingPathComponent("step.md").path
        let earlier = String(repeating: "e", count: 1_048_576 - 1_500)
        try earlier.write(toFile: summary, atomically: true, encoding: .utf8)
        let written = try Bundles.made("nivelir-deeplink.script.json", "deeplink", to: tmp.appendingPathComponent("out"))
        try GitHubStepSummary.append(to: summary, diagnostics: .silent) { written.stepSummary(limit: $0) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: summary)[.size] as? Int)
        #expect(size > earlier.utf8.count && size <= 1_048_576)
        let added = try String(contentsOfFile: summary, encoding: .utf8).dropFirst(earlier.count)
        #expect(added.contains("# Chat deep link while a modal is open (Nivelir)") && !added.contains("```mermaid"))
    }
}
