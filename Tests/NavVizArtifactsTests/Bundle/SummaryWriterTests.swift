import Foundation
import Testing
import NavVizCore
@testable import NavVizArtifacts
@testable import NavVizRender

/// summary.md fits where it is pasted, however long the session: under 65,536 characters,
/// every Mermaid block under 50,000, the first and last steps, the largest change and the
/// failure always shown.
struct SummaryWriterTests {
    /// A generated session of `count` transitions, one of them (at `large`) a change of 40
    /// operations, ending in a failure; and its frames (initial, then pending and applied
    /// per transition, then the failed frame).
    static func session(_ count: Int, large: Int, tree: Tree = Tree(root: Node(id: "tabBar", kind: "tabs")),
                        label: (Int) -> String = { "push product?productId=\(4700 + $0) on home" }) -> Session {
        var outline = TimelineOutline(title: "generated session", source: .log, failure: "destination not reachable: routing loops")
        var transitions: [Timeline.Transition] = []
        var frames = [AnimationFrame.Place(phase: .initial, transition: nil)]
        outline.add(TimelineStep(index: 0, state: Snapshot(label: "launch", tree: tree), before: nil, transition: nil))
        for i in 0..<count {
            let n = i == large ? 40 : 1 + i % 3
            let ops = (0..<n).map { TreeOperation.push(id: "product", parent: "home", context: ["productId": "\(i * 100 + $0)"]) }
            let t = Timeline.Transition(label: label(i), operations: ops)
            transitions.append(t)
            outline.add(TimelineStep(index: i + 1, state: Snapshot(label: label(i), tree: tree), before: nil, transition: t))
            frames.append(AnimationFrame.Place(phase: .pending, transition: i))
            frames.append(AnimationFrame.Place(phase: .applied, transition: i))
        }
        frames.append(AnimationFrame.Place(phase: .failed, transition: nil))
        return Session(outline: outline, transitions: transitions, frames: frames)
    }

    /// A generated session: its outline, transitions and frames.
    struct Session: Sendable {
        var outline: TimelineOutline
        var transitions: [Timeline.Transition]
        var frames: [AnimationFrame.Place]

        func markdown(title: String = "generated session", files: ((Int) -> String)?, limit: Int = SummaryWriter.limit) -> String {
            SummaryWriter.markdown(title: title, outline: outline, transitions: transitions, frames: frames, files: files, theme: .light, limit: limit)
        }
    }

    static func files(_ i: Int) -> String {
        String(format: "frames/%04d.svg", i + 1)
    }

    /// The text of every fenced Mermaid block.
    static func mermaidBlocks(_ text: String) -> [String] {
        text.components(separatedBy: "```mermaid\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
    }

    static func expectWithinLimits(_ text: String, limit: Int = SummaryWriter.limit) {
        #expect(text.count < 65_536)
        #expect(text.utf16.count < 65_536)
        #expect(text.utf8.count <= limit)
        for block in mermaidBlocks(text) { #expect(block.count < 50_000) }
    }

    /// The two 10,000-transition sessions, built once for the six tests that read them.
    static let largeChangeHalfway = session(10_000, large: 5_000)
    static let largeChangeEarly = session(10_000, large: 17)

    @Test(arguments: [true, false])
    func tenThousandStepsFitAndShowWhatMatters(linked: Bool) {
        let session = Self.largeChangeHalfway
        let files = linked ? Self.files : nil
        let text = session.markdown(files: files)
        Self.expectWithinLimits(text)
        #expect(text.hasPrefix("# generated session\n\n10,001 states, 10,000 transitions, 20,036 operations; 20,002 frames."))
        #expect(text.contains("> **error:** destination not reachable: routing loops\n"))
        #expect(Self.mermaidBlocks(text).count == 2)
        // The first and the last steps, the largest change and the failure.
        #expect(text.contains("\n| 1 | push product?productId=4700 on home | 1. push product?productId=0 onto home |"))
        #expect(text.contains("\n| 10000 | push product?productId=14699 on home |"))
        #expect(text.contains("\n| 5001 | push product?productId=9700 on home | 1. push"))
        #expect(text.contains("… and 28 more"))
        #expect(text.contains("\n| ✗ | failed: destination not reachable: routing loops | not run |"))
        #expect(text.contains("| … |"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| … ") && !$0.hasPrefix("| # ") }
        #expect(rows.count == SummaryWriter.shownSteps + 1)
        if linked {
            #expect(text.contains("| [0002](frames/0002.svg) [0003](frames/0003.svg) |\n"))
            #expect(text.contains("| [20002](frames/20002.svg) |\n"))
            #expect(text.contains("*60 of 10,000 steps shown (the first and the last, then the largest changes; `…` marks steps left out): every step is in the player [index.html](index.html), in [manifest.json](manifest.json) and as frames in [frames/](frames/).*\n"))
        } else {
            #expect(!text.contains("](") && !text.contains("frames/0"))
            #expect(text.contains("*60 of 10,000 steps shown"))
        }
        // The same input, the same text.
        #expect(text == session.markdown(files: files))
    }

    @Test func aShortSessionListsEveryStep() {
        let text = Self.session(20, large: 3).markdown(title: "short", files: Self.files)
        for i in 1...20 { #expect(text.contains("\n| \(i) | push product")) }
        #expect(!text.contains("| … |") && !text.contains("steps shown"))
        #expect(text.hasSuffix("\n| ✗ | failed: destination not reachable: routing loops | not run | [0042](frames/0042.svg) |\n"))
    }

    /// The step summary gets the room left in `$GITHUB_STEP_SUMMARY`: it keeps to it.
    @Test(arguments: [200, 1_500, 20_000, 70_000])
    func aStepSummaryKeepsToTheRoomLeft(room: Int) {
        let text = Self.largeChangeEarly.markdown(files: nil, limit: room)
        Self.expectWithinLimits(text, limit: room)
        #expect(text.hasPrefix("# generated session"))
        if room >= 1_500 { #expect(text.contains("| ✗ | failed: destination not reachable")) }
        if room >= 20_000 { #expect(text.contains("\n| 1 | ") && text.contains("\n| 10000 | ") && text.contains("\n| 18 | ")) }
    }

    /// A state too large for Mermaid is named, not drawn; huge labels are cut.
    @Test func hugeTreesAndLabelsStayWithinTheLimits() {
        var tree = Tree(root: Node(id: "tabBar", kind: "tabs"))
        for i in 0..<3_000 { _ = tree.addChild(Node(id: "screen\(i)", type: "ScreenViewController"), to: tree.root!) }
        let long = String(repeating: "a very long label ", count: 5_000)
        let text = Self.session(300, large: 150, tree: tree, label: { "\($0) " + long }).markdown(title: long, files: Self.files)
        Self.expectWithinLimits(text)
        #expect(Self.mermaidBlocks(text).isEmpty)
        #expect(text.contains("*The diagram of this state (3,001 nodes) is over Mermaid's limit of 50000 characters; see the frames.*"))
        #expect(text.contains("\n| 1 | 0 a very long label") && text.contains("\n| 300 | 299 a very long label") && text.contains("\n| 151 | 150 a very long"))
    }
}

/// ``SummaryWriter/Steps`` keeps what a summary can show in memory that does not grow with
/// the session.
struct SummaryStepsTests {
    @Test func aLongSessionKeepsOnlyTheRowsASummaryCanShow() {
        let session = SummaryWriterTests.largeChangeHalfway
        var steps = SummaryWriter.Steps()
        for (i, t) in session.transitions.enumerated() { steps.add(index: i, t, frames: [2 * i + 1, 2 * i + 2]) }
        #expect(steps.rows == nil)
        let kept = steps.priority
        #expect(kept.count == SummaryWriter.Steps.candidates + 2)
        // The first, the last, then the largest changes, the earlier of equal ones first.
        #expect(kept.prefix(3).map(\.index) == [0, 9_999, 5_000])
        #expect(kept.dropFirst(3).allSatisfy { $0.operations == 3 })
        #expect(kept.dropFirst(3).map(\.index) == Array(stride(from: 2, to: 2 + 3 * SummaryWriter.Steps.candidates - 3, by: 3)))
    }

    @Test func aShortSessionKeepsEveryRow() {
        let session = SummaryWriterTests.session(300, large: 7)
        var steps = SummaryWriter.Steps()
        for (i, t) in session.transitions.enumerated() { steps.add(index: i, t, frames: [2 * i + 1, 2 * i + 2]) }
        #expect(steps.rows?.count == 300)
        #expect(steps.priority.prefix(3).map(\.index) == [0, 299, 7])
    }

    /// Rows are numbered as the document numbers its transitions: a part of a session
    /// (`--states 120..180`) starts at 121, and links the frames of each.
    @Test func stepsOfAPartAreNumberedAsInTheDocument() {
        let session = SummaryWriterTests.session(3, large: 1)
        var steps = SummaryWriter.Steps()
        for (k, t) in session.transitions.enumerated() { steps.add(index: 120 + k, t, frames: [1 + 2 * k, 2 + 2 * k]) }
        let text = SummaryWriter.markdown(title: "part", outline: session.outline, steps: steps, frameCount: 7, files: SummaryWriterTests.files, theme: .light)
        #expect(text.contains("\n| 121 | push product?productId=4700 on home | 1. push product?productId=0 onto home | [0002](frames/0002.svg) [0003](frames/0003.svg) |\n"))
        #expect(text.contains("\n| 123 | "))
    }
}
