import Foundation
import Testing
import _NavVizTestSupport

/// The command definitions pass swift-argument-parser's own checks of them (no two arguments
/// with one name, no positional array before another positional, …), which only a debug
/// build of the parser runs, each time a command's arguments are set up: a definition that
/// fails them stops navviz with "Configuration error". `make test` runs the rest of the suite
/// against the release binary (the one users run; ``NavVizBinary/url``), so this runs the
/// debug binary built beside the tests, once per command.
struct CommandDefinitionTests {
    static let debugBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navviz")

    @Test(arguments: ["render", "validate", "diff", "route", "timeline", "animate", "check", "import", "graphviz-worker"])
    func passesTheParsersDebugChecks(command: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.debugBinary.path), "no navviz beside the tests: \(Self.debugBinary.path)")
        let r = try NavVizBinary.run(executable: Self.debugBinary, ["help", command], in: PackagePaths.root)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.contains("USAGE: navviz \(command)"))
    }
}
