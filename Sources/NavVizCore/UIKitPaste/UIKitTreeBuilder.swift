/// Builds a navviz tree from the view controller lines of one `_printHierarchy` paste, the
/// way UIKit means them.
///
/// - Each controller is a node whose `type` is its class name without the module
///   (`ProductViewController`; generic arguments kept, theirs stripped too:
///   `UIHostingController<Root>`), which is also what pictures show. Its `info` keeps what
///   changes from launch to launch or says more than the picture needs: the `address` and the
///   full `class` (`Shop.ProductViewController`).
/// - Ids come from the controller's place, so they are the same in every launch of the app
///   (``UIKitPaste/IDs/place``): a tab bar's tabs are `tab0`, `tab1`, … (their position); any
///   other controller is its class name (the root, a pushed screen, a presented one, a
///   child of a split, page or custom container), with `#2`, `#3`, … where its siblings
///   already use the name. The place in full is the node's path (`UITabBarController/tab0/
///   CatalogViewController/ProductViewController`): a screen pushed on a screen of its class
///   repeats its id one level down, as docs/format.md's "Repeated screens" allows.
///   ``UIKitPaste/IDs/address`` names each controller by its class and address instead
///   (`ProductViewController@0x10a6157f0`), to tell apart two instances in one launch.
/// - A tab bar controller (a class whose name ends in `TabBarController`) is `kind: tabs`;
///   its selected tab (``selectedTab(_:of:in:kept:warnings:)``) is active.
/// - A navigation controller (`…NavigationController`) is `kind: stack`; its children are
///   pushed in order, each the child of the one under it (docs/format.md's chain), and the chain
///   is active down to the top.
/// - A presented controller (`+`) is a `kind: modal` child of its presenter and is the
///   presenter's active child: the active path runs to the top-most presented controller.
///   (A presented tab bar, split or page controller keeps `switch: true`.)
/// - Split view controllers (`…SplitViewController`, `kind: split`), page view controllers
///   (`…PageViewController`, `kind: page`) and custom containers keep their children in
///   order; the active one is the last that is on screen (`state: appeared` or `appearing`).
///   A controller without children is `kind: screen`.
/// - Several roots in one paste (one per window, as `[UIViewController _printHierarchy]`
///   prints them) hang from a root `windows`, whose active child is the first root on screen.
package enum UIKitTreeBuilder {
    /// The tree of one paste; what it had to guess is added to `warnings`.
    ///
    /// `selected` holds, by the path of each tab bar (its ids from the root, `/`-joined), the
    /// tab selected in the pastes before (in a file of several), under a presented
    /// controller too: a tab bar whose selected tab this paste does not show keeps that one,
    /// so a session says once that it had to take the first tab. This paste's selections are
    /// added.
    static func tree(_ lines: [UIKitPasteLine], selected: inout [String: String], ids scheme: UIKitPaste.IDs = .place,
                     warnings: inout [DocumentWarning]) throws(DocumentError) -> Tree {
        let parent = try parents(lines, warnings: &warnings)
        var contained = [[Int]](repeating: [], count: lines.count)
        var presented = [[Int]](repeating: [], count: lines.count)
        for (i, p) in parent.enumerated() where p >= 0 {
            if lines[i].presented { presented[p].append(i) } else { contained[p].append(i) }
        }
        // The tree's children and active child of each controller, by line index.
        var children = [[Int]](repeating: [], count: lines.count)
        var active = [Int?](repeating: nil, count: lines.count)
        for i in lines.indices {
            if lines[i].isNavigation {
                // A stack: the pushed controllers form a chain, each on the one under it.
                // A navigation controller pushed on another stack (UIKit refuses that, a
                // paste can still show it) keeps the controller pushed above it there as
                // its first child and active one: both chains stay in the tree.
                let pushed = contained[i]
                children[i] += Array(pushed.prefix(1)) + presented[i]
                active[i] = active[i] ?? pushed.first
                for (k, c) in pushed.enumerated().dropLast() {
                    children[c].insert(pushed[k + 1], at: 0)
                    active[c] = pushed[k + 1]
                }
            }
        }
        for i in lines.indices where !lines[i].isNavigation {
            children[i] += contained[i] + presented[i]
        }
        let roots = lines.indices.filter { parent[$0] < 0 }
        let ids = identifiers(lines, children: children, contained: contained, roots: roots, scheme: scheme)
        // Where each line sits in the tree: the ids from the root (to find the tab a paste
        // before selected).
        var upper = [Int](repeating: -1, count: lines.count)
        for i in lines.indices { for c in children[i] { upper[c] = i } }
        func path(_ i: Int) -> String {
            var out: [String] = []
            var j = i
            while j >= 0 { out.append(ids[j]); j = upper[j] }
            if roots.count > 1 { out.append("windows") }
            return out.reversed().joined(separator: "/")
        }
        for i in lines.indices where !lines[i].isNavigation {
            if active[i] != nil { continue }  // the next controller of a stack
            if lines[i].isTabBar, !contained[i].isEmpty {
                let place = path(i)
                let kept = selected[place].flatMap { id in contained[i].first { ids[$0] == id } }
                let tab = selectedTab(contained[i], of: lines[i], in: lines, kept: kept, warnings: &warnings)
                selected[place] = ids[tab]
                active[i] = tab
            } else {
                active[i] = contained[i].last { lines[$0].state?.isVisible == true }
            }
        }
        // Presented controllers are on top of everything their presenter holds.
        for i in lines.indices where !presented[i].isEmpty { active[i] = presented[i].last }

        var tree = Tree()
        var stack: [(line: Int, under: Tree.Slot?)] = []
        if roots.count > 1 {
            tree.setRoot(Node(id: "windows", label: "windows"))
            let windows = tree.root!
            for r in roots.reversed() { stack.append((r, windows)) }
        } else {
            stack.append((roots[0], nil))
        }
        var slots = [Tree.Slot](repeating: -1, count: lines.count)
        while let (i, under) = stack.popLast() {
            let node = self.node(lines[i], id: ids[i], leaf: children[i].isEmpty)
            if let under {
                slots[i] = tree.addChild(node, to: under)
            } else {
                tree.setRoot(node)
                slots[i] = tree.root!
            }
            for c in children[i].reversed() { stack.append((c, slots[i])) }
        }
        for i in lines.indices {
            if let a = active[i] { tree.setActive(slots[a], in: slots[i]) }
        }
        if roots.count > 1, let onScreen = roots.first(where: { lines[$0].state?.isVisible == true }) {
            tree.setActive(slots[onScreen], in: tree.root!)
        }
        return tree
    }

    /// Each line's parent (its index, or -1 for a root), checking that depths only grow one
    /// level at a time and that a paste starts at a root.
    static func parents(_ lines: [UIKitPasteLine], warnings: inout [DocumentWarning]) throws(DocumentError) -> [Int] {
        var parent = [Int](repeating: -1, count: lines.count)
        var open: [Int] = []  // the last line at each depth
        var problems: [DocumentError.Problem] = []
        for (i, line) in lines.enumerated() {
            if line.cut {
                let state = line.state.map { "state \($0.rawValue)" } ?? "state unknown"
                warnings.append(DocumentWarning(line: line.line, message: "the line is cut off; read as far as it goes (\(line.className), \(state))"))
            }
            if line.depth > open.count {
                let expected = open.isEmpty
                    ? "a paste to start at a root view controller (no '|' or '+' before '<')"
                    : "at most \(open.count) '|' or '+' before '<' (a child of line \(lines[open[open.count - 1]].line))"
                problems.append(.init(line: line.line, path: "", message: "expected \(expected), found \(line.depth)"))
                continue
            }
            if line.depth == 0, line.presented {
                problems.append(.init(line: line.line, path: "", message: "expected a root view controller, found '+' (presented) with nothing above it to present it"))
                continue
            }
            open.removeSubrange(line.depth...)
            parent[i] = open.last ?? -1
            open.append(i)
        }
        if !problems.isEmpty { throw .invalid(problems) }
        return parent
    }

    /// The tab a tab bar controller shows. The paste does not name it; the tabs' states do:
    /// the tab that is `appeared` (else `appearing`, else `disappearing`: a tab switch in
    /// progress), else the one whose view is loaded and in the window. When the tab bar is
    /// off screen itself (covered by a full-screen presentation, every tab `disappeared` and
    /// not in the window), nothing in the paste tells: the tab selected in the paste before
    /// is kept (`kept`), else UIKit's default, the first tab, is taken, with a warning.
    static func selectedTab(_ tabs: [Int], of tabBar: UIKitPasteLine, in lines: [UIKitPasteLine], kept: Int?, warnings: inout [DocumentWarning]) -> Int {
        for state in [UIKitPasteLine.State.appeared, .appearing, .disappearing] {
            if let tab = tabs.first(where: { lines[$0].state == state }) { return tab }
        }
        let inWindow = tabs.filter { lines[$0].viewLoaded == true && !lines[$0].notInWindow }
        if inWindow.count == 1 { return inWindow[0] }
        if let kept { return kept }
        warnings.append(DocumentWarning(line: tabBar.line, message: "no tab of \(tabBar.className) is on screen, so the paste does not say which is selected; the first tab is taken (edit 'active' if another was)"))
        return tabs[0]
    }

    /// Each line's id (``UIKitPaste/IDs``): a tab bar's tab `tabN`, any other controller its
    /// class name without the module (or, with `.address`, `Name@0xADDR` where the paste has
    /// the address); a name a sibling already has gets `#2`, `#3`, …. Siblings are the
    /// children one controller has in the tree (and the roots of several windows).
    static func identifiers(_ lines: [UIKitPasteLine], children: [[Int]], contained: [[Int]], roots: [Int], scheme: UIKitPaste.IDs) -> [String] {
        var ids = [String](repeating: "", count: lines.count)
        func name(_ i: Int, tab: Int?) -> String {
            if scheme == .address, let address = lines[i].address { return "\(lines[i].typeName)@\(address)" }
            if let tab { return "tab\(tab)" }
            return lines[i].typeName
        }
        func assign(_ siblings: [Int], tabs: [Int]) {
            var used = Set<String>()
            for c in siblings {
                var id = name(c, tab: tabs.firstIndex(of: c))
                if used.contains(id) {
                    var n = 2
                    while used.contains("\(id)#\(n)") { n += 1 }
                    id = "\(id)#\(n)"
                }
                used.insert(id)
                ids[c] = id
            }
        }
        assign(roots, tabs: [])
        for i in lines.indices {
            assign(children[i], tabs: lines[i].isTabBar ? contained[i] : [])
        }
        return ids
    }

    static func node(_ line: UIKitPasteLine, id: String, leaf: Bool) -> Node {
        let kind: String?
        if line.presented {
            kind = "modal"
        } else if line.isTabBar {
            kind = "tabs"
        } else if line.isNavigation {
            kind = "stack"
        } else if line.baseName.hasSuffix("SplitViewController") {
            kind = "split"
        } else if line.baseName.hasSuffix("PageViewController") {
            kind = "page"
        } else {
            kind = leaf ? "screen" : nil
        }
        let switches = line.presented && (line.isTabBar || line.baseName.hasSuffix("SplitViewController") || line.baseName.hasSuffix("PageViewController"))
        var info: [String: String] = [:]
        if let address = line.address { info["address"] = address }
        if line.className != line.typeName { info["class"] = line.className }
        return Node(id: id, type: line.typeName, kind: kind, switch: switches ? true : nil, info: info)
    }
}

extension UIKitPasteLine {
    /// The class name without its module, in generic arguments too:
    /// `SwiftUI.UIHostingController<Mail.Root>` → `UIHostingController<Root>`, `App.Outer.Inner`
    /// → `Outer.Inner`; an Objective-C class (no module) as it is.
    var typeName: String {
        var out = ""
        var word = ""
        func flush() {
            // A module with nothing after its dot (`App.`, a cut or mangled paste) keeps
            // its word whole: a type name, and the id made from it, are never empty.
            if let dot = word.firstIndex(of: "."), word.first != ".", word.index(after: dot) < word.endIndex {
                out += word[word.index(after: dot)...]
            } else {
                out += word
            }
            word = ""
        }
        for c in className {
            if c == "<" || c == ">" || c == "," || c == " " {
                flush()
                out.append(c)
            } else {
                word.append(c)
            }
        }
        flush()
        return out
    }

    var isTabBar: Bool { baseName.hasSuffix("TabBarController") }
    var isNavigation: Bool { baseName.hasSuffix("NavigationController") }
}
