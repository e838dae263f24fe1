import Foundation
import Testing
import _NavVizTestSupport

/// The SwiftPM command plugin, run as a package that depends on navviz runs it:
/// Tests/Fixtures/PluginConsumer (a package with navigation documents in Nav/ and their
/// expectations) is copied to `.build/plugin-fixture/PluginConsumer`, its path dependency
/// pointed at this checkout, and `swift package navviz …` run there. The fixture builds
/// navviz from source in a scratch folder of its own (`.build/plugin-fixture/scratch`, kept
/// between runs): about 1 to 3 minutes the first time on 2 cores, seconds after that.
/// Under `make test GRAPHVIZ_PREFIX=DIR` the folder is `.build/plugin-fixture-NAME` (NAME
/// the prefix's last component): SwiftPM does not rebuild when only pkg-config's flags
/// change, so a scratch folder shared between Graphviz versions links objects compiled
/// against one version's headers with the other's libraries.
///
/// A check of that build, run by `make plugin-test` (and so by `make test`, after the suite)
/// with `NAVVIZ_PLUGIN_TESTS=1`; a plain `swift test` skips it: its first build alone takes
/// longer than the rest of the suite.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["NAVVIZ_PLUGIN_TESTS"] != nil,
                             "the plugin's consumer package is built by `make plugin-test` (make test runs it)"))
struct PluginFixtureTests {
    static let base = PackagePaths.root.appendingPathComponent(".build/plugin-fixture" + graphvizSuffix)

    static var graphvizSuffix: String {
        guard let prefix = ProcessInfo.processInfo.environment["GRAPHVIZ_PREFIX"], !prefix.isEmpty else { return "" }
        return "-" + URL(fileURLWithPath: prefix).lastPathComponent
    }
    static let package = base.appendingPathComponent("PluginConsumer")
    static let scratch = base.appendingPathComponent("scratch")

    /// A fresh copy of the fixture, depending on this checkout by its absolute path.
    static func copyFixture() throws {
        let fm = FileManager.default
        try? fm.removeItem(at: package)
        try fm.createDirectory(at: base, withIntermediateDirectories: true)
        try fm.copyItem(at: PackagePaths.root.appendingPathComponent("Tests/Fixtures/PluginConsumer"), to: package)
        let manifest = package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.contains(#".package(path: "../../..")"#))
        try text.replacingOccurrences(of: #".package(path: "../../..")"#, with: ".package(path: \(quoted(PackagePaths.root.path)))")
            .write(to: manifest, atomically: true, encoding: .utf8)
    }

    static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Under `make test GRAPHVIZ_PREFIX=DIR` the consumer's navviz is built against that
    /// prefix's headers (PKG_CONFIG_PATH is inherited) but without its run path. On Linux the
    /// prefix's lib/ goes on the loader's path (LD_LIBRARY_PATH), as a consumer of a custom
    /// Graphviz would set it. On macOS that would not reach navviz: System Integrity
    /// Protection strips DYLD_* variables from every program it protects, /usr/bin/env,
    /// /bin/sh and the /usr/bin/swift shim among them; there the run path is linked into
    /// the consumer's navviz instead (``linkFlags``).
    static var environment: [String: String?] {
        #if os(Linux)
        guard let lib = prefixLib else { return [:] }
        let loaderPath = "LD_LIBRARY_PATH"
        return [loaderPath: ([lib] + [ProcessInfo.processInfo.environment[loaderPath]].compactMap { $0 }).joined(separator: ":")]
        #else
        return [:]
        #endif
    }

    /// macOS, under `GRAPHVIZ_PREFIX`: the prefix's lib/ as the run path of what
    /// `swift package` builds (see ``environment``).
    static var linkFlags: [String] {
        #if os(Linux)
        return []
        #else
        return prefixLib.map { ["-Xlinker", "-rpath", "-Xlinker", $0] } ?? []
        #endif
    }

    static var prefixLib: String? {
        guard let prefix = ProcessInfo.processInfo.environment["GRAPHVIZ_PREFIX"], !prefix.isEmpty else { return nil }
        return URL(fileURLWithPath: prefix).appendingPathComponent("lib").path
    }

    /// `swift package --allow-writing-to-package-directory navviz ARGS` in the copy.
    static func plugin(_ arguments: [String]) throws -> NavVizBinary.Result {
        try NavVizBinary.run(executable: URL(fileURLWithPath: "/usr/bin/env"),
                             ["swift", "package", "--scratch-path", scratch.path] + linkFlags + ["--allow-writing-to-package-directory", "navviz"] + arguments,
                             in: package, environment: environment, timeout: 1_800)
    }

    @Test func pluginChecksAnimatesAndReportsDrift() throws {
        try Self.copyFixture()
        let check = try Self.plugin(["check", "Nav/inbox.json", "Nav/settings.json", "--expect", "Nav/expected", "--report", "junit:navviz-check.xml"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasSuffix("""
            Nav/inbox.json: ok (1 transitions, 1 operations match Nav/expected/inbox.expected.json)
            Nav/settings.json: ok (1 transitions, 1 operations match Nav/expected/settings.expected.json)

            """))
        // Written in the consumer's directory, as the plugin's permission says.
        let report = try String(contentsOf: Self.package.appendingPathComponent("navviz-check.xml"), encoding: .utf8)
        #expect(JUnitSchema.problems(report) == [])
        #expect(report.contains("<testcase name=\"step 1: open message 42\" classname=\"Nav/inbox.json\" time=\"0\"/>"))

        let animate = try Self.plugin(["animate", "Nav/inbox.json", "-o", "navviz-inbox"])
        #expect(animate.status == 0, "\(animate.stdout)\(animate.stderr)")
        #expect(animate.stdout.hasSuffix("navviz-inbox/index.html\nnavviz-inbox/summary.md\nnavviz-inbox/frames/\n"), "\(animate.stdout)")
        #expect(FileManager.default.fileExists(atPath: Self.package.appendingPathComponent("navviz-inbox/frames/0003.svg").path))

        // The app changed: Settings now opens on top of Mail instead of switching tabs.
        let settings = Self.package.appendingPathComponent("Nav/settings.json")
        let changed = try String(contentsOf: settings, encoding: .utf8).replacingOccurrences(of: #""active": "settings""#, with: #""active": "mail""#)
        try changed.write(to: settings, atomically: true, encoding: .utf8)
        let drift = try Self.plugin(["check", "Nav/inbox.json", "Nav/settings.json", "--expect", "Nav/expected"])
        #expect(drift.status != 0)
        // SwiftPM prints a plugin's standard output and standard error both on its
        // standard output; its own messages go to standard error.
        #expect(drift.stdout.contains("""
            Nav/settings.json:
            step 1 (tap Settings):
              - 1. activate settings in tabs
            Nav/settings.json: error: the operations drifted from Nav/expected/settings.expected.json
            """))
        #expect(drift.stderr.hasSuffix("error: navviz check exited with status 1\n"))
    }

    /// The README's plugin commands and its GitLab job's script, as written (with this
    /// test's scratch folder added), in the fixture.
    @Test func readmeCommandsRunInAConsumerPackage() throws {
        try Self.copyFixture()
        let sh = try ReadmeCITests.blocks("sh").flatMap(ReadmeCITests.commands).filter { $0.hasPrefix("swift package ") }
        let gitlab = try #require(try ReadmeCITests.blocks("yaml").last)
        let script = try #require(gitlab.split(separator: "\n").first { $0.contains("- swift package ") })
        let commands = sh + [String(script.drop { $0 != "s" })]
        #expect(commands.count == 3)
        for command in commands {
            let flags = (["--scratch-path", Self.scratch.path] + Self.linkFlags).map { "'\($0)'" }.joined(separator: " ")
            let scratch = command.replacingOccurrences(of: "swift package ", with: "swift package \(flags) ")
            let r = try NavVizBinary.run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", scratch], in: Self.package, environment: Self.environment, timeout: 1_800)
            #expect(r.status == 0, "\(command): \(r.stdout)\(r.stderr)")
        }
        #expect(JUnitSchema.problems(try String(contentsOf: Self.package.appendingPathComponent("navviz-check.xml"), encoding: .utf8)) == [])
        #expect(FileManager.default.fileExists(atPath: Self.package.appendingPathComponent("navviz-inbox/index.html").path))
    }
}
