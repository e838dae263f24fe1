import Foundation
import NavVizArtifacts
import NavVizCore
@testable import navviz
import _NavVizTestSupport

/// What a command run would have given, made by the library's call in this process: for
/// tests that read what a command writes rather than how the command prints it (golden
/// files, the player in a browser). AnimateCommandTests shows that the command writes what
/// the call writes for the same options.
enum LibraryRuns {
    /// `navviz animate PATH -o DIR` as `Animation.write`: the status the command would exit
    /// with and what it would print on standard error (the call's diagnostics, then its
    /// failure or error). `path` is relative to the package root, as the command is run there.
    static func animate(_ path: String, to directory: String, options: Animation.Options = Animation.Options()) -> NavVizBinary.Result {
        var stderr = ""
        let diagnostics = Diagnostics(report: { stderr += $0.description + "\n" })
        let file = path.hasPrefix("/") ? path : PackagePaths.root.appendingPathComponent(path).path
        do {
            let written = try Animation.write(file, to: directory, options: options, diagnostics: diagnostics)
            let failure = written.failure.map { Diagnostic.error($0, file: path).description + "\n" } ?? ""
            return NavVizBinary.Result(stdout: written.main + "\n", stderr: stderr + failure, status: written.failure == nil ? 0 : 1,
                                       stdoutBytes: Array((written.main + "\n").utf8))
        } catch let error as NavVizError {
            return NavVizBinary.Result(stdout: "", stderr: stderr + error.lines.map { $0 + "\n" }.joined(), status: ExitStatus.of(error.kind), stdoutBytes: [])
        } catch {
            return NavVizBinary.Result(stdout: "", stderr: stderr + "\(error)\n", status: ExitStatus.of(.internalError), stdoutBytes: [])
        }
    }
}
