import Foundation
import Testing
import _NavVizTestSupport

/// summary.md as `navviz animate` writes it: a failed step is listed with its frame, and
/// every link works in the output folder.
final class SummaryCommandTests {
    let tmp: URL

    init() throws {
        tmp = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-summary-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: tmp)
    }

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
        #expect(r.status == 1, "\(r.stderr)")
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
