import Foundation
import NavVizCore
import NavVizFiles

/// What `navviz check` records and compares: each transition's label and operations, a
/// route's or script's failure, and the options the operations were computed with (the
/// dialect, and whether values were redacted).
///
/// ```json
/// {"navviz": 1, "source": "sequence", "dialect": "navviz", "redact": false, "transitions": [
///   {"label": "open chat", "operations": [{"op": "push", "id": "chat", "parent": "chats"}]}
/// ], "failure": null}
/// ```
struct Expectation: Equatable {
    var source: String
    /// The dialect the operations were computed in (nil in a file recorded before navviz
    /// stored it).
    var dialect: String?
    /// Whether the values were recorded redacted (nil in a file recorded before navviz
    /// stored it).
    var redact: Bool?
    var transitions: [Timeline.Transition]
    var failure: String?

    init(_ timeline: Timeline, settings: TimelineSettings) {
        source = timeline.source.rawValue
        dialect = settings.dialect.rawValue
        redact = settings.redact
        transitions = timeline.transitions
        failure = timeline.failure
    }

    init(source: String, dialect: String? = nil, redact: Bool? = nil, transitions: [Timeline.Transition], failure: String?) {
        self.source = source
        self.dialect = dialect
        self.redact = redact
        self.transitions = transitions
        self.failure = failure
    }

    /// The same expectation with every value hidden as ``Redaction`` hides them.
    func redacted(_ values: Redaction.Values) -> Expectation {
        Expectation(source: source, dialect: dialect, redact: true, transitions: transitions.map { Redaction.redact($0, values) },
                    failure: failure.map { Redaction.mask($0, values) })
    }

    var json: String {
        var members: [(String, JSONOutput)] = [("navviz", .int(1)), ("source", .string(source))]
        if let dialect { members += [("dialect", .string(dialect)), ("redact", .bool(redact == true))] }
        members.append(("transitions", .array(transitions.map { t in
            .object([("label", .nullable(t.label)), ("operations", .array(t.operations.map(OperationWriter.value), .lines(level: 3)))])
        }, .lines(level: 1))))
        members.append(("failure", .nullable(failure)))
        return JSONOutput.object(members, .lines(level: 0)).text + "\n"
    }

    /// Reads an expectation file, with `FILE: error: PATH: message` on problems.
    static func load(_ path: String) throws -> Expectation {
        if !FileManager.default.fileExists(atPath: path) {
            throw NavVizError(.unreadableInput, file: path, "cannot read: no such file",
                              notes: ["  no expectation is recorded there yet: record it with --record (navviz check FILE --expect \(path) --record), review it and commit it"])
        }
        let bytes = try DocumentFile.read(path)
        let json: JSONValueTree
        do {
            json = try DocumentReader.parseJSON(bytes)
        } catch {
            throw NavVizError(.invalidInput, error.diagnostics(file: path))
        }
        func fail(_ m: String) -> NavVizError { NavVizError(.invalidInput, file: path, m) }
        let root = json.root
        guard json.kind(root) == .object, let ts = json.member("transitions", of: root), json.kind(ts) == .array else {
            throw fail("not an expectation: expected an object with 'transitions' (write one with --record)")
        }
        var transitions: [Timeline.Transition] = []
        for (i, t) in json.members(ts).enumerated() {
            guard json.kind(t) == .object, let ops = json.member("operations", of: t), json.kind(ops) == .array else {
                throw fail("transitions[\(i)]: expected an object with 'operations'")
            }
            var list: [TreeOperation] = []
            for (j, o) in json.members(ops).enumerated() {
                do {
                    list.append(try OperationDecoder.decode(json, o, path: "transitions[\(i)].operations[\(j)]"))
                } catch {
                    throw fail(error.description)
                }
            }
            let label = json.member("label", of: t).flatMap { json.kind($0) == .string ? json.text($0) : nil }
            transitions.append(.init(label: label, operations: list))
        }
        let source = json.member("source", of: root).map { json.text($0) } ?? ""
        let failure = json.member("failure", of: root).flatMap { json.kind($0) == .string ? json.text($0) : nil }
        let dialect = json.member("dialect", of: root).flatMap { json.kind($0) == .string ? json.text($0) : nil }
        let redact = json.member("redact", of: root).flatMap { json.kind($0) == .bool ? json.text($0) == "true" : nil }
        return Expectation(source: source, dialect: dialect, redact: redact, transitions: transitions, failure: failure)
    }

    /// Readable differences, empty when the operations match (labels are informative only);
    /// `compared` is ``compare(to:)`` of the same two.
    func drift(to actual: Expectation, compared: [TransitionCheck]) -> [String] {
        var out: [String] = []
        if transitions.count != actual.transitions.count {
            out.append("expected \(transitions.count) transitions, got \(actual.transitions.count)")
        }
        out += compared.filter { $0.status != .matched }.flatMap(\.lines)
        if failure != actual.failure {
            out.append("failure:")
            if let f = failure { out.append("  - \(f)") }
            if let f = actual.failure { out.append("  + \(f)") }
        }
        return out
    }

    /// Every transition of either side, in order, with how it compares: matched, drifted,
    /// missing from `actual`, or extra in it.
    func compare(to actual: Expectation) -> [TransitionCheck] {
        (0..<max(transitions.count, actual.transitions.count)).map { i in
            let e = i < transitions.count ? transitions[i] : nil
            let a = i < actual.transitions.count ? actual.transitions[i] : nil
            let status: TransitionCheck.Status
            switch (e, a) {
            case (nil, _): status = .extra
            case (_, nil): status = .missing
            case (let e?, let a?): status = e.operations == a.operations ? .matched : .drifted
            }
            return TransitionCheck(index: i, label: a?.label ?? e?.label, status: status, expected: e?.operations, actual: a?.operations)
        }
    }
}
