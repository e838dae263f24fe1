import NavVizRecorder

// Tempura names a route by its elements' identifiers (`Route = [RouteElementIdentifier]`,
// a String each), from the root view controller to the one on screen.
typealias RouteElementIdentifier = String
typealias Route = [RouteElementIdentifier]

// docs/recorder.md: Tempura
/// A Tempura route as navviz's active path: each element the active child of the one before.
struct TempuraRoute: NavigationRecordable {
    let route: Route

    func navigationNode() -> NavigationNode? {
        var node: NavigationNode?
        for identifier in route.reversed() {
            node = NavigationNode(id: identifier, children: node.map { [$0] } ?? [], activeIndex: node == nil ? nil : 0)
        }
        return node
    }
}
// end
