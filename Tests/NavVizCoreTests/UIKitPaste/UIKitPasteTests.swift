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

    /// The active path as `Class@address` ids, `/`-joined.
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
        #expect(Self.activePath(tree) == "UINavigationController@0x100 / App.ListViewController@0x200 / App.InnerNavigationController@0x300 / App.DetailViewController@0x500")
        let inner = try #require(tree.slot(of: "App.InnerNavigationController@0x300"))
        #expect(tree.children(inner).map { tree.id($0) } == ["App.DetailViewController@0x500", "App.InnerRootViewController@0x400"])

        let found = try #require(FileManager.default.contents(atPath: PackagePaths.root.appendingPathComponent("Fuzz/Regressions/pipeline/uikit-index-out-of-range").path))
        var warnings: [DocumentWarning] = []
        _ = try? UIKitPaste.read(Array(found), warnings: &warnings)
    }

    /// Tab bar, two tabs with stacks, nested presentations: the issue's shape.
    @Test func tabsStacksAndNestedPresentations() throws {
        let tree = try Self.tree(String(contentsOfFile: PackagePaths.sample("uikit-tabs.paste.txt"), encoding: .utf8))
        let root = try #require(tree.root)
        #expect(tree.node(root) == Node(id: "UITabBarController@0x12c01d200", type: "UITabBarController", kind: "tabs",
                                        context: ["address": "0x12c01d200"]))
        let kids = tree.children(root).map { tree.node($0) }
        #expect(kids.map(\.kind) == ["stack", "stack", "modal"])
        // A stack is a chain: each pushed controller is the child of the one under it.
        let firstStack = tree.children(root)[0]
        let chain = sequence(first: firstStack) { tree.children($0).first }.map { tree.node($0).type ?? "" }
        #expect(chain == ["UINavigationController", "App.FeedViewController", "App.PostViewController", "App.PostViewController"])
        #expect(tree.activeChild(tree.children(firstStack)[0]) == tree.children(tree.children(firstStack)[0]).first)
        // The active path runs to the top-most presented controller.
        #expect(Self.activePath(tree) == "UITabBarController@0x12c01d200 / App.ComposeViewController@0x12d2065e0 / App.AttachmentPickerViewController@0x129b4b130")
        #expect(tree.count == 10)
    }

    /// The same state pasted twice gives the same ids; collapsed markers read as indented ones.
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
        #expect(tree.contains(id: "SwiftUI.UIHostingController<Mail.AttachmentStrip, Mail.Theme>@0x7f9a1b722600"))
        #expect(Self.activePath(tree).hasSuffix("UINavigationController@0x7f9a1c836800 / Mail.ComposeViewController@0x7f9a1b732b10"))
    }

    /// Lines wrapped by a terminal or a web page are joined again; a cut last line is read as
    /// far as it goes.
    @Test func wrappedLinesAreJoined() throws {
        let (document, warnings) = try Self.read(Self.file("wrapped.paste.txt"))
        guard case .snapshot(let tree) = document else { Issue.record("not a snapshot"); return }
        let unwrapped = try Self.tree(String(contentsOfFile: PackagePaths.sample("uikit-tabs.paste.txt"), encoding: .utf8))
        #expect(tree.count == 8)
        #expect(tree.contains(id: "UINavigationController@0x12b80a000"))
        #expect(tree.node(tree.slot(of: "App.ViewController@0x12d2065e0")!).kind == "modal")
        #expect(warnings == [DocumentWarning(line: 13, message: "the line is cut off; read as far as it goes (App.ViewController, state appeared)")])
        #expect(unwrapped.count == 10)
    }

    @Test func cutLinesAreReadAsFarAsTheyGo() throws {
        let (document, warnings) = try Self.read(Self.file("cut.paste.txt"))
        guard case .snapshot(let tree) = document else { Issue.record("not a snapshot"); return }
        #expect(warnings.map(\.line) == [1, 3, 5, 6])
        // The second tab's controller was cut inside its class name: kept, numbered.
        #expect(tree.contains(id: "App.ViewCon…#1"))
        #expect(Self.activePath(tree) == "UITabBarController@0x12c01d200 / UINavigationController@0x12a808200 / App.ViewController@0x129b04620 / App.ViewController@0x129b24540")
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
        #expect(Self.activePath(tree) == "UINavigationController@0x10b01a400 / Shop.CatalogViewController@0x10a40b9e0")
    }

    /// Without addresses, ids are the class and its number; several windows hang from `windows`.
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
        #expect(tree.children(root).map { tree.id($0) } == ["UINavigationController#1", "App.Alert#1", "UIInputWindowController#1"])
        #expect(Self.activePath(tree) == "windows / App.Alert#1")
        #expect(tree.node(tree.slot(of: "App.Home#1")!).context.isEmpty)
    }

    /// A tab bar that is off screen does not say which tab is selected: the previous paste's
    /// choice is kept, else the first tab with a warning.
    @Test func hiddenTabBarKeepsThePreviousSelection() throws {
        let (document, warnings) = try Self.read(String(contentsOfFile: PackagePaths.sample("uikit-session.pastes.txt"), encoding: .utf8))
        guard case .sequence(let session) = document else { Issue.record("not a sequence"); return }
        #expect(session.snapshots.map(\.label) == ["paste 1 (line 2)", "paste 2 (line 11)", "paste 3 (line 21)", "paste 4 (line 31)"])
        #expect(warnings.isEmpty)
        let last = session.snapshots[3].tree
        let tabBar = try #require(last.slot(of: "UITabBarController@0x10a808c00"))
        #expect(last.activeChild(tabBar).map(last.id) == "UINavigationController@0x10b830a00")
        // The cart tab stays selected under the presented checkout.
        let cart = try #require(last.slot(of: "UINavigationController@0x10b01b600"))
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
        #expect(ops[0] == ["push Shop.ProductViewController@0x10a6157f0?address=0x10a6157f0 onto Shop.CatalogViewController@0x10a40b9e0"])
        #expect(ops[1] == ["activate UINavigationController@0x10b01b600?address=0x10b01b600 in UITabBarController@0x10a808c00"])
        #expect(ops[2].count == 3)
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
