import Foundation
import Testing
import _NavVizTestSupport

/// `navviz --version`: navviz's version and the Graphviz it runs on.
struct VersionTests {
    @Test func versionNamesNavVizAndGraphviz() throws {
        let r = try NavVizBinary.run(["--version"])
        #expect(r.status == 0 && r.stderr == "")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[0].wholeMatch(of: /navviz [0-9]+\.[0-9]+\.[0-9]+/) != nil, "\(r.stdout)")
        let graphviz = try #require(lines[1].wholeMatch(of: /Graphviz ([0-9]+\.[0-9]+(\.[0-9]+)?)/)?.1)
        // The same library the dot CLI beside it reports, when it is installed: the dot of
        // GRAPHVIZ_PREFIX when `make test GRAPHVIZ_PREFIX=DIR` built navviz against another
        // Graphviz, else the one on PATH.
        let dot = Process()
        if let prefix = ProcessInfo.processInfo.environment["GRAPHVIZ_PREFIX"], !prefix.isEmpty {
            dot.executableURL = URL(fileURLWithPath: prefix).appendingPathComponent("bin/dot")
            dot.arguments = ["-V"]
        } else {
            dot.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            dot.arguments = ["dot", "-V"]
        }
        let pipe = Pipe()
        dot.standardError = pipe
        dot.standardOutput = pipe
        if (try? dot.run()) != nil {
            dot.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if dot.terminationStatus == 0 { #expect(text.contains("version \(graphviz)"), "\(text)") }
        }
        // A subcommand answers the same.
        #expect(try NavVizBinary.run(["check", "--version"]).stdout == r.stdout)
    }
}
