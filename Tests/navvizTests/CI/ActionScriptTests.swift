import Foundation
import NavVizCore
import NavVizFiles
import Testing
import _NavVizTestSupport

/// The GitHub Action without GitHub: action.yml's steps call Scripts/action.sh, run here
/// with a fake GITHUB_OUTPUT and GITHUB_STEP_SUMMARY in a workspace of the plugin fixture's
/// documents.
final class ActionScriptTests {
    let workspace: URL
    let script = PackagePaths.root.appendingPathComponent("Scripts/action.sh")

    init() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-action-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PackagePaths.root.appendingPathComponent("Tests/Fixtures/PluginConsumer/Nav"),
                                         to: workspace.appendingPathComponent("Nav"))
    }

    deinit {
        try? FileManager.default.removeItem(at: workspace)
    }

    var outputFile: URL { workspace.appendingPathComponent("github-output") }
    var summaryFile: URL { workspace.appendingPathComponent("step-summary.md") }

    /// `action.sh STEP` in the workspace, as a runner runs it.
    func step(_ name: String, _ environment: [String: String?] = [:], script: URL? = nil) throws -> NavVizBinary.Result {
        var env: [String: String?] = ["GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": outputFile.path, "GITHUB_STEP_SUMMARY": summaryFile.path,
                                      "NAVVIZ": NavVizBinary.url.path]
        for (k, v) in environment { env[k] = v }
        return try NavVizBinary.run(executable: URL(fileURLWithPath: "/bin/bash"), [(script ?? self.script).path, name], in: workspace, environment: env, timeout: 600)
    }

    /// What the steps wrote to GITHUB_OUTPUT, last value of each name.
    func outputs() throws -> [String: String] {
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            out[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        return out
    }

    @Test func checkWritesReportsSummaryAndOutputs() throws {
        let r = try step("run", ["NAVVIZ_FILES": "Nav/*.json", "NAVVIZ_EXPECT": "Nav/expected", "NAVVIZ_ARTIFACT": "navviz"])
        #expect(r.status == 0, "\(r.stderr)")
        let out = workspace.appendingPathComponent("navviz-out").path
        #expect(try outputs() == ["status": "0", "output": out, "report": out + "/navviz-check.xml"])
        #expect(JUnitSchema.problems(try String(contentsOfFile: out + "/navviz-check.xml", encoding: .utf8)) == [])
        #expect(FileManager.default.fileExists(atPath: out + "/navviz-check.json"))
        let summary = try String(contentsOf: summaryFile, encoding: .utf8)
        #expect(summary == """
            ## navviz check: no drift in 2 documents

            | document | expectation | result |
            |---|---|---|
            | Nav/inbox.json | Nav/expected/inbox.expected.json | ✅ 1 transition matches |
            | Nav/settings.json | Nav/expected/settings.expected.json | ✅ 1 transition matches |

            *Reports and animations: the artifact `navviz` of this run.*

            """)
    }

    @Test func driftFailsTheStepWithAnnotationsAfterTheReports() throws {
        let settings = workspace.appendingPathComponent("Nav/settings.json")
        let text = try String(contentsOf: settings, encoding: .utf8)
        try text.replacingOccurrences(of: #""active": "settings""#, with: #""active": "mail""#).write(to: settings, atomically: true, encoding: .utf8)
        let r = try step("run", ["NAVVIZ_FILES": "Nav/inbox.json\nNav/settings.json", "NAVVIZ_EXPECT": "Nav/expected"])
        #expect(r.status == 1)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("tap Settings") }) + 1
        #expect(r.stderr.contains("::error file=Nav/settings.json,line=\(line),title=navviz check%3A step 1 drifted::step 1 (tap Settings):%0A  - 1. activate settings in tabs"))
        #expect(try outputs()["status"] == "1")
        let report = try String(contentsOfFile: workspace.appendingPathComponent("navviz-out/navviz-check.xml").path, encoding: .utf8)
        #expect(report.contains("<failure type=\"drifted\""))
        #expect(try String(contentsOf: summaryFile, encoding: .utf8).contains("| Nav/settings.json | Nav/expected/settings.expected.json | ❌ drifted: step 1 |"))
    }

    @Test func animateDrawsEachDocumentIntoItsFolder() throws {
        let r = try step("run", ["NAVVIZ_COMMAND": "animate", "NAVVIZ_FILES": "Nav/*.json", "NAVVIZ_OUTPUT": "anim", "NAVVIZ_ARGS": "--delay 500"])
        #expect(r.status == 0, "\(r.stderr)")
        let out = workspace.appendingPathComponent("anim").path
        #expect(r.stdout == ["inbox", "settings"].map { "\(out)/\($0)/index.html\n\(out)/\($0)/summary.md\n\(out)/\($0)/frames/\n" }.joined())
        #expect(try outputs() == ["status": "0", "output": out])
        #expect(try String(contentsOfFile: out + "/inbox/index.html", encoding: .utf8).contains("500"))
        let summary = try String(contentsOf: summaryFile, encoding: .utf8)
        #expect(summary.hasPrefix("# open a message from the inbox\n"))
        #expect(summary.contains("\n# switch to settings\n") && summary.components(separatedBy: "```mermaid").count == 5)
        #expect(!summary.contains("]("))
    }

    @Test(arguments: [
        (["NAVVIZ_FILES": "Nav/none-*.json", "NAVVIZ_EXPECT": "Nav/expected"], Int32(66), "no file matches 'Nav/none-*.json'"),
        (["NAVVIZ_FILES": "Nav/*.json"], 64, "check needs expect"),
        (["NAVVIZ_FILES": "", "NAVVIZ_EXPECT": "Nav/expected"], 64, "files: name at least one"),
        (["NAVVIZ_FILES": "Nav/*.json", "NAVVIZ_COMMAND": "render"], 64, "command must be check or animate, not 'render'"),
    ] as [([String: String], Int32, String)])
    func badInputsFailWithAnAnnotation(_ environment: [String: String], _ status: Int32, _ message: String) throws {
        let r = try step("run", environment)
        #expect(r.status == status)
        #expect(r.stderr.contains("navviz action: error: \(message)"))
        #expect(r.stderr.contains("::error title=navviz action::\(message)"))
    }

    @Test func keyFollowsTheSourcesAndTheToolchain() throws {
        // A copy of the script beside a copy of the sources, so one can be changed.
        let copy = workspace.appendingPathComponent("navviz")
        try FileManager.default.createDirectory(at: copy.appendingPathComponent("Scripts"), withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Scripts/action.sh"] {
            try FileManager.default.copyItem(at: PackagePaths.root.appendingPathComponent(item), to: copy.appendingPathComponent(item))
        }
        let script = copy.appendingPathComponent("Scripts/action.sh")
        #expect(try step("key", script: script).status == 0)
        let first = try outputs()
        let key = try #require(first["key"]), restore = try #require(first["restore-key"])
        #expect(key.hasPrefix(restore) && restore.hasPrefix("navviz-build-Linux-") && key.count > restore.count)
        #expect(first["path"] == copy.path + "/.build")
        #expect(try step("key", script: script).status == 0)
        #expect(try outputs()["key"] == key)
        try "// changed\n".write(to: copy.appendingPathComponent("Sources/NavVizCore/Changed.swift"), atomically: true, encoding: .utf8)
        #expect(try step("key", script: script).status == 0)
        let changed = try outputs()
        #expect(changed["key"] != key && changed["restore-key"] == restore)
    }

    @Test func buildRunsSwiftBuildAndNamesTheBinary() throws {
        // A stand-in for swift that logs its arguments: the real release build takes minutes
        // and would wait for this test run's own lock on .build.
        let bin = workspace.appendingPathComponent("fake-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = workspace.appendingPathComponent("fake-swift")
        try """
            #!/bin/sh
            echo "$*" >> "\(workspace.path)/swift-calls"
            case "$*" in *--show-bin-path*) echo "\(bin.path)";; *) printf '#!/bin/sh\\n' > "\(bin.path)/navviz"; chmod +x "\(bin.path)/navviz";; esac

            """.write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let r = try step("build", ["NAVVIZ_SWIFT": fake.path])
        #expect(r.status == 0, "\(r.stderr)")
        let calls = try String(contentsOf: workspace.appendingPathComponent("swift-calls"), encoding: .utf8)
        #expect(calls == "build -c release --product navviz --package-path \(PackagePaths.root.path)\nbuild -c release --show-bin-path --package-path \(PackagePaths.root.path)\n")
        #expect(try outputs() == ["navviz": bin.path + "/navviz"])
        let missing = try step("build", ["NAVVIZ_SWIFT": "/nonexistent/swift"])
        #expect(missing.status == 69 && missing.stderr.contains("Swift is not installed"))
    }

    /// The deps step on each kind of runner, with stand-ins for brew, apt-get and a
    /// pkg-config that finds nothing: Homebrew's packages on macOS, apt-get's on Ubuntu.
    @Test(arguments: [("macOS", "brew install graphviz gd pkg-config"),
                      ("Linux", "apt-get update -qq\napt-get install -y -qq libgraphviz-dev graphviz pkg-config fonts-dejavu-core fonts-noto-color-emoji libgd-dev zlib1g-dev libcurl4-openssl-dev")])
    func depsInstallsWithTheRunnersPackageManager(runner: String, expected: String) throws {
        let bin = workspace.appendingPathComponent("stand-ins")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = workspace.appendingPathComponent("calls")
        for tool in ["brew", "apt-get", "sudo"] {
            let body = tool == "sudo" ? "exec \"$@\"" : "echo \"\(tool) $*\" >> '\(log.path)'"
            try "#!/bin/sh\n\(body)\n".write(to: bin.appendingPathComponent(tool), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent(tool).path)
        }
        try "#!/bin/sh\nexit 1\n".write(to: bin.appendingPathComponent("pkg-config"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("pkg-config").path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let r = try step("deps", ["RUNNER_OS": runner, "PATH": path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(try String(contentsOf: log, encoding: .utf8) == expected + "\n")
    }

    @Test func depsFindsWhatIsInstalled() throws {
        let r = try step("deps")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("deps: libgvc ") && r.stdout.hasSuffix(" found\n"))
    }

    /// action.yml, read as YAML: a composite action whose shell steps are action.sh's
    /// steps, whose inputs and step outputs all exist, and whose run step passes every
    /// variable the script reads.
    @Test func actionYAMLMatchesTheScript() throws {
        let bytes = Array(try Data(contentsOf: PackagePaths.root.appendingPathComponent("action.yml")))
        let yaml = try DocumentFile.valueTree(bytes, format: .yaml)
        func value(_ v: Int?, _ path: String...) -> Int? {
            path.reduce(v) { v, key in v.flatMap { yaml.member(key, of: $0) } }
        }
        func text(_ v: Int?, _ path: String...) -> String? {
            path.reduce(v) { v, key in v.flatMap { yaml.member(key, of: $0) } }.map(yaml.text)
        }
        let root = yaml.root
        #expect(text(root, "runs", "using") == "composite")
        let inputs = Set(yaml.fields(try #require(value(root, "inputs"))).map(\.key))
        #expect(inputs.isSuperset(of: ["command", "files", "expect", "args", "output", "upload", "artifact-name", "summary", "working-directory"]))
        let steps = Array(yaml.members(try #require(value(root, "runs", "steps"))))
        var ids: [String: Int] = [:]
        var scriptSteps: [String] = []
        for step in steps {
            if let id = text(step, "id") { ids[id] = step }
            if let run = text(step, "run") {
                #expect(text(step, "shell") == "bash")
                let m = try #require(run.wholeMatch(of: /"\$GITHUB_ACTION_PATH\/Scripts\/action.sh" (\w+)/), "\(run)")
                scriptSteps.append(String(m.1))
            }
        }
        #expect(scriptSteps == ["deps", "key", "build", "run"])
        // Every ${{ inputs.X }} and ${{ steps.ID.outputs.Y }} names something that exists.
        let source = String(decoding: bytes, as: UTF8.self)
        let script = try String(contentsOf: self.script, encoding: .utf8)
        for m in source.matches(of: /inputs\.([a-z-]+)/) { #expect(inputs.contains(String(m.1)), "inputs.\(m.1)") }
        for m in source.matches(of: /steps\.([a-z]+)\.outputs\.([a-z-]+)/) {
            let step = try #require(ids[String(m.1)], "no step \(m.1)")
            // actions/cache/restore's cache-hit is its own; every other output is the script's.
            if text(step, "uses") == nil {
                #expect(script.contains("output \(m.2) "), "action.sh never writes \(m.2)")
            }
        }
        // The run step hands over every NAVVIZ_* variable the script reads.
        let env = Set(yaml.fields(try #require(value(ids["run"], "env"))).map(\.key))
        let read = Set(script.matches(of: /\$\{(NAVVIZ(?:_[A-Z]+)?)[:}]/).map { String($0.1) }).subtracting(["NAVVIZ_SWIFT"])
        #expect(env == read)
        // The build is restored and saved by steps of their own (no post step: actions/cache
        // issues 803 and 1359), at the absolute path and with the key the script computes;
        // the bundle is uploaded even when the check failed.
        #expect(!steps.contains { text($0, "uses")?.hasPrefix("actions/cache@") == true })
        let code = source.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(separator: "\n")
        #expect(!code.contains("github.action_path"))
        let restore = try #require(steps.first { text($0, "uses")?.hasPrefix("actions/cache/restore@") == true })
        let save = try #require(steps.first { text($0, "uses")?.hasPrefix("actions/cache/save@") == true })
        for cache in [restore, save] {
            #expect(text(cache, "with", "path") == "${{ steps.key.outputs.path }}")
            #expect(text(cache, "with", "key") == "${{ steps.key.outputs.key }}")
        }
        #expect(text(save, "if") == "${{ steps.restore.outputs.cache-hit != 'true' }}")
        let order = steps.map { text($0, "id") ?? text($0, "uses") ?? "" }
        #expect(try #require(order.firstIndex(of: "build")) < #require(order.firstIndex { $0.hasPrefix("actions/cache/save@") }))
        let upload = try #require(steps.first { text($0, "uses")?.hasPrefix("actions/upload-artifact@") == true })
        #expect(text(upload, "if")?.contains("always()") == true)
        #expect(text(upload, "with", "path") == "${{ steps.run.outputs.output }}")
    }
}
