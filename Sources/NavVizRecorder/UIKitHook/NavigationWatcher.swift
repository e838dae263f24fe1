import Foundation

/// Records a view controller hierarchy into a ``NavigationRecorder`` whenever the app says it
/// may have changed (``changed()``), without the app calling `record` itself: after a burst of
/// changes has settled (a deep link that dismisses a modal, switches tabs and pushes two
/// screens is one record), and only when the tree differs from the last one recorded.
///
/// This is the part of the UIKit hook (`NavigationWatcher.recordUIKitNavigation(into:debounce:)`,
/// which calls ``changed()`` from every `viewDidAppear` and `viewDidDisappear`) that does not
/// need UIKit: it runs over ``ViewControllerNode``s, so the tests drive it with look-alikes.
///
/// It never stops the app: a hierarchy it cannot read (no root controller, a controller met
/// twice, deeper or larger than a navigation hierarchy can be) is skipped and counted
/// (``skipped``, ``lastSkipReason``), and the next change is read again.
@MainActor
public final class NavigationWatcher {
    /// Runs `work` after `delay` seconds on the main actor (the main queue, but in tests).
    public typealias Schedule = @MainActor (_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> Void

    /// The recorder the states go to.
    public let recorder: NavigationRecorder
    /// Seconds without a change before the hierarchy is read (0.3 by default: longer than
    /// the gaps between the steps of one UIKit transition, shorter than a tap).
    public let debounce: TimeInterval
    /// Controllers the walk reads at most (a navigation hierarchy has tens).
    public static let maxControllers = 2_000
    /// How deep the walk goes at most (a chain of pushed screens counts a level each).
    public static let maxDepth = 500

    /// States recorded.
    public private(set) var recorded = 0
    /// Reads whose tree was the last one recorded (nothing recorded).
    public private(set) var unchanged = 0
    /// Hierarchies that could not be read (nothing recorded); ``lastSkipReason`` says why.
    public private(set) var skipped = 0
    /// Why the last skipped hierarchy could not be read.
    public private(set) var lastSkipReason: String?

    private let root: @MainActor () -> (any ViewControllerNode)?
    private let schedule: Schedule
    private var generation = 0
    private var last: NavigationNode?

    /// A watcher of the hierarchy under `root` (read anew each time; nil: no window has a
    /// root controller yet). `schedule` runs the debounced read (the main queue by default).
    public init(recorder: NavigationRecorder, debounce: TimeInterval = 0.3,
                root: @escaping @MainActor () -> (any ViewControllerNode)?,
                schedule: @escaping Schedule = { delay, work in
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { MainActor.assumeIsolated(work) }
                }) {
        self.recorder = recorder
        self.debounce = max(0, debounce)
        self.root = root
        self.schedule = schedule
    }

    /// The hierarchy may have changed: it is read once no other change has come for
    /// ``debounce`` seconds.
    public func changed() {
        generation &+= 1
        let mine = generation
        schedule(debounce) { [weak self] in
            guard let self, self.generation == mine else { return }
            self.read()
        }
    }

    /// Reads the hierarchy now and records it when it differs from the last state recorded;
    /// true when it recorded.
    @discardableResult
    public func read() -> Bool {
        guard let root = root() else { return skip("no window has a root view controller") }
        if let problem = Self.problem(under: root) { return skip(problem) }
        let tree = ViewControllerHierarchy.node(from: root)
        if tree == last {
            unchanged += 1
            return false
        }
        last = tree
        recorder.record(tree, label: Self.label(tree))
        recorded += 1
        return true
    }

    private func skip(_ reason: String) -> Bool {
        skipped += 1
        lastSkipReason = reason
        return false
    }

    /// Why the hierarchy under `root` cannot be walked, or nil when it can: a controller
    /// reached twice (as a child of two, or presenting one of its ancestors), more than
    /// ``maxControllers`` controllers, or deeper than ``maxDepth``. Checked before the walk,
    /// which recurses and would not end on a cycle.
    static func problem(under root: any ViewControllerNode) -> String? {
        var seen = Set<ObjectIdentifier>()
        var stack: [(node: any ViewControllerNode, depth: Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else {
                return "'\(node.navvizClassName)' is reached twice in the hierarchy"
            }
            guard seen.count <= maxControllers else { return "more than \(maxControllers) view controllers" }
            // A stack's controllers are a chain: the n-th pushed one is n levels down.
            let children = node.navvizChildren
            let step = node.navvizRole == .stack ? children.count : 1
            guard depth + step <= maxDepth else { return "deeper than \(maxDepth) levels" }
            for (i, child) in children.enumerated() {
                stack.append((child, depth + (node.navvizRole == .stack ? i + 1 : 1)))
            }
            if let presented = node.navvizPresented { stack.append((presented, depth + 1)) }
        }
        return nil
    }

    /// The record's label: what is on screen, the type at the end of the active path.
    static func label(_ tree: NavigationNode) -> String? {
        var node = tree
        while let i = node.activeIndex { node = node.children[i] }
        return node.type.map { "shows \($0)" }
    }
}
