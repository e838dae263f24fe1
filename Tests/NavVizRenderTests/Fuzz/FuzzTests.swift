import Foundation
import Testing
import NavVizCore
import NavVizRender
import _NavVizTestSupport

/// Random and mutated documents through the whole pipeline in-process: decode and validate,
/// the timeline (diff in every dialect, scripts, routes), text, JSON, Mermaid, DOT and
/// libgvc. Every case ends in output or a clean error with a message; an SVG is well-formed;
/// no case takes long. Seeded: a failure names its seed and case (see ``FuzzBudget``).
struct FuzzTests {
    /// Longest one case may take before it counts as a hang.
    static let slowCase: TimeInterval = 10

    /// libgvc draws per test run, to bound its time (the rest of the cases go through the
    /// binary in FuzzCommandTests).
    static let inProcessDraws = 60
    nonisolated(unsafe) static var drawn = 0

    @Test func randomAndMutatedDocumentsEndInOutputOrACleanError() throws {
        let budget = FuzzBudget.current
        var fuzzer = DocumentFuzzer(seed: budget.seed)
        let started = Date()
        var counts = (cases: 0, decoded: 0, rejected: 0, images: 0)
        var i = 0
        while budget.allows(i, started: started) {
            let bytes = fuzzer.next()
            budget.save(bytes, case: i)
            let caseStart = Date()
            let problems = Self.exercise(bytes, image: i % 3 == 0, counts: &counts)
            let elapsed = Date().timeIntervalSince(caseStart)
            for problem in problems {
                Issue.record("fuzz seed \(budget.seed) case \(i): \(problem)\ninput: \(String(decoding: bytes.prefix(600), as: UTF8.self))")
            }
            if elapsed > Self.slowCase {
                Issue.record("fuzz seed \(budget.seed) case \(i) took \(Int(elapsed)) s (a hang?)")
            }
            i += 1
        }
        counts.cases = i
        print("fuzz: seed \(budget.seed), \(counts.cases) cases (\(counts.decoded) decoded, \(counts.rejected) rejected, \(counts.images) drawn by libgvc) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        #expect(counts.decoded > 0 && counts.rejected > 0, "the fuzzer should make both valid and invalid documents")
    }

    /// `NAVVIZ_FUZZ_REPLAY=FILE swift test --filter FuzzTests` runs one saved case (see
    /// `NAVVIZ_FUZZ_SAVE`), with every stage drawn.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["NAVVIZ_FUZZ_REPLAY"] != nil))
    func replaySavedCase() throws {
        let path = ProcessInfo.processInfo.environment["NAVVIZ_FUZZ_REPLAY"]!
        let bytes = try #require(FileManager.default.contents(atPath: path))
        var counts = (cases: 1, decoded: 0, rejected: 0, images: 0)
        for problem in Self.exercise(Array(bytes), image: true, counts: &counts) { Issue.record("\(path): \(problem)") }
    }

    /// Runs one case through every stage; returns what went wrong.
    static func exercise(_ bytes: [UInt8], image: Bool, counts: inout (cases: Int, decoded: Int, rejected: Int, images: Int)) -> [String] {
        var problems: [String] = []
        let document: Document
        do {
            do { document = try DocumentReader.json(bytes) } catch { document = try DocumentReader.log(bytes) }
        } catch {
            counts.rejected += 1
            if ProcessInfo.processInfo.environment["NAVVIZ_FUZZ_VERBOSE"] != nil { print("rejected: \(String("\(error)".prefix(160)))") }
            if "\(error)".isEmpty { problems.append("an error without a message") }
            return problems
        }
        counts.decoded += 1
        for dialect in DiffDialect.allCases {
            let timeline = TimelineBuilder.build(document, dialect: dialect)
            if let failure = timeline.failure, failure.isEmpty { problems.append("\(dialect): a timeline failure without a message") }
            _ = TimelineFormat.text(timeline)
            _ = TimelineFormat.json(timeline)
            if !(TimelineFormat.text(timeline).unicodeScalars.allSatisfy { $0 == "\n" || !PlainText.isUnsafe($0) }) {
                problems.append("\(dialect): timeline text holds a control character")
            }
            guard dialect == .navviz || dialect == .katana else { continue }
            for (f, frame) in timeline.frames.enumerated() where f == 0 || f == timeline.frames.count - 1 {
                let scene = TreeScene.make(frame.tree, theme: f == 0 ? .light : .dark, title: timeline.title, legend: true)
                _ = TreeText.render(frame.tree)
                _ = MermaidEncoder.fenced(scene)
                let dot = DOTEncoder.encode(scene)
                if image && frame.tree.count <= 40 && drawn < inProcessDraws {
                    problems += draw(dot, "frame \(f)")
                    counts.images += 1
                }
            }
            for (t, transition) in timeline.transitions.enumerated() where t < 2 {
                let before = timeline.frames[t].tree, after = timeline.frames[t + 1].tree
                for d in DiffDialect.allCases { _ = TreeDiff.operations(from: before, to: after, dialect: d) }
                let scene = DiffScene.make(old: before, new: after, operations: transition.operations, dialect: dialect, theme: .light, title: transition.label)
                let dot = DOTEncoder.encode(scene)
                if image && before.count + after.count <= 60 && drawn < inProcessDraws {
                    problems += draw(dot, "transition \(t)")
                    counts.images += 1
                }
            }
        }
        return problems
    }

    static func draw(_ dot: String, _ what: String) -> [String] {
        drawn += 1
        if let save = FuzzBudget.current.savePath {
            _ = FileManager.default.createFile(atPath: save + ".dot", contents: Data(dot.utf8))
        }
        do {
            let svg = try Graphviz.shared.render(dot: dot, format: .svg)
            if (try? SVGDocument(svg)) == nil { return ["\(what): the SVG is not well-formed"] }
            return []
        } catch {
            return ["\(what): libgvc failed on navviz's DOT: \(error)"]
        }
    }
}
