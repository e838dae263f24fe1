extension AppNavigation {
    /// One screen: a stack's root view, a path element, a sheet's item, a TCA element.
    public struct Screen: Equatable, Sendable {
        /// The node's id.
        public var id: String
        /// The module-qualified type (`App.Route`, `App.ShopView`).
        public var type: String?
        /// Display text (`Route.product`).
        public var label: String?
        /// What tells this screen from another with the same id (`productID=42`); context
        /// keys the recorder was told are secret are removed or hidden.
        public var context: [String: String]
        /// What it presents.
        public var presenting: Presentation?

        /// A screen named by the app.
        public init(id: String, type: String? = nil, label: String? = nil, context: [String: String] = [:], presenting: Presentation? = nil) {
            self.id = id
            self.type = type
            self.label = label
            self.context = context
            self.presenting = presenting
        }

        /// A value the app pushes or presents (a path element, a `Hashable` item), which is
        /// its identity: the id is the case name (`product`), a raw value (`home`), or the
        /// type name (`User`, `Int`), the context its fields (`id=42`), through its Codable
        /// form when it has one, so it agrees with the saved path of the same value
        /// (docs/format.md, "SwiftUI paths").
        public init(value: Any, presenting: Presentation? = nil) {
            let d = ValueDescription(of: value)
            self.init(id: d.id, type: d.type, label: d.label, context: d.context, presenting: presenting)
        }

        /// A `sheet(item:)`/`fullScreenCover(item:)` item, which SwiftUI tells by its
        /// `Identifiable` id: named as ``init(value:presenting:)`` names it, with only
        /// `id` as its context, so editing the item (a draft's text) is not a new sheet.
        @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
        public init<Item: Identifiable>(item: Item, presenting: Presentation? = nil) {
            let d = ValueDescription(of: item)
            self.init(id: d.id, type: d.type, label: d.label,
                      context: ["id": ValueDescription.clip(String(describing: item.id))], presenting: presenting)
        }

        /// A TCA `StackState` element: `<case>#<n>` (`product#2`), `n` the session's number
        /// for its `StackElementID` (``NavigationSession/stackElementName(_:)``; without a
        /// session, the id as it prints, `#7`), so removing an element in the middle does
        /// not rename those above it. The context is `context` only: a feature's state
        /// changes with every keystroke, and context is identity.
        public init(stackElementID: AnyHashable, state: Any, session: NavigationSession? = nil,
                    context: [String: String] = [:], presenting: Presentation? = nil) {
            let name = session?.stackElementName(stackElementID) ?? String(describing: stackElementID.base)
            let (typeName, owner) = TypeName.names(Swift.type(of: state))
            let mirror = Mirror(reflecting: state)
            if mirror.displayStyle == .enum {
                let caseName = ValueDescription.caseName(of: state, mirror)
                self.init(id: caseName + name, type: typeName, label: "\(owner).\(caseName)", context: context, presenting: presenting)
            } else {
                self.init(id: owner + name, type: typeName, label: owner, context: context, presenting: presenting)
            }
        }
    }
}
