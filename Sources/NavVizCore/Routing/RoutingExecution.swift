/// What executing one routing instruction does to the tree: what a well-behaved app reports
/// to Portus's `RoutingTree` (docs/semantics.md P.6, as the test harness's nodes do).
///
/// - `leave(X)`: the node equal to X (id and context) goes with its subtree; its parent is
///   left with no active child. The root is never removed.
/// - `switchTo(X in C)`: C must be a switch container; its child equal to X (id and
///   context) becomes active. When none is equal nothing changes, as in Portus.
/// - `enter(X)`: the active leaf, which must be Enterable, enters X. Without a template X
///   becomes its active child, unless an equal child is already there. A template with
///   children is Portus's `managedEntries`: a node equal to X anywhere in the tree gets the
///   template's children merged in (those not already there); otherwise X is attached as
///   the active leaf with the template's children below it, managed, the template's active
///   one active. A template without children only gives the entered node its fields
///   (type, label, kind, flags), as an entry without `managedEntries`.
///
/// Nodes are found as Portus's `RoutingTree.findNode(for:)` finds them: the first node in
/// pre-order whose id and context equal the entry's (an app's entries compared without
/// routables, docs/semantics.md P.1). Where an id and context repeat in the tree (a product opened
/// from a product opened from the first), that can be another node than the one on the
/// active path, exactly as in Portus; when a leave of a chunk finds its node already gone
/// with an earlier leave, Portus stops with `fatalError` and navviz answers
/// ``RoutingFailure/Reason/leftNodeGone(_:)`` instead.
package enum RoutingExecution {
    /// Executes `instruction` on `tree` and returns it as an ``TreeOperation``. On failure the
    /// tree is unchanged.
    package static func execute(_ instruction: RoutingInstruction, on tree: inout Tree, templates: Templates) throws(RoutingFailure.Reason) -> TreeOperation {
        switch instruction {
        case .leave(let entry):
            let path = find(entry, in: tree).flatMap(tree.operationPath)
            try leave(entry, on: &tree)
            return .leave(id: entry.id, context: entry.context, path: path)
        case .switchTo(let target, let container):
            try switchTo(target, in: container, on: &tree)
            let path = find(container, in: tree).flatMap { c in tree.child(of: c, target.identity) }.flatMap(tree.operationPath)
            return .switchTo(in: container.id, to: target.id, context: target.context, path: path)
        case .enter(let element):
            let leaf = try enter(element, on: &tree, templates: templates)
            // The path names the place the enter asked for: below the active leaf.
            let repeated = tree.isRepeated(element.id) || tree.isRepeated(tree.id(leaf))
            let path = repeated ? tree.path(to: leaf) + [PathElement(id: element.id, context: element.context)] : nil
            return .enter(id: element.id, parent: tree.id(leaf), context: element.context, path: path)
        }
    }

    /// The first node in pre-order equal to `entry` (Portus `findNode(for:)`).
    static func find(_ entry: Node.Identity, in tree: Tree) -> Tree.Slot? {
        tree.slot(of: entry)
    }

    /// `didLeaveNode`: the first node equal to `entry` goes; the root stays (Portus's
    /// `removeNode` does nothing without a parent).
    static func leave(_ entry: Node.Identity, on tree: inout Tree) throws(RoutingFailure.Reason) {
        guard let slot = find(entry, in: tree) else { throw .leftNodeGone(entry) }
        guard tree.parent(slot) != nil else { return }
        tree.removeSubtree(slot)
    }

    static func switchTo(_ target: PathElement, in container: Node.Identity, on tree: inout Tree) throws(RoutingFailure.Reason) {
        guard let slot = find(container, in: tree) else { return }
        guard tree.node(slot).isSwitch else { throw .notSwitchable(container: container.id, target: target) }
        if let child = tree.children(slot).first(where: { tree.node($0).identity == target.identity }) {
            tree.setActive(child, in: slot)
        }
    }

    /// Enters `element` under the active leaf and returns the leaf.
    static func enter(_ element: PathElement, on tree: inout Tree, templates: Templates) throws(RoutingFailure.Reason) -> Tree.Slot {
        guard let leaf = tree.activePath.last else { throw .emptyTree(target: element) }
        let leafID = tree.id(leaf)
        guard tree.node(leaf).isEnterable else { throw .notEnterable(leaf: leafID, target: element) }
        let template = templates[element.id]
        guard let template, let templateRoot = template.root, !template.children(templateRoot).isEmpty else {
            // No managed entries: add as the active leaf unless an equal child is there.
            if tree.child(of: leaf, element.identity) != nil { return leaf }
            let fields = template.flatMap { t in t.root.map(t.node) }
            let node = enteredNode(element, template: fields, parent: tree.node(leaf))
            tree.addChild(node, to: leaf, makeActive: true)
            return leaf
        }
        let managed = template.children(templateRoot)
        if let existing = find(element.identity, in: tree) {
            // Merge: add the template children that are not already there.
            let missing = managed.filter { c in tree.child(of: existing, template.node(c).identity) == nil }
            for c in missing {
                let makeActive = template.activeChild(templateRoot) == c && tree.activeChild(existing) == nil
                graftManaged(template, from: c, to: existing, makeActive: makeActive, on: &tree)
            }
            return leaf
        }
        let node = enteredNode(element, template: template.node(templateRoot), parent: tree.node(leaf))
        let slot = tree.addChild(node, to: leaf, makeActive: true)
        for c in managed {
            graftManaged(template, from: c, to: slot, makeActive: template.activeChild(templateRoot) == c, on: &tree)
        }
        return leaf
    }

    /// The node an enter adds: the template's fields (or a bare node) with the element's id,
    /// context and type, and not managed (Portus adds active leaves unmanaged).
    static func enteredNode(_ element: PathElement, template: Node?, parent: Node) -> Node {
        var node = template ?? Node(id: element.id)
        node.id = element.id
        node.context = element.context
        if let type = element.type { node.type = type }
        node.managedFlag = parent.isSwitch ? false : nil
        return node
    }

    /// Grafts one template child and its subtree, the child marked managed.
    static func graftManaged(_ template: Tree, from child: Tree.Slot, to parent: Tree.Slot, makeActive: Bool, on tree: inout Tree) {
        guard let top = tree.graft(template, from: child, to: parent, makeActive: makeActive) else { return }
        var node = tree.node(top)
        node.managedFlag = tree.node(parent).isSwitch ? nil : true
        tree.update(top, to: node)
    }
}
