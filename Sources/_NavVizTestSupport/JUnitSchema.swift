import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The Ant JUnit schema's rules for an aggregated report, checked on a parsed document:
/// `<testsuites>` holds only `<testsuite>`s; each has `name`, `package`, `id`, `hostname`,
/// `timestamp` (no time zone), `tests`, `failures`, `errors` and `time`, then
/// `<properties>`, its `<testcase>`s, `<system-out>` and `<system-err>` in that order; each
/// test case has `name`, `classname` and `time` and at most one `<skipped>`, `<error>` or
/// `<failure>`, the last two with a `type`. Counts must agree with the test cases.
public enum JUnitSchema {
    /// Every broken rule, empty for a valid report.
    public static func problems(_ xml: String) -> [String] {
        let document: XMLDocument
        do {
            document = try XMLDocument(xmlString: xml, options: [])
        } catch {
            return ["not well-formed XML: \(error)"]
        }
        guard let root = document.rootElement(), root.name == "testsuites" else { return ["the root is not <testsuites>"] }
        var out: [String] = []
        if let attributes = root.attributes, !attributes.isEmpty { out.append("<testsuites> has attributes the schema does not allow") }
        for (i, node) in (root.children ?? []).enumerated() {
            guard let suite = node as? XMLElement else {
                if node.kind == .text, (node.stringValue ?? "").allSatisfy(\.isWhitespace) { continue }
                out.append("testsuites: unexpected \(node.kind)")
                continue
            }
            out += problems(suite: suite, index: i)
        }
        return out
    }

    static let suiteAttributes = ["name", "package", "id", "hostname", "timestamp", "tests", "failures", "errors", "time"]

    static func problems(suite: XMLElement, index: Int) -> [String] {
        let at = "testsuite[\(index)]"
        guard suite.name == "testsuite" else { return ["\(at): <\(suite.name ?? "?")> where <testsuite> belongs"] }
        var out: [String] = []
        for name in suiteAttributes where suite.attribute(forName: name)?.stringValue.map({ !$0.isEmpty }) != true {
            out.append("\(at): missing attribute \(name)")
        }
        for a in suite.attributes ?? [] where !(suiteAttributes + ["skipped"]).contains(a.name ?? "") {
            out.append("\(at): attribute \(a.name ?? "?") is not in the schema")
        }
        for name in ["id", "tests", "failures", "errors"] {
            if let v = suite.attribute(forName: name)?.stringValue, Int(v) == nil { out.append("\(at): \(name) '\(v)' is not an int") }
        }
        if let v = suite.attribute(forName: "time")?.stringValue, Decimal(string: v) == nil || v.contains("e") { out.append("\(at): time '\(v)' is not a decimal") }
        if let v = suite.attribute(forName: "timestamp")?.stringValue,
           v.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$"#, options: .regularExpression) == nil {
            out.append("\(at): timestamp '\(v)' is not yyyy-mm-ddThh:mm:ss")
        }
        let children = (suite.children ?? []).compactMap { $0 as? XMLElement }
        let names = children.map { $0.name ?? "" }
        let cases = children.filter { $0.name == "testcase" }
        let expectedOrder = ["properties"] + Array(repeating: "testcase", count: cases.count) + ["system-out", "system-err"]
        if names != expectedOrder { out.append("\(at): children \(names) are not properties, testcase*, system-out, system-err") }
        for property in children.first(where: { $0.name == "properties" })?.children?.compactMap({ $0 as? XMLElement }) ?? [] {
            if property.name != "property" || property.attribute(forName: "name")?.stringValue?.isEmpty != false || property.attribute(forName: "value") == nil {
                out.append("\(at): a property needs name and value")
            }
        }
        var failures = 0, errors = 0
        for (j, testcase) in cases.enumerated() {
            let here = "\(at).testcase[\(j)]"
            for name in ["name", "classname", "time"] where testcase.attribute(forName: name) == nil {
                out.append("\(here): missing attribute \(name)")
            }
            for a in testcase.attributes ?? [] where !["name", "classname", "time"].contains(a.name ?? "") {
                out.append("\(here): attribute \(a.name ?? "?") is not in the schema")
            }
            let inner = (testcase.children ?? []).compactMap { $0 as? XMLElement }
            if inner.count > 1 { out.append("\(here): more than one of skipped, error, failure") }
            for element in inner {
                switch element.name {
                case "failure", "error":
                    if element.attribute(forName: "type") == nil { out.append("\(here): <\(element.name!)> needs a type") }
                    if element.name == "failure" { failures += 1 } else { errors += 1 }
                case "skipped": break
                default: out.append("\(here): <\(element.name ?? "?")> is not allowed in a testcase")
                }
            }
        }
        if suite.attribute(forName: "tests")?.stringValue != String(cases.count) { out.append("\(at): tests is not the number of test cases (\(cases.count))") }
        if suite.attribute(forName: "failures")?.stringValue != String(failures) { out.append("\(at): failures is not \(failures)") }
        if suite.attribute(forName: "errors")?.stringValue != String(errors) { out.append("\(at): errors is not \(errors)") }
        return out
    }
}
