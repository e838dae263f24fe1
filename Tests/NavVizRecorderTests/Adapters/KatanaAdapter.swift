import Foundation
import NavVizRecorder

// Look-alikes of KatanaRouter's public types (NavigationState.swift, NavigationTree.swift):
// only the shape the adapter reads; not KatanaRouter's code.
protocol Routable: AnyObject {}
final class ChatRoutable: Routable {}
final class TabsRoutable: Routable {}

struct Destination {
    let routableType: Routable.Type
    let contextData: Any?
    let userIdentifier: String?
    let instanceIdentifier = UUID()
}

final class NavigationTreeNode {
    let value: Destination
    private(set) var children: [NavigationTreeNode]?
    var isActiveRoute: Bool
    init(value: Destination, isActiveRoute: Bool, children: [NavigationTreeNode]? = nil) {
        self.value = value
        self.isActiveRoute = isActiveRoute
        self.children = children
    }
}

struct NavigationState {
    var navigationTreeRootNode: NavigationTreeNode?
}

// docs/recorder.md: KatanaRouter
extension NavigationTreeNode: NavigationRecordable {
    func navigationNode() -> NavigationNode? {
        let kids = children ?? []
        return NavigationNode(
            id: value.userIdentifier ?? value.instanceIdentifier.uuidString,
            type: String(describing: value.routableType),
            context: (value.contextData as? [String: String]) ?? [:],
            children: kids.compactMap { $0.navigationNode() },
            activeIndex: kids.firstIndex { $0.isActiveRoute })   // Katana: the first active child
    }
}

extension NavigationState: NavigationRecordable {
    func navigationNode() -> NavigationNode? { navigationTreeRootNode?.navigationNode() }
}
// end
