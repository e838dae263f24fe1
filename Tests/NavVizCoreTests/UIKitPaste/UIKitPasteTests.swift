import Foundation
import Testing
import NavVizCore
import NavVizFiles
import _NavVizTestSupport

/// Pastes of UIKit's `_printHierarchy` in the shapes terminals, Xcode and web pages give,
/// read into trees with UIKit's meaning.
struct UIKitPasteTests {
    static func read(_ text: String) throws -> (Document, [DocumentWarning]) {
        var warnings: [DocumentWarning] = []
        let document = try UIKitPaste.read(Array(text.utf8), warnings: &warnings)
        return (document, warnings)
    }

    static func tree(_ text: String) throws -> Tree {
        guard case .snapshot(let tree) = try read(text).0 else { throw Samples.SampleError.notASnapshot }
        return tree
    }

    static func file(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The active path's ids, ` / `-joined.
    static func activePath(_ tree: Tree) -> String {
        tree.activePath.map { tree.id($0) }.joined(separator: " / ")
    }

    /// A navigation controller pushed on another stack (UIKit refuses it; a paste, or a
    /// damaged one, can show it) keeps both chains: the controller pushed above it on the
    /// outer stack is its first and active child, its own stack follows. libFuzzer found
    /// this (Fuzz/Regressions/pipeline/uikit-index-out-of-range): the inner stack dropped
    /// the outer chain's next controller, whose lines were left out of the tree, and
    /// setting their active child trapped (index out of range).
    @Test func aNavigationControllerPushedOnAStackKeepsBothChains() throws {
        let tree = try Self.tree("""
            <UINavigationController 0x100>, state: appeared, view: <UILayoutContainerView 0x1>
               | <App.ListViewController 0x200>, state: disappeared, view: <UIView 0x2>
               | <App.InnerNavigationController 0x300>, state: disappeared, view: <UIView 0x3>
               |    | <App.InnerRootViewController 0x400>, state: disappeared, view: <UIView 0x4>
               | <App.DetailViewController 0x500>, state: appeared, view: <UIView 0x5>
            """)
        #expect(tree.count == 5)
        #expect(Self.activePath(tree) == "UINavigationController / ListViewController / InnerNavigationController / DetailViewController")
        let inner = try #require(tree.slot(of: "InnerNavigationController"))
        #expect(tree.children(inner).map { tree.id($0) } == ["DetailViewController", "InnerRootViewController"])

        let found = try #require(FileManager.default.contents(atPath: PackagePaths.root.appendingPathComponent("Fuzz/Regressions/pipeline/uikit-index-out-of-range").path))
        var warnings: [DocumentWarning] = []
        _ = try? UIKitPaste.read(Array(found), warnings: &warnings)
    }

    /// Tab bar, two tabs with stacks, nested presentations: the issue's shape.
    @Test func tabsStacksAndNestedPresentations() throws {
        let tree = try Self.tree(String(contentsOfFile: PackagePaths.sample("uikit-tabs.paste.txt"), encoding: .utf8))
        let root = try #require(tree.root)
        #expect(tree.node(root) == Node(id: "UITabBarController", type: "UITabBarController", kind: "tabs",
                                        info: ["address": "0x12c01d200"]))
        let kids = tree.children(root).map { tree.node($0) }
        #expect(kids.map(\.kind) == ["stack", "stack", "modal"])
        // Tabs by their place; any other controller by its class, without the module.
        #expect(kids.map(\.id) == ["tab0", "tab1", "ComposeViewController"])
        #expect(kids[2] == Node(id: "ComposeViewController", type: "ComposeViewController", kind: "modal",
                                info: ["address": "0x12d2065e0", "class": "App.ComposeViewController"]))
        // A stack is a chain: each pushed controller is the child of the one under it.
        let firstStack = tree.children(root)[0]
        let chain = sequence(first: firstStack) { tree.children($0).first }.map { tree.node($0).type ?? "" }
        #expect(chain == ["UINavigationController", "FeedViewController", "PostViewController", "PostViewController"])
        #expect(tree.activeChild(tree.children(firstStack)[0]) == tree.children(tree.children(firstStack)[0]).first)
        // The active path runs to the top-most presented controller.
        #expect(Self.activePath(tree) == "UITabBarController / ComposeViewController / AttachmentPickerViewController")
        #expect(tree.count == 10)
    }

    /// The same state pasted twice gives the same ids; collapsed markers read as indented ones.
    /// A class named by its module alone (`App.`, as a mangled or cut paste gives) keeps
    /// its name whole: its type, and the id made from it, are never empty. libFuzzer found
    /// this (Fuzz/Regressions/importers/uikit-module-without-type): the import wrote an
    /// empty id, which the JSON it wrote refused on reading back.
    @Test func aModuleWithoutATypeKeepsItsName() throws {
        let tree = try Self.tree("""
            <UINavigationController 0x12a808200>, state: appeared, view: <UILayoutContainerView 0x129e07b40>
               | <App. 0x129b049c0>, state: appeared, view: <UIView 0x129e0a1c0>
            """)
        let root = try #require(tree.root)
        let child = try #require(tree.children(root).first)
        #expect(tree.id(child) == "App.")
        #expect(tree.node(child).type == "App.")
        let found = try #require(FileManager.default.contents(atPath: PackagePaths.root.appendingPathComponent("Fuzz/Regressions/importers/uikit-module-without-type").path))
        let pasted = try Self.tree(String(decoding: found, as: UTF8.self))
        #expect(pasted.preorder().allSatisfy { !pasted.id($0).isEmpty })
    }

    @Test func idsAreStableAndCollapsedMarkersReadAlike() throws {
        let text = try String(contentsOfFile: PackagePaths.sample("uikit-tabs.paste.txt"), encoding: .utf8)
        var collapsed = ""
        for line in text.split(separator: "\n") {
            collapsed += line.replacing("   |    ", with: "| ").replacing("   ", with: "") + "\n"
        }
        #expect(collapsed.contains("| + <App.AttachmentPickerViewController"))
        #expect(try Self.tree(collapsed) == Self.tree(text))
        #expect(try Self.tree(text) == Self.tree(text))
    }

    @Test func splitViewsKeepTheirChildrenAndGenericsKeepTheirNames() throws {
        let tree = try Self.tree(Self.file("split-collapsed.paste.txt"))
        let root = try #require(tree.root)
        #expect(tree.node(root).kind == "split")
        #expect(tree.children(root).map { tree.node($0).kind } == ["stack", "stack", "modal"])
        let hosting = try #require(tree.slot(of: "UIHostingController<AttachmentStrip, Theme>"))
        #expect(tree.node(hosting).info["class"] == "SwiftUI.UIHostingController<Mail.AttachmentStrip, Mail.Theme>")
        // Siblings of one class are told apart by number: the two columns and the popover.
        #expect(tree.children(root).map { tree.id($0) } == ["UINavigationController", "UINavigationController#2", "UINavigationController#3"])
        #expect(Self.activePath(tree).hasSuffix("UINavigationController#3 / ComposeViewController"))
    }

    /// Lines wrapped by a terminal or a web page are joined again; a cut last line is read as
    /// far as it goes.
    @Test func wrappedLinesAreJoined() throws {
        let (document, warnings) = try Self.read(Self.file("wrapped.paste.txt"))
        guard case .snapshot(let tree) = document else { Issue.record("not a snapshot"); return }
        let unwrapped = try Self.tree(String(contentsOfFile: PackagePaths.sample("uikit-tabs.paste.txt"), encoding: .utf8))
        #expect(tree.count == 8)
        #expect(tree.contains(id: "tab1"))
        let presented = try #require(tree.root.map(tree.children)?.last)
        #expect(tree.node(presented).kind == "modal")
        #expect(tree.node(presented).info["address"] == "0x12d2065e0")
        #expect(warnings == [DocumentWarning(line: 13, message: "the line is cut off; read as far as it goes (App.ViewController, state appeared)")])
        #expect(unwrapped.count == 10)
    }

    @Test func cutLinesAreReadAsFarAsTheyGo() throws {
        let (document, warnings) = try Self.read(Self.file("cut.paste.txt"))
        guard case .snapshot(let tree) = document else { Issue.record("not a snapshot"); return }
        #expect(warnings.map(\.line) == [1, 3, 5, 6])
        // The second tab's controller was cut inside its class name: kept as far as it goes.
        #expect(tree.contains(id: "ViewCon…"))
        #expect(Self.activePath(tree) == "UITabBarController / tab0 / ViewController / ViewController")
    }

    /// Prompts, command echo, debugger output and `Optional(…)` around the hierarchy.
    @Test func promptsAndOptionalAreSkipped() throws {
        let text = """
            (lldb) po UIApplication.shared.keyWindow?.rootViewController?.value(forKey: "_printHierarchy")
            Optional(<UINavigationController 0x10b01a400>, state: appeared, view: <UILayoutContainerView 0x10a5104e0>
               | <Shop.CatalogViewController 0x10a40b9e0>, state: appeared, view: (view not loaded))
            """
        let tree = try Self.tree(text)
        #expect(tree.count == 2)
        #expect(Self.activePath(tree) == "UINavigationController / CatalogViewController")
    }

    /// Without addresses, ids are the same; several windows hang from `windows`.
    @Test func indexIdsAndSeveralWindows() throws {
        let text = """
            <UINavigationController>, state: disappeared, view: <UILayoutContainerView>
               | <App.Home>, state: disappeared, view: <UIView>
            <App.Alert>, state: appeared, view: <UIView>
            <UIInputWindowController>, state: appeared, view: <UIInputSetHostView>
            """
        let tree = try Self.tree(text)
        let root = try #require(tree.root)
        #expect(tree.id(root) == "windows")
        #expect(tree.children(root).map { tree.id($0) } == ["UINavigationController", "Alert", "UIInputWindowController"])
        #expect(Self.activePath(tree) == "windows / Alert")
        #expect(tree.node(tree.slot(of: "Home")!).context.isEmpty)
        #expect(tree.node(tree.slot(of: "Home")!).info == ["class": "App.Home"])
    }

    /// A tab bar that is off screen does not say which tab is selected: the previous paste's
    /// choice is kept, else the first tab with a warning.
    @Test func hiddenTabBarKeepsThePreviousSelection() throws {
        let (document, warnings) = try Self.read(String(contentsOfFile: PackagePaths.sample("uikit-session.pastes.txt"), encoding: .utf8))
        guard case .sequence(let session) = document else { Issue.record("not a sequence"); return }
        #expect(session.snapshots.map(\.label) == ["paste 1 (line 2)", "paste 2 (line 11)", "paste 3 (line 21)", "paste 4 (line 31)"])
        #expect(warnings.isEmpty)
        let last = session.snapshots[3].tree
        let tabBar = try #require(last.slot(of: "UITabBarController"))
        #expect(last.activeChild(tabBar).map(last.id) == "UINavigationController")
        // The cart tab stays selected under the presented checkout.
        let cart = try #require(last.slot(of: "tab1"))
        #expect(last.activeChild(cart) != nil)
        // Alone, the last paste cannot tell: the first tab, with a warning.
        let lastPaste = try String(contentsOfFile: PackagePaths.sample("uikit-session.pastes.txt"), encoding: .utf8)
            .components(separatedBy: "(lldb) po [UIViewController _printHierarchy]\n").last!
        let hidden = lastPaste.split(separator: "\n").prefix(6).joined(separator: "\n")
        let (_, alone) = try Self.read(hidden)
        #expect(alone.count == 1)
        #expect(alone.first?.message.hasPrefix("no tab of UITabBarController is on screen") == true)
    }

    /// What a session's pastes animate: the diffs between pauses.
    @Test func sessionTransitions() throws {
        let timeline = try TimelineBuilder.build(Samples.loadPaste("uikit-session.pastes.txt"))
        let ops = timeline.transitions.map { $0.operations.map(OperationWriter.phrase) }
        #expect(ops[0] == ["push ProductViewController onto CatalogViewController"])
        #expect(ops[1] == ["activate tab1 in UITabBarController"])
        #expect(ops[2] == ["push UINavigationController onto UITabBarController", "push CheckoutViewController onto UINavigationController",
                           "push PaymentViewController onto CheckoutViewController"])
    }

    /// The same session pasted in another launch (every address different) reads as the
    /// same trees, so the pastes of two launches diff to nothing, and only the addresses in
    /// `info` tell the launches apart.
    @Test func idsAreTheSameInAnotherLaunch() throws {
        let text = try String(contentsOfFile: PackagePaths.sample("uikit-session.pastes.txt"), encoding: .utf8)
        let other = Self.relaunched(text)
        #expect(other != text)
        guard case .sequence(let first) = try Self.read(text).0, case .sequence(let second) = try Self.read(other).0 else {
            Issue.record("not sequences")
            return
        }
        for (a, b) in zip(first.snapshots, second.snapshots) {
            #expect(TreeWriter.render(a.tree) == TreeWriter.render(b.tree))
            #expect(TreeDiff.operations(from: a.tree, to: b.tree).isEmpty)
            #expect(a.tree != b.tree, "the addresses stay in info")
        }
        // A controller the second launch replaced (another instance at the same place) is
        // the same node; with `.address` ids it is another one.
        var addresses: [DocumentWarning] = []
        guard case .sequence(let byAddress) = try UIKitPaste.read(Array(text.utf8), options: .init(ids: .address), warnings: &addresses) else {
            Issue.record("not a sequence")
            return
        }
        let root = try #require(byAddress.snapshots[0].tree.root)
        #expect(byAddress.snapshots[0].tree.id(root) == "UITabBarController@0x10a808c00")
        #expect(byAddress.snapshots[0].tree.node(root).info == ["address": "0x10a808c00"])
    }

    /// Every address in `text` changed, as another launch of the app prints them.
    static func relaunched(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let r = rest.range(of: " 0x10") {
            out += rest[..<r.lowerBound] + " 0x20"
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    /// The trees keep docs/format.md's rules for repeated screens: an id repeats only away
    /// from its siblings (a screen pushed on a screen of its class), never among one node's
    /// children.
    @Test(arguments: ["uikit-tabs.paste.txt", "uikit-session.pastes.txt"])
    func idsRepeatOnlyAsRepeatedScreensMay(_ sample: String) throws {
        let document = try Samples.loadPaste(sample)
        let trees: [Tree]
        switch document {
        case .snapshot(let tree): trees = [tree]
        case .sequence(let s): trees = s.snapshots.map(\.tree)
        default: trees = []
        }
        for tree in trees {
            for slot in tree.preorder() {
                let ids = tree.children(slot).map { tree.id($0) }
                #expect(Set(ids).count == ids.count, "\(ids)")
            }
            // Written out and read back, the snapshot is valid and the same.
            let json = DocumentEncoder.snapshot(tree)
            #expect(try Samples.tree(json) == tree)
        }
    }

    /// A tab bar hidden in every paste of a session (a full-screen modal over it) is
    /// guessed once: the later pastes keep that tab, and say nothing.
    @Test func aHiddenTabBarIsWarnedAboutOnce() throws {
        let text = try String(contentsOfFile: PackagePaths.sample("uikit-session.pastes.txt"), encoding: .utf8)
        let last = text.components(separatedBy: "(lldb) po [UIViewController _printHierarchy]\n").last!
            .split(separator: "\n").prefix(9).joined(separator: "\n")
        let (document, warnings) = try Self.read(last + "\n(lldb) continue\n" + last + "\n(lldb) continue\n" + last)
        guard case .sequence(let session) = document else { Issue.record("not a sequence"); return }
        #expect(session.snapshots.count == 3)
        #expect(warnings.map(\.line) == [1])
    }

    @Test(arguments: [
        ("<UINavigationController 0x1>, state: appeared\n   |    |    | <App.A 0x2>, state: appeared\n",
         "2: expected at most 1 '|' or '+' before '<' (a child of line 1), found 3"),
        ("   | <App.A 0x2>, state: appeared\n", "1: expected a paste to start at a root view controller (no '|' or '+' before '<'), found 1"),
        ("<App.A 0x1>, state: appeared\nhello world\n", "2: expected a view controller line ('| <Class 0x…>, state: …'), an (lldb) prompt or the rest of a wrapped line, found 'hello world'"),
        ("<App.A 0x1> state: appeared\n", "1: expected ', state: …' after '<App.A 0x1>', found 'state: appeared'"),
        ("<App.A 0x1>, state: sideways, view: <UIView 0x2>\n", "1: expected a state (appeared, disappeared, appearing or disappearing) after 'state:', found 'sideways'"),
        ("<App.A 0x1>, state: appeared, view: nowhere, presented with: x\n", "1: expected '<ViewClass 0x…>' or '(view not loaded)' after 'view:', found 'nowhere'"),
        ("<>, state: appeared\n", "1: expected a class name after '<'"),
        ("(lldb) po 1\n1\n", "1: no view controller lines: expected the output of _printHierarchy, lines such as '<UINavigationController 0x7f8e1c00>, state: appeared, view: …'"),
    ])
    func badPastesNameTheLineAndWhatWasExpected(_ text: String, _ message: String) throws {
        let colon = message.firstIndex(of: ":")!
        let expected = "p.txt:\(message[..<colon]): error:\(message[message.index(after: colon)...])"
        do {
            _ = try Self.read(text)
            Issue.record("accepted: \(text)")
        } catch let error as DocumentError {
            #expect(error.diagnostics(file: "p.txt").map(\.description).first == expected)
        }
    }

    /// Detection: pastes are told from JSON, YAML and logs by their first lines.
    @Test func detection() {
        #expect(InputFormat.sniff(Array("(lldb) po 1\n".utf8)) == .uikit)
        #expect(InputFormat.sniff(Array("\n<UINavigationController 0x1>, state: appeared\n".utf8)) == .uikit)
        #expect(InputFormat.sniff(Array("| | <App.A 0x1>, state: appeared\n".utf8)) == .uikit)
        #expect(InputFormat.sniff(Array("{\"id\": \"a\"}".utf8)) == .json)
        #expect(InputFormat.sniff(Array("tree:\n  id: a\n".utf8)) == .yaml)
        #expect(InputFormat.sniff(Array("{\"tree\": null}\n{\"tree\": null}\n".utf8)) == .log)
    }
}

extension Samples {
    /// A sample read with its format detected (pastes have no extension of their own).
    static func loadPaste(_ name: String) throws -> Document {
        try DocumentFile.load(PackagePaths.sample(name), options: .init()).document
    }
}
