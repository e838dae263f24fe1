import Foundation
import NavVizCore
import NavVizFiles

/// `navviz check` as calls: which expectation each document is compared with, recording an
/// expectation, and comparing a document with one (``CheckOutcome``). The reports of a
/// comparison are ``CheckReport`` (JSON), ``JUnitReport`` and ``CheckSummary`` (Markdown).
public enum Check {
    /// Each of `files` with its expectation: `expect` itself for one file, else
    /// `DIR/NAME.expected.json` in the directory `expect` names (NAME: the file's name
    /// without its last extension). `expect` names a directory when it is one, ends in `/`,
    /// or comes with several files (``namesDirectory(_:files:)``); with `record` the
    /// directory need not exist yet (``record(_:directory:settings:diagnostics:)`` makes it). Throws
    /// for a directory that is missing when comparing, for a name without `.json` that
    /// recording one file would turn into a file (`expected` rather than `expected/` or
    /// `expected.json`), for standard input among several, and when two files would share an
    /// expectation.
    public static func expectations(files: [String], expect: String, record: Bool) throws -> [(file: String, expect: String)] {
        guard namesDirectory(expect, files: files.count) else {
            if record, !FileManager.default.fileExists(atPath: expect), (expect as NSString).pathExtension.isEmpty {
                throw NavVizError(.usage, file: nil, "--expect '\(expect)' names no .json file, and recording would make it one: write '\(expect)/' for a directory of expectations (DIR/NAME.expected.json), or '\(expect).json' for a file")
            }
            return files.map { ($0, expect) }
        }
        if !record, !isDirectory(expect) {
            if FileManager.default.fileExists(atPath: expect) {
                throw NavVizError(.unreadableInput, file: expect, "with several files, --expect must name a directory (each FILE's expectation is DIR/NAME.expected.json)")
            }
            throw NavVizError(.unreadableInput, file: expect, "cannot read: no such directory",
                              notes: ["  record the expectations first: navviz check FILE... --expect \(expect) --record (the directory is made)"])
        }
        if record, FileManager.default.fileExists(atPath: expect), !isDirectory(expect) {
            throw NavVizError(.cannotWrite, file: expect, "cannot write: it exists and is not a directory (with several files, or a trailing '/', --expect names a directory of NAME.expected.json)")
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

    /// Whether `expect` names a directory of expectations for `files` files: an existing
    /// directory, a path ending in `/`, or any path given with several files.
    public static func namesDirectory(_ expect: String, files: Int) -> Bool {
        expect.hasSuffix("/") || files > 1 || isDirectory(expect)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Writes `file`'s expectation to `expect` (atomically); returns how many transitions
    /// it records.
    public static func record(_ file: String, to expect: String, settings: TimelineSettings, diagnostics: Diagnostics = .silent) throws -> Int {
        try record([(file, expect)], settings: settings, diagnostics: diagnostics)[0]
    }

    /// Writes each file's expectation (the pairs ``expectations(files:expect:record:)``
    /// returns), each atomically; returns how many transitions each records. Every document
    /// is read first, so a bad one writes nothing. `directory`, the directory of
    /// expectations `--expect` names (``namesDirectory(_:files:)``), is made when it is
    /// missing and its parent is there (as `mkdir` makes one).
    public static func record(_ pairs: [(file: String, expect: String)], directory: String? = nil, settings: TimelineSettings,
                              diagnostics: Diagnostics = .silent) throws -> [Int] {
        let recorded = try pairs.map { file, _ in Expectation(try settings.build(file, diagnostics: diagnostics), settings: settings) }
        if let directory, !FileManager.default.fileExists(atPath: directory) {
            let parent = URL(fileURLWithPath: directory).standardizedFileURL.deletingLastPathComponent().path
            guard isDirectory(parent) else {
                throw NavVizError(.cannotWrite, file: directory, "cannot write: directory '\(parent)' does not exist")
            }
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            } catch {
                throw NavVizError(.cannotWrite, file: directory, "cannot write: \(WriteError.reason(error))")
            }
        }
        for ((file, expect), actual) in zip(pairs, recorded) {
            try OutputFile.write(actual.json, to: expect, inputs: [file])
        }
        return recorded.map(\.transitions.count)
    }

    /// Compares `file` with the expectation `expect`; an error that stops the comparison is
    /// kept in the outcome, not thrown.
    public static func run(_ file: String, expect: String, settings: TimelineSettings, diagnostics: Diagnostics = .silent) -> CheckOutcome {
        CheckOutcome.check(file, expect: expect, settings: settings, diagnostics: diagnostics)
    }
}
