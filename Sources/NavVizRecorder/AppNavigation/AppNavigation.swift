/// What a SwiftUI or TCA app shows, described in plain Swift, for the recorder: its tabs and
/// the selected one, each stack's path, what is presented where. SwiftUI has no public API
/// that lists what is pushed or presented, so the app describes it from the state it binds
/// (`TabView(selection:)`, `NavigationStack(path:)`, `.sheet(item:)`); a TCA app lets
/// ``reflecting(_:root:session:presentation:)`` find its `StackState`s and `@Presents`.
///
/// As a tree (docs/format.md, "SwiftUI and TCA"): tabs are `kind: tabs` with the selected tab
/// active, a stack is `kind: stack` whose screens form a chain, and a presentation is an
/// active `kind: modal` child of the screen on top of the container that presents it (a
/// sheet covers what is visible), so presenting is one push and dismissing one pop.
///
/// ```swift
/// let navigation = AppNavigation.tabs(selected: "shop", [
///     .init("home", .stack(.init(root: .init(id: "home", type: "App.HomeView")))),
///     .init("shop", .stack(.init(root: .init(id: "shop", type: "App.ShopView"), values: shopPath)),
/// ])
/// session.record(navigation)
/// ```
public indirect enum AppNavigation: NavigationRecordable, Equatable, Sendable {
    /// A `TabView`: its tabs in order, `selected` the id of the selected one (none: no tab
    /// is active), and what the tab view itself presents.
    case tabs(id: String = "tabs", selected: String?, [Tab], presenting: Presentation? = nil)
    /// A `NavigationStack`.
    case stack(Stack)
    /// One screen (and what it presents).
    case screen(Screen)

    /// One tab: its id (the tag, as text) and what it holds.
    public struct Tab: Equatable, Sendable {
        /// The tab's id, unique among the tabs (its node's id).
        public var id: String
        /// What the tab bar shows (`Home`); nil leaves the content's label.
        public var label: String?
        /// What the tab holds: usually a stack; its node takes the tab's id.
        public var content: AppNavigation

        /// A tab `id` holding `content`.
        public init(_ id: String, label: String? = nil, _ content: AppNavigation) {
            self.id = id
            self.label = label
            self.content = content
        }
    }

    /// A navigation stack: the root view and the screens pushed on it, bottom first.
    public struct Stack: Equatable, Sendable {
        /// The stack node's id.
        public var id: String
        /// The stack node's label.
        public var label: String?
        /// The stack's root view.
        public var root: Screen
        /// The pushed screens, bottom first (the path's order).
        public var path: [Screen]
        /// What the stack itself presents (a `.sheet` on the `NavigationStack`).
        public var presenting: Presentation?

        /// A stack of `path` on `root`.
        public init(id: String = "stack", label: String? = nil, root: Screen, path: [Screen] = [], presenting: Presentation? = nil) {
            self.id = id
            self.label = label
            self.root = root
            self.path = path
            self.presenting = presenting
        }

        /// A stack whose path is a typed path's values (`[Route]`), each a screen
        /// ``Screen/init(value:presenting:)`` describes.
        public init(id: String = "stack", label: String? = nil, root: Screen, values: some Sequence, presenting: Presentation? = nil) {
            self.init(id: id, label: label, root: root, path: values.map { Screen(value: $0) }, presenting: presenting)
        }
    }

    /// How a presentation is shown. Every style but ``push`` is drawn as a `modal` child;
    /// ``push`` (`navigationDestination(item:)`, `navigationDestination(isPresented:)`)
    /// continues the stack's chain.
    public enum PresentationStyle: String, Sendable, CaseIterable {
        /// `.sheet`.
        case sheet
        /// `.fullScreenCover`.
        case fullScreenCover
        /// `.popover`.
        case popover
        /// `.alert`.
        case alert
        /// `.confirmationDialog`.
        case confirmationDialog
        /// A destination pushed on the stack (`navigationDestination(item:)`,
        /// `navigationDestination(isPresented:)`), not a modal.
        case push
    }

    /// Something presented: a sheet, a cover, a popover, an alert, or a destination pushed.
    public struct Presentation: Equatable, Sendable {
        /// How it is shown.
        public var style: PresentationStyle
        /// What is shown: a screen, or a stack when the sheet holds a `NavigationStack`.
        public var content: AppNavigation

        /// `content` shown as `style`.
        public init(_ style: PresentationStyle = .sheet, _ content: AppNavigation) {
            self.style = style
            self.content = content
        }

        /// `screen` shown as `style`.
        public init(_ style: PresentationStyle = .sheet, _ screen: Screen) {
            self.init(style, .screen(screen))
        }
    }

    /// The tree: the navviz nodes this description stands for.
    public func navigationNode() -> NavigationNode? {
        AppNavigationTree.node(self)
    }
}
