import Foundation
import Testing
import NavVizCore
import NavVizRecorder
import _NavVizTestSupport

/// A router whose state the examples record.
struct ExampleRouter {
    var state: NavigationNode
}

/// docs/recorder.md's and README's Swift, compiled as written (the blocks between the
/// markers are checked against the pages).
@MainActor
func recorderExamples(router: ExampleRouter, logURL: URL, rootViewController: FakeController) throws -> NavigationRecorder {
// docs/recorder.md: Recording
let recorder = NavigationRecorder(capacity: 500, secretKeys: ["token", "email"])

// On every navigation change (any thread):
recorder.record(router.state, label: "open chat")

// From a debug menu, or when a UI test fails:
try recorder.write(to: FileManager.default.temporaryDirectory.appendingPathComponent("navigation.ndjson"))

// Or continuously, one whole line per record:
try recorder.startWriting(to: logURL)
// end
// docs/recorder.md: UIKit
// On the main actor, with the window's root view controller:
recorder.record(ViewControllerHierarchy.node(from: rootViewController), label: "after checkout")
// end
    try recorder.stopWriting()
    return recorder
}

@MainActor
struct DocsExamplesTests {
    @Test func examplesRecordWhatTheySay() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-docs-\(UUID().uuidString).ndjson")
        defer { try? FileManager.default.removeItem(at: log) }
        let router = ExampleRouter(state: NavigationNode(id: "chat", context: ["token": "x", "chatId": "7"]))
        let recorder = try recorderExamples(router: router, logURL: log, rootViewController: FakeController("App.Root", visible: true))
        #expect(recorder.records.map(\.label) == ["open chat", "after checkout"])
        let r = try NavVizBinary.run(["timeline", log.path])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("frame 0: open chat\nchat?chatId=7 ●\n"))
    }

    /// Every Swift block docs/recorder.md shows is compiled here or in Adapters/, word for word.
    @Test func docsShowTheCompiledCode() throws {
        let docs = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/recorder.md"), encoding: .utf8)
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        var compiled: [String] = []
        for file in ["DocsExamples.swift", "Adapters/KatanaAdapter.swift", "Adapters/PortusAdapter.swift", "Adapters/TempuraAdapter.swift",
                     "Adapters/TCAAdapter.swift", "Samples/SwiftUIShop.swift", "Samples/TCAShop.swift"] {
            let source = try String(contentsOf: here.appendingPathComponent(file), encoding: .utf8)
            var rest = source[...]
            while let start = rest.range(of: "\n// docs/recorder.md: ") {
                let body = rest[start.upperBound...].drop { $0 != "\n" }.dropFirst()
                let end = try #require(body.range(of: "// end\n"))
                compiled.append(String(body[..<end.lowerBound]))
                rest = body[body.index(before: end.upperBound)...]  // from the newline that ends "// end"
            }
        }
        #expect(compiled.count == 8)
        var shown: [String] = []
        var rest = docs[...]
        while let start = rest.range(of: "```swift\n") {
            let end = try #require(rest[start.upperBound...].range(of: "```\n"))
            shown.append(String(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        #expect(shown.count == compiled.count)
        for block in shown {
            #expect(compiled.contains(block), "docs/recorder.md shows code that is not compiled:\n\(block)")
        }
    }
}

/// README's recorder lines, compiled as written.
func readmeExample(router: ExampleRouter, logURL: URL) throws -> NavigationRecorder {
// README: From your app
let recorder = NavigationRecorder(secretKeys: ["token"])  // keeps the last 500 states
recorder.record(router.state, label: "open chat")        // on every change, from any thread
try recorder.write(to: logURL)                           // from a debug menu or a failed test
// end
    return recorder
}

/// README's "From your app": its commands run, its Swift is the code compiled above.
struct ReadmeFromYourAppTests {
    static func section() throws -> String {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## From your app\n"))
        let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        return String(readme[start.upperBound..<end])
    }

    static func block(_ language: String, in text: String) throws -> [String] {
        let start = try #require(text.range(of: "```\(language)\n"))
        let end = try #require(text.range(of: "```\n", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    @Test func commandsRun() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("Samples"), withDestinationURL: PackagePaths.samples)
        let commands = try Self.block("sh", in: Self.section())
        #expect(commands.count == 3)
        for line in commands {
            let command = line.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            let words = command.split(separator: " ").map(String.init)
            #expect(words.first == "navviz")
            let process = Process()
            process.executableURL = NavVizBinary.url
            process.arguments = Array(words.dropFirst())
            process.currentDirectoryURL = dir
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(command)")
        }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("app.json").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("app.png").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("session/index.html").path))
    }

    @Test func swiftIsTheCompiledCode() throws {
        let shown = try Self.block("swift", in: Self.section())
        #expect(shown.first == "import NavVizRecorder")
        #expect(shown.count == 5)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "// README: From your app\n"))
        let end = try #require(source.range(of: "// end\n", range: start.upperBound..<source.endIndex))
        #expect(source[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init) == Array(shown[1...3]))
        // The last line's command reads what the lines above write.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-readme-\(UUID().uuidString).ndjson")
        let out = log.deletingPathExtension().path
        defer { try? FileManager.default.removeItem(at: log); try? FileManager.default.removeItem(atPath: out) }
        _ = try readmeExample(router: ExampleRouter(state: NavigationNode(id: "chat")), logURL: log)
        #expect(shown[4].hasPrefix("// then: navviz animate navigation.ndjson -o out"))
        #expect(try NavVizBinary.run(["animate", log.path, "-o", out]).status == 0)
    }
}
