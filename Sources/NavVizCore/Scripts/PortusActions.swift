/// Portus's vocabulary in action scripts: `route` runs the whole routing algorithm; `enter`,
/// `leave` and `switch` are single instructions executed as Portus's RoutingTree records
/// them (docs/semantics.md P.6).
enum PortusActions {
    /// `route`: Portus's Router loop to the destination; its executed instructions.
    static func route(_ path: [PathElement], templates: Templates, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        let result = Router.route(from: tree, to: path, templates: templates)
        if let failure = result.failure {
            let ran = failure.executed.isEmpty ? "" : " (ran: \(failure.executed.map(OperationWriter.phrase).joined(separator: ", ")))"
            throw .unreachable("\(failure.description)\(ran)")
        }
        tree = result.final
        return result.operations
    }

    /// `enter`: the active leaf (or `into`) enters the node; a template for its id brings
    /// managed children, and a node written with children brings those.
    static func enter(_ node: Tree, into: String?, templates: Templates, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        let root = node.root!
        let entered = node.node(root)
        var templates = templates
        if node.count > 1 || entered != Node(id: entered.id, context: entered.context) {
            templates[entered.id] = node
        }
        if let into {
            let parent = try tree.require(into)
            let t = templates[entered.id] ?? node
            let s = try tree.attach(t, under: parent, makeActive: true)
            return [.enter(id: tree.id(s), parent: into, context: entered.context)]
        }
        return try execute(.enter(PathElement(id: entered.id, context: entered.context, type: entered.type)), templates: templates, on: &tree)
    }

    /// `leave`: the node goes with its subtree; its parent keeps no active child.
    static func leave(_ id: String, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        let s = try tree.require(id)
        guard tree.parent(s) != nil else { throw .refused("'\(id)' is the root; Portus never leaves the root") }
        return try execute(.leave(tree.node(s).identity), templates: [:], on: &tree)
    }

    /// `switch`: the container makes its child `to` active.
    static func switchTo(in container: String, to target: String, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        let c = try tree.require(container)
        let t = try tree.requireChild(target, of: c)
        let node = tree.node(t)
        return try execute(.switchTo(PathElement(id: target, context: node.context), in: tree.node(c).identity), templates: [:], on: &tree)
    }

    static func execute(_ instruction: RoutingInstruction, templates: Templates, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        do {
            return [try RoutingExecution.execute(instruction, on: &tree, templates: templates)]
        } catch {
            throw .refused(error.description)
        }
    }
}
