import NavVizCore
import NavVizFiles

/// The result of checking one document against its expectation: every transition compared,
/// or the error that stopped the check. Reports, step summaries and annotations read it.
public struct CheckOutcome {
    /// The document's outcome as a whole.
    public enum Status: String {
        /// Every transition and the route's result are as expected.
        case matched
        /// Some transition (or the route's result) differs.
        case drifted
        /// The document or the expectation could not be read.
        case error
    }

    /// The document as given on the command line.
    public var file: String
    /// The expectation file it was compared with.
    public var expect: String
    /// `sequence`, `log`, `script`, `route` or `snapshot` (nil when it could not be read).
    public var source: String?
    /// Every transition compared, in order.
    public var transitions: [TransitionCheck] = []
    /// A route's recorded and actual failure (`destination not reachable: …`).
    public var expectedFailure: String?
    /// How the document's route or script failed now (nil: it did not).
    public var actualFailure: String?
    /// The readable differences `check` prints (empty when matched).
    public var drift: [String] = []
    /// Why the document could not be checked.
    public var error: NavVizError?
    /// How long building and comparing took.
    public var seconds: Double = 0
    /// Where the transitions are in the document; filled in by ``locate()`` when a report
    /// or an annotation needs it.
    public var lines = Lines()

    /// Matched, drifted, or could not be checked.
    public var status: Status {
        if error != nil { return .error }
        return drift.isEmpty ? .matched : .drifted
    }

    /// The name messages use for the document (`<stdin>` for `-`).
    public var name: String { displayName(file) }

    /// Whether the route's or script's failure (or success) is the expected one.
    public var failureMatches: Bool { expectedFailure == actualFailure }

    /// Whether the expectation or the document has a route failure to compare.
    public var hasFailure: Bool { expectedFailure != nil || actualFailure != nil }

    /// Builds `file`'s timeline and compares it with `expect`; an error is kept, not thrown.
    static func check(_ file: String, expect: String, settings: TimelineSettings, diagnostics: Diagnostics) -> CheckOutcome {
        var outcome = CheckOutcome(file: file, expect: expect)
        let start = ContinuousClock.now
        do {
            let document = try DocumentFile.load(file, options: settings.input, diagnostics: diagnostics)
            var actual = Expectation(settings.timeline(of: document), settings: settings)
            outcome.source = actual.source
            var expected = try Expectation.load(expect)
            if let recorded = expected.dialect, recorded != settings.dialect.rawValue {
                throw NavVizError(.usage, file: expect, "this expectation was recorded with --dialect \(recorded), and operations differ between dialects; check with --dialect \(recorded), or re-record with --record --dialect \(settings.dialect.rawValue)")
            }
            if settings.redact || expected.redact == true {
                // Compare with values hidden on both sides: a plain recording checks a
                // redacted run, and a redacted recording a plain one.
                let values = Redaction.Values(document)
                expected = expected.redacted(values)
                actual = actual.redacted(values)
            }
            outcome.transitions = expected.compare(to: actual)
            outcome.expectedFailure = expected.failure
            outcome.actualFailure = actual.failure
            outcome.drift = expected.drift(to: actual, compared: outcome.transitions)
        } catch {
            outcome.error = NavVizError(converting: error) ?? NavVizError(.internalError, file: displayName(file), "\(error)")
        }
        let elapsed = (ContinuousClock.now - start).components
        outcome.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return outcome
    }

    /// The number of transitions with each status.
    public func count(_ status: TransitionCheck.Status) -> Int {
        transitions.count { $0.status == status }
    }

    /// Where a checked document's transitions and route result are, by line.
    public struct Lines {
        /// The line each transition leads to, by index (a missing transition has none).
        public var transitions: [Int: Int] = [:]
        /// A route's destination, where its result comes from.
        public var failure: Int?
    }

    /// Finds the lines of the document's transitions, where it can (not for standard input
    /// or a document that could not be read).
    public mutating func locate() {
        guard let source = source.flatMap(Timeline.Source.init(rawValue:)), let lines = DocumentFile.lines(file) else { return }
        var out = Lines()
        for t in transitions {
            if let line = lines.line(ofTransition: t.index, source: source) { out.transitions[t.index] = line }
        }
        if source == .route { out.failure = lines.line(ofTransition: 0, source: .route) }
        self.lines = out
    }
}
