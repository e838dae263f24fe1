import Foundation
import Testing
import NavVizCore
import NavVizFiles
import NavVizRecorder
import _NavVizTestSupport

/// A view controller look-alike for the hierarchy walk (UIKit itself is not on Linux).
@MainActor
final class FakeController: ViewControllerNode {
    let navvizClassName: String
    let navvizRole: ViewControllerRole
    var navvizChildren: [any ViewControllerNode] = []
    var navvizPresented: (any ViewControllerNode)?
    var navvizSelectedChild: (any ViewControllerNode)?
    var navvizIsVisible: Bool

    init(_ name: String, _ role: ViewControllerRole = .other, visible: Bool = false, children: [FakeController] = []) {
        navvizClassName = name
        navvizRole = role
        navvizIsVisible = visible
        navvizChildren = children
    }
}

@MainActor
struct UIKitWalkTests {
    /// The walk gives the tree `navviz import` gives a paste of the same hierarchy (ids aside:
    /// the look-alikes have their own addresses).
    @Test func walkMeansWhatAPasteMeans() throws {
        let first = FakeController("UINavigationController", .stack, visible: true, children: [
            FakeController("App.FeedViewController"), FakeController("App.PostViewController"), FakeController("App.PostViewController", visible: true),
        ])
        let second = FakeController("UINavigationController", .stack, children: [
            FakeController("App.InboxViewController"), FakeController("App.ChatViewController"),
        ])
        let tabs = FakeController("UITabBarController", .tabs, visible: true, children: [first, second])
        tabs.navvizSelectedChild = first
        let compose = FakeController("App.ComposeViewController", visible: true)
        compose.navvizPresented = FakeController("App.AttachmentPickerViewController", visible: true)
        tabs.navvizPresented = compose

        let recorder = NavigationRecorder()
        recorder.record(ViewControllerHierarchy.node(from: tabs))
        var warnings: [DocumentWarning] = []
        guard case .sequence(let s) = try DocumentReader.log(Array(recorder.ndjson()), warnings: &warnings) else { return }
        let walked = s.snapshots[0].tree
        let pasted = try #require({ () -> Tree? in
            if case .snapshot(let t) = try DocumentFile.load(PackagePaths.sample("uikit-tabs.paste.txt")) { return t }
            return nil
        }())
        #expect(Self.shape(walked) == Self.shape(pasted))
        let root = try #require(walked.root)
        #expect(walked.id(root) == "UITabBarController@\(tabs.navvizAddress)")
        #expect(walked.node(root).context == ["address": tabs.navvizAddress])
    }

    /// The selected tab comes from the tab bar, not from what is visible; a split view's
    /// active child is the last one on screen.
    @Test func selectedTabAndSplitViews() throws {
        let a = FakeController("App.A", visible: false), b = FakeController("App.B", visible: false)
        let tabs = FakeController("UITabBarController", .tabs, children: [a, b])
        tabs.navvizSelectedChild = b
        let tree = ViewControllerHierarchy.node(from: tabs)
        #expect(tree.activeIndex == 1)
        #expect(tree.kind == "tabs")
        let split = ViewControllerHierarchy.node(from: FakeController("UISplitViewController", .split, children: [
            FakeController("App.List", visible: true), FakeController("App.Detail", visible: true), FakeController("App.Hidden"),
        ]))
        #expect(split.activeIndex == 1)
        #expect(split.children.map(\.kind) == ["screen", "screen", "screen"])
        let presentedTabs = FakeController("App.Root", visible: true)
        presentedTabs.navvizPresented = FakeController("UITabBarController", .tabs, children: [FakeController("App.C")])
        let modal = ViewControllerHierarchy.node(from: presentedTabs).children[0]
        #expect(modal.kind == "modal")
        #expect(modal.isSwitch == true)
    }

    /// Types, kinds and the active path in preorder, without ids.
    static func shape(_ tree: Tree) -> [String] {
        let active = tree.activeSet
        return tree.preorder().map { slot in
            let n = tree.node(slot)
            // A paste's type is the class without its module (the module is in its info).
            let type = n.type.map { $0.contains(".") ? String($0.drop { $0 != "." }.dropFirst()) : $0 } ?? "-"
            return "\(tree.depth(slot)) \(type) \(n.kind ?? "-")\(active.contains(slot) ? " ●" : "")\(tree.activeChild(slot) != nil ? " >\(tree.children(slot).firstIndex(of: tree.activeChild(slot)!)!)" : "")"
        }
    }
}
