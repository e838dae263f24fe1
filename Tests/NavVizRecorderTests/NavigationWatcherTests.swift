import Foundation
import Testing
import NavVizCore
import NavVizRecorder

/// The launch hook's watcher over look-alike controllers (UIKit is not on Linux): what the
/// hooked `viewDidAppear`/`viewDidDisappear` calls lead to, a push, a pop, a tab switch, a
/// presentation and a dismissal each one record after the burst settles, and a hierarchy it
/// cannot read skipped and counted.
@MainActor
struct NavigationWatcherTests {
    /// The main queue's `asyncAfter`, run by hand: `advance(by:)` runs what is due.
    @MainActor final class Clock {
        var now: TimeInterval = 0
        var pending: [(at: TimeInterval, work: @MainActor @Sendable () -> Void)] = []
        func schedule(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) {
            pending.append((now + delay, work))
        }
        func advance(by seconds: TimeInterval) {
            now += seconds
            let due = pending.filter { $0.at <= now }
            pending.removeAll { $0.at <= now }
            for item in due { item.work() }
        }
    }

    /// An app: a tab bar of two navigation stacks.
    @MainActor final class App {
        let feed = FakeController("UINavigationController", .stack, visible: true, children: [FakeController("App.FeedViewController", visible: true)])
        let inbox = FakeController("UINavigationController", .stack, children: [FakeController("App.InboxViewController")])
        let tabs: FakeController
        init() {
            tabs = FakeController("UITabBarController", .tabs, visible: true, children: [feed, inbox])
            tabs.navvizSelectedChild = feed
        }
    }

    static func watcher(_ root: @escaping @MainActor () -> (any ViewControllerNode)?) -> (NavigationWatcher, NavigationRecorder, Clock) {
        let clock = Clock()
        let recorder = NavigationRecorder()
        let watcher = NavigationWatcher(recorder: recorder, debounce: 0.3, root: root, schedule: { clock.schedule($0, $1) })
        return (watcher, recorder, clock)
    }

    /// The operations navviz computes between the records, one line per transition.
    static func operations(_ recorder: NavigationRecorder) throws -> [String] {
        var warnings: [DocumentWarning] = []
        guard case .sequence(let s) = try DocumentReader.log(Array(recorder.ndjson()), warnings: &warnings) else { return [] }
        return zip(s.snapshots, s.snapshots.dropFirst()).map { before, after in
            TreeDiff.operations(from: before.tree, to: after.tree).map(\.name).joined(separator: " ")
        }
    }

    @Test func everyKindOfChangeIsOneRecordAfterItSettles() throws {
        let app = App()
        let (watcher, recorder, clock) = Self.watcher { app.tabs }
        watcher.changed()       // launch: the first viewDidAppear
        clock.advance(by: 0.3)
        #expect(recorder.records.map(\.label) == ["shows App.FeedViewController"])

        // Push: the pushed screen appears, the one under it disappears.
        let post = FakeController("App.PostViewController", visible: true)
        app.feed.navvizChildren.append(post)
        watcher.changed(); watcher.changed()
        clock.advance(by: 0.2)
        #expect(recorder.records.count == 1, "not before the burst has settled")
        clock.advance(by: 0.1)
        // Pop.
        app.feed.navvizChildren.removeLast()
        watcher.changed(); watcher.changed()
        clock.advance(by: 0.3)
        // Tab switch.
        app.tabs.navvizSelectedChild = app.inbox
        watcher.changed(); watcher.changed()
        clock.advance(by: 0.3)
        // Present a modal, then dismiss it (a sheet: only the sheet's viewDidDisappear).
        let compose = FakeController("App.ComposeViewController", visible: true)
        app.tabs.navvizPresented = compose
        watcher.changed()
        clock.advance(by: 0.3)
        app.tabs.navvizPresented = nil
        watcher.changed()
        clock.advance(by: 0.3)

        #expect(recorder.records.map(\.label) == [
            "shows App.FeedViewController", "shows App.PostViewController", "shows App.FeedViewController",
            "shows App.InboxViewController", "shows App.ComposeViewController", "shows App.InboxViewController",
        ])
        #expect(watcher.recorded == 6)
        let operations = try Self.operations(recorder)
        #expect(operations == ["push", "pop", "activate", "push", "pop activate"])
    }

    /// A deep link's burst (dismiss, switch tabs, push twice) is one record; a change that
    /// leaves the tree as it was records nothing.
    @Test func aBurstIsOneRecordAndNoChangeIsNone() {
        let app = App()
        let (watcher, recorder, clock) = Self.watcher { app.tabs }
        watcher.read()
        app.tabs.navvizPresented = FakeController("App.ComposeViewController", visible: true)
        watcher.read()
        app.tabs.navvizPresented = nil
        watcher.changed()
        clock.advance(by: 0.1)
        app.tabs.navvizSelectedChild = app.inbox
        watcher.changed()
        clock.advance(by: 0.1)
        app.inbox.navvizChildren += [FakeController("App.ChatViewController"), FakeController("App.MessageViewController", visible: true)]
        watcher.changed()
        clock.advance(by: 0.1)
        watcher.changed()
        clock.advance(by: 0.3)
        #expect(recorder.records.map(\.label) == ["shows App.FeedViewController", "shows App.ComposeViewController", "shows App.MessageViewController"])
        watcher.changed()   // a viewDidAppear that changed nothing (a child controller's, say)
        clock.advance(by: 0.3)
        #expect(recorder.records.count == 3)
        #expect(watcher.unchanged == 1)
        #expect(clock.pending.isEmpty)
    }

    /// What cannot be read is skipped and counted, never walked (the walk would not end on a
    /// cycle); the next readable state is recorded.
    @Test func anUnreadableHierarchyIsSkippedAndCounted() {
        final class Root { var controller: FakeController? }
        let box = Root()
        let (watcher, recorder, _) = Self.watcher { box.controller }
        #expect(watcher.read() == false)
        #expect(watcher.lastSkipReason == "no window has a root view controller")

        // A controller presenting its own ancestor.
        let a = FakeController("App.A", visible: true)
        let b = FakeController("App.B", visible: true)
        a.navvizChildren = [b]
        b.navvizPresented = a
        box.controller = a
        #expect(watcher.read() == false)
        #expect(watcher.lastSkipReason == "'App.A' is reached twice in the hierarchy")
        b.navvizPresented = nil  // the cycle is the test's own; broken so the leak checker sees none

        // One controller in two containers.
        let shared = FakeController("App.Shared")
        box.controller = FakeController("UITabBarController", .tabs, children: [
            FakeController("UINavigationController", .stack, children: [shared]), FakeController("UINavigationController", .stack, children: [shared]),
        ])
        #expect(watcher.read() == false)
        #expect(watcher.lastSkipReason == "'App.Shared' is reached twice in the hierarchy")

        // A stack deeper than any app's.
        box.controller = FakeController("UINavigationController", .stack, children: (0...NavigationWatcher.maxDepth).map { FakeController("App.S\($0)") })
        #expect(watcher.read() == false)
        #expect(watcher.lastSkipReason == "deeper than \(NavigationWatcher.maxDepth) levels")

        // More controllers than any app's.
        box.controller = FakeController("UIPageViewController", .page, children: (0...NavigationWatcher.maxControllers).map { FakeController("App.P\($0)") })
        #expect(watcher.read() == false)
        #expect(watcher.lastSkipReason == "more than \(NavigationWatcher.maxControllers) view controllers")

        #expect(watcher.skipped == 5)
        #expect(recorder.records.isEmpty)
        box.controller = App().tabs
        #expect(watcher.read())
        #expect(recorder.records.count == 1)
        #expect(watcher.skipped == 5)
    }

    /// A watcher gone before its debounced read: nothing runs.
    @Test func aReadScheduledForAWatcherGoneDoesNothing() {
        let clock = Clock()
        let recorder = NavigationRecorder()
        var watcher: NavigationWatcher? = NavigationWatcher(recorder: recorder, root: { App().tabs }, schedule: { clock.schedule($0, $1) })
        watcher?.changed()
        watcher = nil
        clock.advance(by: 1)
        #expect(recorder.records.isEmpty)
    }
}
