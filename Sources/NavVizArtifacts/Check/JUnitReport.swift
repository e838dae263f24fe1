import Foundation
import NavVizCore

/// `check --report junit`: JUnit XML as GitLab, Jenkins and GitHub test reporters read it.
/// Each document is a `<testsuite>` and each transition a `<testcase>` (plus one for a
/// route's result when either side has a failure); a drifted, missing or extra transition
/// holds a `<failure>` whose message names the step and the difference, and a document
/// that could not be checked holds one test case with an `<error>`. Follows the Ant JUnit
/// schema: every required attribute and element is there, and nothing it does not allow.
public enum JUnitReport {
    /// When the check ran and on which host, as the schema requires.
    public struct Run {
        /// When the check ran.
        public var timestamp: Date
        /// The machine it ran on.
        public var hostname: String

        /// A run at `timestamp` on `hostname`.
        public init(timestamp: Date, hostname: String) {
            self.timestamp = timestamp
            self.hostname = hostname
        }

        /// A run now, on this machine.
        public static var now: Run {
            let host = ProcessInfo.processInfo.hostName
            return Run(timestamp: Date(), hostname: host.isEmpty ? "localhost" : host)
        }
    }

    /// The JUnit XML report of `outcomes` (docs/ci.md has the mapping).
    public static func xml(_ outcomes: [CheckOutcome], run: Run) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        for (id, o) in outcomes.enumerated() {
            var cases: [String] = []
            var failures = 0, errors = 0
            if let error = o.error {
                errors += 1
                let message = error.lines.map(PlainText.visible).joined(separator: "\n")
                cases.append(testcase("check", o, body: "<error type=\"error\" message=\"\(MarkupText.attribute(message))\">\(MarkupText.content(message))</error>"))
            }
            for t in o.transitions {
                let name = "step \(t.step)" + (t.label.map { ": \($0)" } ?? "")
                guard t.status != .matched else {
                    cases.append(testcase(name, o, body: nil))
                    continue
                }
                failures += 1
                let at = o.lines.transitions[t.index].map { " (\(o.name):\($0))" } ?? ""
                var body = t.lines.joined(separator: "\n")
                body += "\n\nexpected in \(o.expect)\(at.isEmpty ? "" : ", document line \(o.lines.transitions[t.index]!)")"
                cases.append(testcase(name, o, body: "<failure type=\"\(t.status.rawValue)\" message=\"\(MarkupText.attribute(t.summary + at))\">\(MarkupText.content(body))</failure>"))
            }
            if o.error == nil, o.hasFailure {
                if o.failureMatches {
                    cases.append(testcase("route result", o, body: nil))
                } else {
                    failures += 1
                    let body = "expected: \(o.expectedFailure ?? "the destination is reached")\nactual: \(o.actualFailure ?? "the destination is reached")"
                    cases.append(testcase("route result", o, body: "<failure type=\"drifted\" message=\"the route's result drifted\">\(MarkupText.content(body))</failure>"))
                }
            }
            out += "  <testsuite name=\"\(MarkupText.attribute(token(o.name)))\" package=\"navviz.check\" id=\"\(id)\""
            out += " hostname=\"\(MarkupText.attribute(token(run.hostname)))\" timestamp=\"\(timestamp(run.timestamp))\""
            out += " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(String(format: "%.3f", o.seconds))\">\n"
            out += "    <properties>\n"
            out += "      <property name=\"expect\" value=\"\(MarkupText.attribute(o.expect))\"/>\n"
            if let source = o.source { out += "      <property name=\"source\" value=\"\(source)\"/>\n" }
            out += "    </properties>\n"
            out += cases.joined()
            out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    private static func testcase(_ name: String, _ o: CheckOutcome, body: String?) -> String {
        let head = "    <testcase name=\"\(MarkupText.attribute(token(name)))\" classname=\"\(MarkupText.attribute(token(o.name)))\" time=\"0\""
        guard let body else { return head + "/>\n" }
        return head + ">\n      " + body + "\n    </testcase>\n"
    }

    /// `2026-11-20T14:03:00` in UTC: the schema's timestamp has no time zone.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// A name as the schema's `xs:token` holds it: one line, no runs of spaces, never empty;
    /// controls shown as escapes.
    static func token(_ s: String) -> String {
        let words = PlainText.visible(s).split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.isEmpty ? "-" : words.joined(separator: " ")
    }
}
