import Foundation
import Testing
import _NavVizTestSupport

/// summary.md as `navviz animate` writes it: a failed step is listed with its frame, and
/// every link works in the output folder; `--step-summary` appends it without the links; a
/// failed route exits 1, saying why, after writing the bundle.
final class SummaryCommandTests: ScratchSuite {
    /// The targets of the Markdown links in `text`.
    static func links(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)]*)\)"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func aFailedRouteIsAStepOfItsOwnAndEveryLinkWorks() throws {
        let out = tmp.appendingPathComponent("loop")
        let step = tmp.appendingPathComponent("step.md").path
        let r = try NavVizBinary.run(["animate", "Samples/portus-loop.route.json", "-o", out.path, "--step-summary", step])
        // The bundle is written (the failure drawn as its last frame), its player printed, the
        // failure said, and the status is 1.
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "\(out.path)/index.html\n\(out.path)/summary.md\n\(out.path)/frames/\n")
        #expect(r.stderr == "Samples/portus-loop.route.json: error: destination not reachable: routing loops: chunk 3 (enter settings) repeats chunk 1 on the same tree\n")
        let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("> **error:** destination not reachable: routing loops"))
        #expect(summary.hasSuffix("| 2 | leave settings | 1. leave settings | [0004](frames/0004.svg) [0005](frames/0005.svg) |\n"
            + "| ✗ | failed: destination not reachable: routing loops: chunk 3 (enter settings) repeats chunk 1 on the same tree | not run | [0006](frames/0006.svg) |\n"))
        let links = Self.links(summary)
        #expect(links.count == 5)
        for link in links {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(link).path), "\(link)")
        }
        let text = try String(contentsOfFile: step, encoding: .utf8)
        #expect(text.hasSuffix("| ✗ | failed: destination not reachable: routing loops: chunk 3 (enter settings) repeats chunk 1 on the same tree | not run |\n"))
        #expect(!text.contains("]("))
    }
}
