import Testing
import NavVizCore
import _NavVizTestSupport

/// `--redact` hides values in what is printed; the operations are computed on the plain
/// document, so a change of context alone is still a change.
struct RedactionAfterDiffTests {
    static let contextOnly = """
        {"navviz": 1, "frames": [
         {"label": "chat 1", "tree": {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat", "context": {"id": "1"}}]}},
         {"label": "chat 2", "tree": {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat", "context": {"id": "2"}}]}}]}
        """

    @Test(arguments: DiffDialect.allCases)
    func redactedOutputHasThePlainOperations(dialect: DiffDialect) throws {
        let document = try Samples.document(Self.contextOnly)
        let plain = TimelineBuilder.build(document, dialect: dialect)
        let redacted = Redaction.redact(plain, of: document)
        #expect(redacted.transitions.map(\.operations.count) == plain.transitions.map(\.operations.count))
        #expect(redacted.transitions.map { $0.operations.map(\.name) } == plain.transitions.map { $0.operations.map(\.name) })
        #expect(redacted.transitions.flatMap(\.operations) == plain.transitions.flatMap(\.operations).map(Redaction.redact))
        let text = TimelineWriter.text(redacted) + TimelineWriter.json(redacted)
        #expect(!text.contains("id=1") && !text.contains("id=2") && !text.contains("\"1\"") && !text.contains("\"2\""))
        #expect(text.contains("id=•••"))
        // navviz's identity is id and context (KatanaRouter's, ReSwift's and Tempura's are
        // the id alone): the change shows, and redacting the document first, as navviz once
        // did, made it vanish.
        guard dialect == .navviz else { return }
        #expect(!plain.transitions[0].operations.isEmpty)
        let before = TimelineBuilder.build(Redaction.redact(document), dialect: dialect)
        let nothing = before.transitions.allSatisfy { $0.operations.isEmpty }
        #expect(nothing)
    }

    /// Text derived from values (a route's title, labels, failure) is masked too, whole
    /// values only.
    @Test func textDerivedFromValuesIsMasked() throws {
        let document = try Samples.document(#"{"navviz": 1, "tree": {"id": "root", "enterable": false}, "to": [{"id": "root"}, {"id": "chat", "context": {"token": "SECRET", "n": "4"}}]}"#)
        let timeline = Redaction.redact(TimelineBuilder.build(document), of: document)
        #expect(timeline.title == "route to root/chat?n=•••&token=•••")
        #expect(timeline.failure == "destination not reachable: the active leaf 'root' is not Enterable, so it cannot enter 'chat?n=•••&token=•••'")
        let values = Redaction.Values(document)
        #expect(Redaction.mask("n=42 and n=4, token=SECRETS token=SECRET", values) == "n=42 and n=•••, token=SECRETS token=•••")
    }
}
