import Foundation
import NavVizArtifacts
import NavVizCore
import Testing
import _NavVizTestSupport

/// `Animation.write`, the library call behind `navviz animate`: a Swift program gets the
/// same bundle the command writes, its diagnostics through a callback and its refusals as
/// ``NavVizError``s, without the CLI.
@Suite struct AnimationTests {
    /// Collects what a call reports.
    final class Collected {
        var diagnostics: [Diagnostic] = []
        var progress: [(Int, Int)] = []
        var sink: Diagnostics {
            Diagnostics(report: { self.diagnostics.append($0) }, progress: { self.progress.append(($0, $1)) })
        }
    }

    @Test func writesTheBundleOfAScript() throws {
        let dir = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("deeplink").path
        let collected = Collected()
        let written = try Animation.write(PackagePaths.sample("nivelir-deeplink.script.json"), to: out, options: Animation.Options(),
                                          diagnostics: collected.sink)
        #expect(written.main == out + "/index.html")
        #expect(written.failure == nil)
        #expect(collected.diagnostics.isEmpty)
        // Progress counts every frame once, in order, up to the total.
        #expect(collected.progress.map(\.0) == Array(1...written.frames))
        #expect(collected.progress.allSatisfy { $0.1 == written.frames })
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["frames", "index.html", "manifest.json", "summary.md"])
        let frames = try FileManager.default.contentsOfDirectory(atPath: out + "/frames").sorted()
        #expect(frames == (1...written.frames).map { String(format: "%04d.svg", $0) })
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("```mermaid"))
        // The step summary is the summary without links to the bundle's files.
        let step = written.stepSummary(limit: 1 << 20)
        #expect(!step.isEmpty && !step.contains("frames/0001.svg"))
    }

    @Test func aFailedRouteIsWrittenAndReturned() throws {
        let dir = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("loop").path
        let written = try Animation.write(PackagePaths.sample("portus-loop.route.json"), to: out, options: Animation.Options())
        let failure = try #require(written.failure)
        #expect(failure.hasPrefix("destination not reachable: routing loops"))
        let manifest = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"failed\""))
    }

    @Test func optionsChooseStepsAndImages() throws {
        let dir = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("part").path
        var options = Animation.Options()
        options.states = StateRange(lower: 1, upper: 2)
        options.png = true
        let written = try Animation.write(PackagePaths.sample("nivelir-deeplink.script.json"), to: out, options: options)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out + "/frames")
        #expect(frames.filter { $0.hasSuffix(".png") }.count == written.frames)
        #expect(frames.filter { $0.hasSuffix(".svg") }.count == written.frames)
        // State 1 is drawn as a start (one frame), state 2 with its transition (two).
        #expect(written.frames == 3)
        // Transitions keep the document's numbers: the one into state 2 is number 2, in the
        // manifest's frames and transitions and in the summary, which links its frames.
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any])
        let transitions = try #require(manifest["transitions"] as? [[String: Any]])
        #expect(transitions.map { $0["number"] as? Int } == [2])
        let entries = try #require(manifest["frames"] as? [[String: Any]])
        #expect(entries.map { $0["transition"] as? Int } == [nil, 2, 2])
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains(" | [0002](frames/0002.svg) [0003](frames/0003.svg) |\n"))
        #expect(summary.contains("\n| 2 | "))
        #expect(!FileManager.default.fileExists(atPath: out + "/.navviz-spool"))
    }

    @Test func aDirectoryNavvizDidNotWriteIsRefusedAndKept() throws {
        let dir = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let mine = dir.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: mine)
        #expect {
            try Animation.write(PackagePaths.sample("nivelir-deeplink.script.json"), to: dir.path, options: Animation.Options())
        } throws: { error in
            guard let error = error as? NavVizError else { return false }
            return error.kind == .cannotReplace && error.lines.first?.contains("has no navviz manifest.json") == true
        }
        #expect(try String(contentsOf: mine, encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["notes.txt"])
    }

    @Test func aCutLogIsAWarningAndItsCompleteLinesAreDrawn() throws {
        let dir = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("app.ndjson")
        let line = #"{"tree": {"id": "root", "children": [{"id": "home"}]}}"#
        try Data((line + "\n" + line.replacingOccurrences(of: "home", with: "chat") + "\n{\"tree\": {\"id\"").utf8).write(to: log)
        let collected = Collected()
        let written = try Animation.write(log.path, to: dir.appendingPathComponent("out").path, options: Animation.Options(), diagnostics: collected.sink)
        #expect(written.frames == 3)
        #expect(collected.diagnostics.map(\.description) == ["\(log.path):3: warning: " + DocumentWarning.cutLastLine(line: 3, complete: 2).message])
    }

    @Test func anInvalidDocumentIsADataErrorNamingTheFile() throws {
        let dir = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"frames": [{"tree": {"id": 3}}]}"#.utf8).write(to: bad)
        let out = dir.appendingPathComponent("out")
        #expect {
            try Animation.write(bad.path, to: out.path, options: Animation.Options())
        } throws: { error in
            guard let error = error as? NavVizError else { return false }
            return error.kind == .invalidInput && error.lines.first?.hasPrefix(bad.path + ":") == true
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
