import Foundation
import Testing
import NavVizCore
import NavVizFiles
import NavVizRecorder
import _NavVizTestSupport

/// The adapters docs/recorder.md shows, compiled here against look-alikes of each router's
/// types, and recorded trees read back by navviz.
struct AdapterTests {
    static func recorded(_ tree: some NavigationRecordable) throws -> Tree {
        let recorder = NavigationRecorder()
        recorder.record(tree)
        var warnings: [DocumentWarning] = []
        guard case .sequence(let s) = try DocumentReader.log(Array(recorder.ndjson()), warnings: &warnings) else { return Tree() }
        return s.snapshots[0].tree
    }

    @Test func katanaNavigationTree() throws {
        let state = NavigationState(navigationTreeRootNode: NavigationTreeNode(
            value: Destination(routableType: TabsRoutable.self, contextData: nil, userIdentifier: "tabBar"), isActiveRoute: true, children: [
                NavigationTreeNode(value: Destination(routableType: ChatRoutable.self, contextData: nil, userIdentifier: "tabOne"), isActiveRoute: false),
                NavigationTreeNode(value: Destination(routableType: ChatRoutable.self, contextData: ["messageId": "42"], userIdentifier: "tabTwo"), isActiveRoute: true),
            ]))
        #expect(TreeWriter.render(try Self.recorded(state)) == """
            tabBar TabsRoutable ●
            ├─ tabOne ChatRoutable
            └─ tabTwo?messageId=42 ChatRoutable ●

            """)
    }

    @Test func portusRoutingTree() throws {
        let tree = RoutingTree(root: RoutingNode(entry: RoutingEntry(identifier: RoutingIdentifier(name: "switchNode1"), context: nil), isActive: true, children: [
            RoutingNode(entry: RoutingEntry(identifier: RoutingIdentifier(name: "node1"), context: nil), isActive: false, isManagedByParent: true),
            RoutingNode(entry: RoutingEntry(identifier: RoutingIdentifier(name: "node2"), context: ["tab": "1"]), isActive: true, isManagedByParent: true),
        ]))
        #expect(TreeWriter.render(try Self.recorded(tree)) == """
            switchNode1 ●
            ├─ node1
            └─ node2?tab=1 ●

            """)
    }

    @Test func tempuraRoute() throws {
        #expect(TreeWriter.render(try Self.recorded(TempuraRoute(route: ["screenA", "screenB", "screenC"]))) == """
            screenA ●
            └─ screenB ●
               └─ screenC ●

            """)
        #expect(try Self.recorded(TempuraRoute(route: [])).isEmpty)
    }
}
