import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory navviz ARGUMENTS…`: runs the navviz
/// command line, built from source as a dependency, in the package's directory, so a Swift
/// package that depends on navviz checks or animates its navigation documents without
/// installing anything else:
///
/// ```sh
/// swift package --allow-writing-to-package-directory navviz check Nav/*.json --expect Nav/expected
/// swift package --allow-writing-to-package-directory navviz animate Nav/login.json -o navviz-out/login
/// ```
///
/// Paths are relative to the package's directory. navviz's output and messages pass through
/// as they are; when navviz fails, the plugin fails with navviz's exit status in its
/// message (SwiftPM itself then exits 1).
@main
struct NavVizPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "navviz")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw NavVizFailed(status: process.terminationStatus, arguments: arguments)
        }
    }
}

/// navviz exited with a failure status (1 drift or an unreachable destination, 64 bad
/// usage, 65 invalid input, 66 unreadable input, 74 unwritable output).
struct NavVizFailed: Error, CustomStringConvertible {
    var status: Int32
    var arguments: [String]

    var description: String {
        "navviz \(arguments.first ?? "") exited with status \(status)"
    }
}
