import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizFiles

/// GitHub Actions workflow commands: on a runner (`GITHUB_ACTIONS=true`) navviz also prints
/// its errors and a check's drift as `::error file=…,line=…,title=…::message` lines on
/// standard error, which GitHub shows as annotations on the pull request's files. Elsewhere
/// nothing changes.
enum WorkflowCommands {
    /// One annotation.
    struct Annotation: Equatable {
        var file: String?
        var line: Int?
        var column: Int?
        var title: String
        var message: String
    }

    /// Whether navviz runs on GitHub Actions.
    static var enabled: Bool { ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" }

    /// `::error file=F,line=L,col=C,title=T::message`, escaped as the runner unescapes it.
    static func command(_ a: Annotation) -> String {
        var properties: [String] = []
        if let file = a.file { properties.append("file=" + escapeProperty(file)) }
        if let line = a.line { properties.append("line=\(line)") }
        if let column = a.column { properties.append("col=\(column)") }
        properties.append("title=" + escapeProperty(a.title))
        return "::error " + properties.joined(separator: ",") + "::" + escapeData(a.message)
    }

    /// A message: `%`, CR and LF as `%25`, `%0D`, `%0A` (the runner turns them back);
    /// other controls shown as escapes (``PlainText/visible(_:)``).
    static func escapeData(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case _ where PlainText.isUnsafe(u): out += PlainText.visible(String(u))
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// A property value: as a message, and `:` and `,` as `%3A` and `%2C`.
    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Prints annotations on standard error.
    static func emit(_ annotations: [Annotation]) {
        guard !annotations.isEmpty else { return }
        _ = FileDescriptor.writeAll(Array((annotations.map(command).joined(separator: "\n") + "\n").utf8), to: STDERR_FILENO)
    }

    /// The annotations of error diagnostics: each at its file (not standard input), line and
    /// column, its message with the document path before it and its notes after it. A
    /// message without a line that starts with a document path (`frames[2].tree.children[0]:
    /// …`, `steps[1] ('open') actions[0] …`) points at that value's line when the file is a
    /// JSON or YAML document.
    static func annotations(_ diagnostics: [Diagnostic]) -> [Annotation] {
        diagnostics.map { d in
            var annotation = Annotation(title: "navviz", message: ([d.pathAndMessage] + d.notes).joined(separator: "\n"))
            if let file = d.file, file != DocumentFile.stdinName {
                annotation.file = file
                annotation.line = d.location?.line ?? lineOfPath(in: file, message: d.pathAndMessage)
                annotation.column = d.location?.column
            }
            return annotation
        }
    }

    /// The annotations of a drifted check: each transition that drifted, and a route's
    /// result, on its line of the document (not standard input).
    static func annotations(drifted o: CheckOutcome) -> [Annotation] {
        let file = o.file == "-" ? nil : o.file
        var out = o.transitions.filter { $0.status != .matched }.map { t in
            Annotation(file: file, line: o.lines.transitions[t.index], title: "navviz check: step \(t.step) \(t.status.rawValue)",
                       message: (t.lines + ["(expected in \(o.expect))"]).joined(separator: "\n"))
        }
        if !o.failureMatches {
            out.append(Annotation(file: file, line: o.lines.failure, title: "navviz check: the route's result drifted",
                                  message: "expected: \(o.expectedFailure ?? "the destination is reached")\nactual: \(o.actualFailure ?? "the destination is reached")"))
        }
        return out
    }

    /// Documents larger than this are not read again to find a line.
    static let lookupLimit = 64 << 20

    /// The line of the document path a message starts with, if FILE is a JSON or YAML
    /// document that holds it.
    static func lineOfPath(in file: String, message: String) -> Int? {
        let path = message.prefix { $0 != ":" && $0 != " " }
        guard !path.isEmpty, InputFormat(path: file) != .log,
              let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size <= lookupLimit
        else { return nil }
        return DocumentFile.lines(file)?.line(ofPath: String(path))
    }
}
