import Foundation
import NavVizCore
import NavVizFiles

/// `navviz check` as calls: which expectation each document is compared with, recording an
/// expectation, and comparing a document with one (``CheckOutcome``). The reports of a
/// comparison are ``CheckReport`` (JSON), ``JUnitReport`` and ``CheckSummary`` (Markdown).
public enum Check {
    /// Each of `files` with its expectation: `expect` itself for one file, else
    /// `DIR/NAME.expected.json` in the directory `expect` names (NAME: the file's name
    /// without its last extension). Throws when several files are given without a
    /// directory, for standard input among several, and when two files would share an
    /// expectation.
    public static func expectations(files: [String], expect: String, record: Bool) throws -> [(file: String, expect: String)] {
        var isDirectory: ObjCBool = false
        let isDir = FileManager.default.fileExists(atPath: expect, isDirectory: &isDirectory) && isDirectory.boolValue
        guard isDir || files.count > 1 else { return files.map { ($0, expect) } }
        guard isDir else {
            throw NavVizError((record ? .cannotWrite : .unreadableInput), file: expect, "with several files, --expect must name a directory (each FILE's expectation is DIR/NAME.expected.json)")
        }
        var seen: [String: String] = [:]
        return try files.map { file in
            guard file != "-" else {
                throw NavVizError(.usage, file: nil, "standard input has no name to find its expectation in '\(expect)' by; give --expect a file")
            }
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".expected.json"
            let path = (expect.hasSuffix("/") ? expect : expect + "/") + name
            if let other = seen[path] {
                throw NavVizError(.usage, file: nil, "'\(other)' and '\(file)' would share the expectation '\(path)'; check them separately")
            }
            seen[path] = file
            return (file, path)
        }
    }

    /// Writes `file`'s expectation to `expect` (atomically); returns how many transitions
    /// it records.
    public static func record(_ file: String, to expect: String, settings: TimelineSettings, diagnostics: Diagnostics = .silent) throws -> Int {
        let actual = Expectation(try settings.build(file, diagnostics: diagnostics), settings: settings)
        try OutputFile.write(actual.json, to: expect, inputs: [file])
        return actual.transitions.count
    }

    /// Compares `file` with the expectation `expect`; an error that stops the comparison is
    /// kept in the outcome, not thrown.
    public static func run(_ file: String, expect: String, settings: TimelineSettings, diagnostics: Diagnostics = .silent) -> CheckOutcome {
        CheckOutcome.check(file, expect: expect, settings: settings, diagnostics: diagnostics)
    }
}
