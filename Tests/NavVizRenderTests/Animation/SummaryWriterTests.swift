import Foundation
import Testing
import NavVizCore
@testable import NavVizRender

/// summary.md fits where it is pasted, however long the session: under 65,536 characters,
/// every Mermaid block under 50,000, the first and last steps, the largest change and the
/// failure always shown.
struct SummaryWriterTests {
    /// A generated session of `count` transitions, one of them (at `large`) a change of 40
    /// operations, ending in a failure; and its frames (initial, then pending and applied
    /// per transition, then the failed frame).
    static func session(_ count: Int, large: Int, tree: Tree = Tree(root: Node(id: "tabBar", kind: "tabs")),
                        label: (Int) -> String = { "push product?productId=\(4700 + $0) on home" }) -> (TimelineOutline, [AnimationFrame.Info]) {
        var outline = TimelineOutline(title: "generated session", source: .log, failure: "destination not reachable: routing loops")
        var frames = [AnimationFrame.Info(label: "launch", phase: .initial, transition: nil, operations: [], shown: nil, operationNodes: nil)]
        outline.add(TimelineStep(index: 0, frame: Frame(label: "launch", tree: tree), before: nil, transition: nil))
        for i in 0..<count {
            let n = i == large ? 40 : 1 + i % 3
            let ops = (0..<n).map { NavVizCore.Operation.push(id: "product", parent: "home", context: ["productId": "\(i * 100 + $0)"]) }
            let t = Timeline.Transition(label: label(i), operations: ops)
            outline.add(TimelineStep(index: i + 1, frame: Frame(label: label(i), tree: tree), before: nil, transition: t))
            frames.append(AnimationFrame.Info(label: "pending", phase: .pending, transition: i, operations: ops, shown: nil, operationNodes: nil))
            frames.append(AnimationFrame.Info(label: "applied", phase: .applied, transition: i, operations: ops, shown: nil, operationNodes: nil))
        }
        frames.append(AnimationFrame.Info(label: "failed", phase: .failed, transition: nil, operations: [], shown: nil, operationNodes: nil))
        return (outline, frames)
    }

    static func files(_ frames: [AnimationFrame.Info]) -> [String] {
        frames.indices.map { String(format: "frames/%04d.svg", $0 + 1) }
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
        let (outline, frames) = Self.largeChangeHalfway
        let files = linked ? Self.files(frames) : nil
        let text = SummaryWriter.markdown(title: "generated session", outline: outline, frames: frames, files: files, theme: .light)
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
        #expect(text == SummaryWriter.markdown(title: "generated session", outline: outline, frames: frames, files: files, theme: .light))
    }

    @Test func aShortSessionListsEveryStep() {
        let (outline, frames) = Self.session(20, large: 3)
        let text = SummaryWriter.markdown(title: "short", outline: outline, frames: frames, files: Self.files(frames), theme: .light)
        for i in 1...20 { #expect(text.contains("\n| \(i) | push product")) }
        #expect(!text.contains("| … |") && !text.contains("steps shown"))
        #expect(text.hasSuffix("\n| ✗ | failed: destination not reachable: routing loops | not run | [0042](frames/0042.svg) |\n"))
    }

    /// The step summary gets the room left in `$GITHUB_STEP_SUMMARY`: it keeps to it.
    @Test(arguments: [200, 1_500, 20_000, 70_000])
    func aStepSummaryKeepsToTheRoomLeft(room: Int) {
        let (outline, frames) = Self.largeChangeEarly
        let text = SummaryWriter.markdown(title: "generated session", outline: outline, frames: frames, files: nil, theme: .light, limit: room)
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
        let (outline, frames) = Self.session(300, large: 150, tree: tree, label: { "\($0) " + long })
        let text = SummaryWriter.markdown(title: long, outline: outline, frames: frames, files: Self.files(frames), theme: .light)
        Self.expectWithinLimits(text)
        #expect(Self.mermaidBlocks(text).isEmpty)
        #expect(text.contains("*The diagram of this state (3,001 nodes) is over Mermaid's limit of 50000 characters; see the frames.*"))
        #expect(text.contains("\n| 1 | 0 a very long label") && text.contains("\n| 300 | 299 a very long label") && text.contains("\n| 151 | 150 a very long"))
    }
}
