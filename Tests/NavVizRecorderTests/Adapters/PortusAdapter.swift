import NavVizRecorder

// Look-alikes of Portus's public types (RoutingTree, RoutingNode, RoutingEntry): only the
// shape the adapter reads; not Portus's code.
struct RoutingIdentifier: Equatable {
    let name: String
}

struct RoutingEntry {
    let identifier: RoutingIdentifier
    let context: [String: String]?
}

final class RoutingNode {
    let entry: RoutingEntry
    var isActive: Bool
    let isManagedByParent: Bool
    var children: [RoutingNode]
    init(entry: RoutingEntry, isActive: Bool, isManagedByParent: Bool = false, children: [RoutingNode] = []) {
        self.entry = entry
        self.isActive = isActive
        self.isManagedByParent = isManagedByParent
        self.children = children
    }
}

final class RoutingTree {
    var root: RoutingNode?
    init(root: RoutingNode?) { self.root = root }
}

// docs/recorder.md: Portus
extension RoutingNode: NavigationRecordable {
    func navigationNode() -> NavigationNode? {
        NavigationNode(
            id: entry.identifier.name,
            context: entry.context ?? [:],
            children: children.compactMap { $0.navigationNode() },
            activeIndex: children.firstIndex { $0.isActive })   // Portus: the first active child
    }
}

extension RoutingTree: NavigationRecordable {
    func navigationNode() -> NavigationNode? { root?.navigationNode() }
}
// end
