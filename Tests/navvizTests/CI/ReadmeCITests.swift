import Foundation
import NavVizCore
import NavVizFiles
import Testing
import _NavVizTestSupport

/// The README's "In CI" section runs as written: its navviz commands, and its GitHub
/// workflow snippets (through action.sh, as the action runs them), in a workspace holding
/// the plugin fixture's Nav/ documents. The GitLab and plugin commands run in
/// ``PluginFixtureTests``.
final class ReadmeCITests {
    /// The section's fenced blocks of one language, in order.
    static func blocks(_ language: String) throws -> [String] {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n## In CI\n"))
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var out: [String] = []
        var rest = section[..<end]
        while let open = rest.range(of: "```\(language)\n") {
            let body = rest[open.upperBound...]
            let close = try #require(body.range(of: "\n```"))
            out.append(String(body[..<close.lowerBound]))
            rest = body[close.upperBound...]
        }
        return out
    }

    /// Shell commands of a block: `\`-continued lines joined, comments dropped.
    static func commands(_ block: String) -> [String] {
        block.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").map { line in
            var l = String(line)
            if let hash = l.range(of: "  #") { l = String(l[..<hash.lowerBound]) }
            return l.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    let workspace: URL

    init() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PackagePaths.root.appendingPathComponent("Tests/Fixtures/PluginConsumer/Nav"),
                                         to: workspace.appendingPathComponent("Nav"))
    }

    deinit {
        try? FileManager.default.removeItem(at: workspace)
    }

    func shell(_ command: String, _ environment: [String: String?] = [:]) throws -> NavVizBinary.Result {
        try NavVizBinary.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: workspace, environment: environment, timeout: 300)
    }

    @Test func navvizCommandsRunAsWritten() throws {
        let summary = workspace.appendingPathComponent("summary.md").path
        let commands = try Self.blocks("sh").flatMap(Self.commands).filter { $0.hasPrefix("navviz ") }
        #expect(commands.count == 4)
        for command in commands {
            let r = try shell(NavVizBinary.url.path + command.dropFirst("navviz".count), ["GITHUB_STEP_SUMMARY": summary])
            #expect(r.status == 0, "\(command): \(r.stderr)")
        }
        #expect(JUnitSchema.problems(try String(contentsOf: workspace.appendingPathComponent("navviz-check.xml"), encoding: .utf8)) == [])
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("## navviz check: no drift in 2 documents\n") && text.contains("```mermaid"))
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("navviz-inbox/index.html").path))
    }

    @Test func githubSnippetsUseTheActionsInputsAndRun() throws {
        let yaml = try Self.blocks("yaml")
        #expect(yaml.count == 3)
        let action = try DocumentFile.valueTree(Array(try Data(contentsOf: PackagePaths.root.appendingPathComponent("action.yml"))), format: .yaml)
        let inputs = try #require(action.member("inputs", of: action.root))
        let workflow = try DocumentFile.valueTree(Array(yaml[0].utf8), format: .yaml)
        let steps = try #require(["jobs", "navviz", "steps"].reduce(Optional(workflow.root)) { v, k in v.flatMap { workflow.member(k, of: $0) } })
        let uses = try #require(workflow.members(steps).first { s in workflow.member("uses", of: s).map(workflow.text)?.hasPrefix("navviz/navviz@v") == true })
        var with: [String: String] = [:]
        for (key, value) in workflow.fields(try #require(workflow.member("with", of: uses))) {
            #expect(action.member(key, of: inputs) != nil, "action.yml has no input \(key)")
            with[key] = workflow.text(value)
        }
        for (key, value) in action.fields(inputs) where action.member("required", of: value).map(action.text) == "true" {
            #expect(with[key] != nil, "the snippet leaves out the required input \(key)")
        }
        // The action's run step with these inputs, as action.yml hands them over.
        let r = try NavVizBinary.run(executable: URL(fileURLWithPath: "/bin/bash"), [PackagePaths.root.appendingPathComponent("Scripts/action.sh").path, "run"],
                                     in: workspace, environment: ["NAVVIZ": NavVizBinary.url.path, "NAVVIZ_COMMAND": with["command"], "NAVVIZ_FILES": with["files"],
                                                                  "NAVVIZ_EXPECT": with["expect"]], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")

        // By hand: the navviz step runs, and the upload takes the report it wrote.
        let byHand = try DocumentFile.valueTree(Array(yaml[1].utf8), format: .yaml)
        let runs = byHand.members(byHand.root).compactMap { byHand.member("run", of: $0).map(byHand.text) }
        let check = try #require(runs.first { $0.hasPrefix("navviz/.build/release/navviz check ") })
        let summary = workspace.appendingPathComponent("by-hand.md").path
        let c = try shell(NavVizBinary.url.path + check.dropFirst("navviz/.build/release/navviz".count), ["GITHUB_STEP_SUMMARY": summary])
        #expect(c.status == 0, "\(c.stderr)")
        let upload = try #require(byHand.members(byHand.root).first { byHand.member("uses", of: $0).map(byHand.text)?.hasPrefix("actions/upload-artifact@") == true })
        let path = try #require(byHand.member("with", of: upload).flatMap { byHand.member("path", of: $0) }.map(byHand.text))
        #expect(check.contains("--report junit:\(path)") && FileManager.default.fileExists(atPath: workspace.appendingPathComponent(path).path))
        #expect(byHand.member("if", of: upload).map(byHand.text) == "always()")
    }

    @Test func gitlabSnippetShowsTheReportItWrites() throws {
        let gitlab = try DocumentFile.valueTree(Array(try Self.blocks("yaml")[2].utf8), format: .yaml)
        let job = try #require(gitlab.member("navviz", of: gitlab.root))
        let script = gitlab.members(try #require(gitlab.member("script", of: job))).map(gitlab.text)
        let junit = try #require(gitlab.member("artifacts", of: job).flatMap { gitlab.member("reports", of: $0) }.flatMap { gitlab.member("junit", of: $0) }.map(gitlab.text))
        #expect(script.count == 1 && script[0].contains("navviz check ") && script[0].contains("--report junit:\(junit)"))
        #expect(gitlab.member("artifacts", of: job).flatMap { gitlab.member("when", of: $0) }.map(gitlab.text) == "always")
    }
}
