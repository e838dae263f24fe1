import Foundation
import Testing
import _NavVizTestSupport

/// `animate --step-summary`: summary.md for a GitHub step summary, which cannot reach the
/// output folder's files.
final class StepSummaryTests {
    let tmp: URL

    init() throws {
        tmp = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-summary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: tmp)
    }

    @Test func animateAppendsASummaryWithoutLocalLinks() throws {
        let summary = tmp.appendingPathComponent("step.md").path
        try "earlier\n".write(toFile: summary, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("deeplink").path
        let r = try NavVizBinary.run(["animate", "Samples/nivelir-deeplink.script.json", "-o", out, "--step-summary", summary])
        #expect(r.status == 0, "\(r.stderr)")
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

    @Test func summaryShrinksToTheRoomLeft() throws {
        let summary = tmp.appendingPathComponent("step.md").path
        let earlier = String(repeating: "e", count: 1_048_576 - 1_500)
        try earlier.write(toFile: summary, atomically: true, encoding: .utf8)
        let r = try NavVizBinary.run(["animate", "Samples/nivelir-deeplink.script.json", "-o", tmp.appendingPathComponent("out").path, "--step-summary", summary])
        #expect(r.status == 0, "\(r.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: summary)[.size] as? Int)
        #expect(size > earlier.utf8.count && size <= 1_048_576)
        let added = try String(contentsOfFile: summary, encoding: .utf8).dropFirst(earlier.count)
        #expect(added.contains("# Chat deep link while a modal is open (Nivelir)") && !added.contains("```mermaid"))
    }
}
