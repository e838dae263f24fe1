import NavVizCore
import _NavVizTestSupport

/// Trees, paths and readable results for the routing tests.
enum RoutingFixtures {
    /// A route request sample by file name.
    static func request(_ name: String) throws -> RouteRequest {
        guard case .route(let request) = try Samples.load(name) else { throw FixtureError.notARouteRequest(name) }
        return request
    }

    /// A tree from a snapshot written as JSON.
    static func tree(_ json: String) throws -> Tree { try Samples.tree(json) }

    /// A destination written as on the command line.
    static func path(_ text: String) throws -> [PathElement] { try PathParser.parse(text) }

    /// The executed instructions, one phrase each: `switch switchNode1 to node2`.
    static func phrases(_ result: RoutingResult) -> [String] {
        result.operations.map(OperationWriter.phrase)
    }

    /// The final active path as `a/b/c?k=v`.
    static func activePath(_ tree: Tree) -> String {
        tree.activePath.map { slot in
            let n = tree.node(slot)
            return PathElement(id: n.id, context: n.context).description
        }.joined(separator: "/")
    }

    enum FixtureError: Error { case notARouteRequest(String) }
}
