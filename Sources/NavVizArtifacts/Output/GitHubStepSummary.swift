import NavVizCore
import Foundation
import NavVizRender

/// A Markdown section appended to a GitHub step summary (`--step-summary
/// "$GITHUB_STEP_SUMMARY"`): it needs no local file (Mermaid and text only) and keeps the
/// file under GitHub's 1 MiB limit, counting what earlier steps of the job wrote there.
public enum GitHubStepSummary {
    /// GitHub's limit for one step's summary.
    public static let limit = SummaryWriter.limit

    /// Appends the section `make(room)` returns, where `room` is the space left under the
    /// limit; the section is written with one write, so a summary file is never left with
    /// half a section. With no room left, nothing is written and a warning says so.
    public static func append(to path: String, diagnostics: Diagnostics, _ make: (Int) -> String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw NavVizError(.cannotWrite, file: path, "cannot write the step summary: it is a directory")
        }
        let existing = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        let room = limit - existing - 1
        let section = room > 0 ? make(room) : ""
        guard !section.isEmpty, section.utf8.count <= room else {
            diagnostics.report(Diagnostic(.warning, file: path, "the step summary is full (GitHub's limit is 1 MiB); nothing added"))
            return
        }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw NavVizError(.cannotWrite, file: path, "cannot write the step summary: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let bytes = Array((existing > 0 ? "\n" : "") .utf8) + Array(section.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw NavVizError(.cannotWrite, file: path, "cannot write the step summary (disk full?)")
        }
    }
}
