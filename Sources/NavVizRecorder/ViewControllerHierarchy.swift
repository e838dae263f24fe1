/// What the UIKit hierarchy walk needs of a view controller, so the walk itself runs (and is
/// tested) anywhere: `UIViewController` conforms under UIKit (below), tests use look-alikes.
@MainActor
public protocol ViewControllerNode: AnyObject {
    /// The class name with its module, as `NSStringFromClass` gives it (`App.ChatViewController`).
    var navvizClassName: String { get }
    /// The controllers it contains, in order (UIKit `children`; a navigation controller's are
    /// its stack, bottom first).
    var navvizChildren: [any ViewControllerNode] { get }
    /// The controller it presented itself (UIKit `presentedViewController`, when its
    /// `presentingViewController` is this one).
    var navvizPresented: (any ViewControllerNode)? { get }
    /// A tab bar controller's selected controller.
    var navvizSelectedChild: (any ViewControllerNode)? { get }
    /// Whether its view is on screen (loaded and in a window).
    var navvizIsVisible: Bool { get }
    /// What kind of container UIKit makes it.
    var navvizRole: ViewControllerRole { get }
}

/// The containers the walk tells apart.
public enum ViewControllerRole: Sendable {
    case tabs, stack, split, page, other
}

extension ViewControllerNode {
    /// The object's address, `0x…`, as the debugger prints it.
    public var navvizAddress: String {
        "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), radix: 16)
    }
}

/// Turns a live view controller hierarchy into a ``NavigationNode`` tree with the same
/// meaning `navviz import` gives a `_printHierarchy` paste of it (docs/format.md, "UIKit
/// pastes"): ids `Class@0xADDRESS`, the address in `context`, a tab bar as `kind: tabs` with
/// its selected tab active, a navigation controller as `kind: stack` whose controllers form a
/// chain, presented controllers as active `kind: modal` children of their presenter, other
/// containers with their children in order (the last one on screen active).
///
/// ```swift
/// recorder.record(ViewControllerHierarchy.node(from: window.rootViewController!), label: "tap Buy")
/// ```
public enum ViewControllerHierarchy {
    /// The tree under `root` (UIKit hierarchies are a few levels deep, so the walk recurses).
    @MainActor
    public static func node(from root: any ViewControllerNode) -> NavigationNode {
        node(root, presented: false, pushedAbove: [])
    }

    @MainActor
    private static func node(_ vc: any ViewControllerNode, presented: Bool, pushedAbove: ArraySlice<any ViewControllerNode>) -> NavigationNode {
        let role = vc.navvizRole
        var children: [NavigationNode] = []
        var active: Int?
        if role == .stack {
            let stack = vc.navvizChildren
            if let first = stack.first {
                children.append(node(first, presented: false, pushedAbove: stack.dropFirst()))
                active = 0
            }
        } else {
            if let next = pushedAbove.first {
                children.append(node(next, presented: false, pushedAbove: pushedAbove.dropFirst()))
                active = 0
            }
            let contained = vc.navvizChildren
            let offset = children.count
            children += contained.map { node($0, presented: false, pushedAbove: []) }
            if active == nil {
                if role == .tabs, let selected = vc.navvizSelectedChild {
                    active = contained.firstIndex { $0 === selected }.map { $0 + offset }
                } else if let last = contained.lastIndex(where: { $0.navvizIsVisible }) {
                    active = last + offset
                }
            }
        }
        if let shown = vc.navvizPresented {
            children.append(node(shown, presented: true, pushedAbove: []))
            active = children.count - 1
        }
        let kind: String?
        switch (presented, role) {
        case (true, _): kind = "modal"
        case (false, .tabs): kind = "tabs"
        case (false, .stack): kind = "stack"
        case (false, .split): kind = "split"
        case (false, .page): kind = "page"
        case (false, .other): kind = children.isEmpty ? "screen" : nil
        }
        let address = vc.navvizAddress
        return NavigationNode(id: "\(vc.navvizClassName)@\(address)", type: vc.navvizClassName, kind: kind,
                              switch: presented && (role == .tabs || role == .split || role == .page) ? true : nil,
                              context: ["address": address], children: children, activeIndex: active)
    }
}

// watchOS: `canImport(UIKit)` is true there, but watchOS has no UIViewController.
#if canImport(UIKit) && !os(watchOS)
import UIKit

extension UIViewController: ViewControllerNode {
    /// The class name, as `NSStringFromClass` gives it.
    public var navvizClassName: String { NSStringFromClass(type(of: self)) }
    /// `children`.
    public var navvizChildren: [any ViewControllerNode] { children.map { $0 } }
    /// `presentedViewController` (nil when this one presents nothing of its own).
    public var navvizPresented: (any ViewControllerNode)? {
        guard let shown = presentedViewController, shown.presentingViewController === self else { return nil }
        return shown
    }
    /// A tab bar controller's `selectedViewController`.
    public var navvizSelectedChild: (any ViewControllerNode)? { (self as? UITabBarController)?.selectedViewController }
    /// Whether its view is loaded and in a window.
    public var navvizIsVisible: Bool { isViewLoaded && view.window != nil }
    /// Tab bar, navigation stack or screen, by the UIKit class it is.
    public var navvizRole: ViewControllerRole {
        switch self {
        case is UITabBarController: .tabs
        case is UINavigationController: .stack
        case is UISplitViewController: .split
        case is UIPageViewController: .page
        default: .other
        }
    }
}
#endif
