/// Turns an ``AppNavigation`` into navviz nodes (docs/format.md, "SwiftUI and TCA"):
///
/// - tabs: `kind: tabs`, each tab the node of its content under the tab's id, the selected
///   tab active;
/// - a stack: `kind: stack`, its root and path a chain (each pushed screen the child of the
///   one under it), active to the top;
/// - a screen: `kind: screen` while it has no children;
/// - a presentation: the content's node, `kind: modal` (a `push` keeps its kind), as the
///   active child of the container's visible screen: the one at the end of its active path.
///   In a stack, pushed destinations come first, then the sheets of its screens (bottom
///   first) and of the stack, each on top of the one before, so an inner sheet that presents
///   another ends the active path.
enum AppNavigationTree {
    static func node(_ navigation: AppNavigation) -> NavigationNode {
        switch navigation {
        case .tabs(let id, let selected, let tabs, let presenting):
            let children = tabs.map { tab -> NavigationNode in
                var n = node(tab.content)
                n.id = tab.id
                if let label = tab.label { n.label = label }
                return n
            }
            let active = selected.flatMap { s in tabs.firstIndex { $0.id == s } }
            var tree = NavigationNode(id: id, kind: "tabs", children: children, activeIndex: active)
            if let presenting { present(presenting, on: &tree) }
            return tree
        case .stack(let stack):
            let screens = [stack.root] + stack.path
            var chain: NavigationNode?
            for screen in screens.reversed() {
                chain = NavigationNode(id: screen.id, type: screen.type, label: screen.label, kind: chain == nil ? "screen" : nil,
                                       context: screen.context, children: chain.map { [$0] } ?? [], activeIndex: chain == nil ? nil : 0)
            }
            var tree = NavigationNode(id: stack.id, label: stack.label, kind: "stack", children: chain.map { [$0] } ?? [], activeIndex: 0)
            // Destinations pushed continue the chain first; sheets cover what is then on top.
            let presented = screens.compactMap(\.presenting) + [stack.presenting].compactMap { $0 }
            for p in presented where p.style == .push { present(p, on: &tree) }
            for p in presented where p.style != .push { present(p, on: &tree) }
            return tree
        case .screen(let screen):
            var tree = NavigationNode(id: screen.id, type: screen.type, label: screen.label, kind: "screen", context: screen.context)
            if let p = screen.presenting { present(p, on: &tree) }
            return tree
        }
    }

    /// `presentation`'s node as the active child of the screen at the end of `tree`'s active
    /// path.
    static func present(_ presentation: AppNavigation.Presentation, on tree: inout NavigationNode) {
        var shown = node(presentation.content)
        if presentation.style != .push {
            if shown.kind == "tabs" { shown.isSwitch = true }
            shown.kind = "modal"
        }
        attachAtLeaf(shown, to: &tree)
    }

    private static func attachAtLeaf(_ child: NavigationNode, to node: inout NavigationNode) {
        if let a = node.activeIndex {
            attachAtLeaf(child, to: &node.children[a])
            return
        }
        if node.kind == "screen" { node.kind = nil }
        node.children.append(child)
        node.activeIndex = node.children.count - 1
    }
}
