import Foundation
import NavVizArtifacts
import NavVizCore
import Testing
import _NavVizTestSupport

/// README's "As a library" example, compiled as written (the lines between the markers are
/// checked against README.md and the DocC getting-started article, which show the same
/// block), with its three paths made a scratch directory's.
func libraryExample(session: String, expected: String, out: String) throws -> [String] {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
// README: As a library
var options = Animation.Options()
options.png = true
options.states = StateRange(lower: 120, upper: 180)
let written = try Animation.write(session, to: out, options: options,
                                  diagnostics: Diagnostics(report: { print($0) }))
print(written.main, written.frames, written.failure ?? "ok")  // out/index.html 111 ok

_ = try Check.record(session, to: expected, settings: TimelineSettings())
let outcome = Check.run(session, expect: expected, settings: TimelineSettings())
print(outcome.status, CheckReport.json([outcome]).count > 0)  // matched true

let picture = try NavViz.render(session, options: .init(format: .svg, state: .index(3)))
print(picture.starts(with: Array("<?xml".utf8)))  // true
// end
    return printed
}

@Suite struct LibraryExampleTests {
    /// The example's Swift block in a Markdown page: its lines after `import` and the paths.
    static func shown(in page: String) throws -> [String] {
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(page), encoding: .utf8)
        let start = try #require(text.range(of: "```swift\nimport NavVizArtifacts\n\nlet session = "))
        let body = try #require(text.range(of: "\n", range: start.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```\n", range: body.upperBound..<text.endIndex))
        return text[body.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test(arguments: ["README.md", "Sources/NavVizArtifacts/NavVizArtifacts.docc/GettingStarted.md"])
    func pagesShowTheCompiledCode(_ page: String) throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "// README: As a library\n"))
        let end = try #require(source.range(of: "// end\n", range: start.upperBound..<source.endIndex))
        let compiled = source[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(try Self.shown(in: page) == compiled)
    }

    /// The example prints what its comments say.
    @Test func runsAsItsCommentsSay() throws {
        let dir = try Scratch.directory("library-example")
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = dir.appendingPathComponent("session.ndjson").path
        try SessionLog.ndjson(transitions: 180).write(toFile: session, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out").path
        let printed = try libraryExample(session: session, expected: dir.appendingPathComponent("session.expected.json").path, out: out)
        #expect(printed == ["\(out)/index.html 111 ok", "matched true", "true"])
        #expect(FileManager.default.fileExists(atPath: out + "/frames/0111.png"))
    }
}
