/// A routing result as `navviz route` prints it: the executed instructions numbered in
/// order, then the final active path (its JSON is ``OperationWriter/jsonArray(_:)`` of the
/// operations).
public enum RouteWriter {
    /// ```
    /// 1. leave node11
    /// 2. leave node6
    /// 3. switch switchNode1 to node2
    /// 4. enter switchNode3 under node2
    ///
    /// final active path: switchNode1/node2/switchNode3/node13
    /// ```
    public static func text(_ result: RoutingResult) -> String {
        let instructions = result.operations.isEmpty ? "(already at the destination)\n" : OperationWriter.text(result.operations)
        let final = result.final
        let path = final.activePath.map { PathElement(id: final.id($0), context: final.node($0).context).description }
        return instructions + "\nfinal active path: " + path.joined(separator: "/") + "\n"
    }
}
