/// What executing one routing instruction does to the tree: what a well-behaved app reports
/// to Portus's `RoutingTree` (SEMANTICS.md P.6, as the test harness's nodes do).
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
/// navviz trees keep ids unique, so an enter that would add a second node with an id
/// already in the tree fails with ``RoutingError/duplicateID(id:enteringUnder:existingParent:)``
/// instead of growing a tree Portus would grow.
public enum RoutingExecution {
    /// Executes `instruction` on `tree` and returns it as an ``Operation``. On failure the
    /// tree is unchanged.
    public static func execute(_ instruction: RoutingInstruction, on tree: inout Tree, templates: Templates) throws(RoutingError) -> Operation {
        switch instruction {
        case .leave(let entry):
            leave(entry, on: &tree)
            return .leave(id: entry.id, context: entry.context)
        case .switchTo(let target, let container):
            try switchTo(target, in: container, on: &tree)
            return .switchTo(in: container.id, to: target.id, context: target.context)
        case .enter(let element):
            let leaf = try enter(element, on: &tree, templates: templates)
            return .enter(id: element.id, parent: leaf, context: element.context)
        }
    }

    /// The slot of the node equal to `entry` (ids are unique, so the first in pre-order is
    /// the only one with this id).
    static func find(_ entry: Node.Identity, in tree: Tree) -> Tree.Slot? {
        guard let slot = tree.slot(of: entry.id), tree.node(slot).context == entry.context else { return nil }
        return slot
    }

    static func leave(_ entry: Node.Identity, on tree: inout Tree) {
        guard let slot = find(entry, in: tree), tree.parent(slot) != nil else { return }
        tree.removeSubtree(slot)
    }

    static func switchTo(_ target: PathElement, in container: Node.Identity, on tree: inout Tree) throws(RoutingError) {
        guard let slot = find(container, in: tree) else { return }
        guard tree.node(slot).isSwitch else { throw .notSwitchable(container: container.id, target: target) }
        if let child = tree.children(slot).first(where: { tree.node($0).identity == target.identity }) {
            tree.setActive(child, in: slot)
        }
    }

    /// Enters `element` under the active leaf and returns the leaf's id.
    static func enter(_ element: PathElement, on tree: inout Tree, templates: Templates) throws(RoutingError) -> String {
        guard let leaf = tree.activePath.last else { throw .emptyTree(target: element) }
        let leafID = tree.id(leaf)
        guard tree.node(leaf).isEnterable else { throw .notEnterable(leaf: leafID, target: element) }
        let template = templates[element.id]
        guard let template, let templateRoot = template.root, !template.children(templateRoot).isEmpty else {
            // No managed entries: add as the active leaf unless an equal child is there.
            if tree.children(leaf).contains(where: { tree.node($0).identity == element.identity }) { return leafID }
            try checkFree(element.id, under: leafID, in: tree)
            let fields = template.flatMap { t in t.root.map(t.node) }
            let node = enteredNode(element, template: fields, parent: tree.node(leaf))
            tree.addChild(node, to: leaf, makeActive: true)
            return leafID
        }
        let managed = template.children(templateRoot)
        if let existing = find(element.identity, in: tree) {
            // Merge: add the template children that are not already there.
            let missing = managed.filter { c in
                !tree.children(existing).contains { tree.node($0).identity == template.node(c).identity }
            }
            for c in missing { try checkSubtreeFree(template, from: c, under: leafID, in: tree) }
            for c in missing {
                let makeActive = template.activeChild(templateRoot) == c && tree.activeChild(existing) == nil
                graftManaged(template, from: c, to: existing, makeActive: makeActive, on: &tree)
            }
            return leafID
        }
        try checkFree(element.id, under: leafID, in: tree)
        for c in managed { try checkSubtreeFree(template, from: c, under: leafID, in: tree) }
        let node = enteredNode(element, template: template.node(templateRoot), parent: tree.node(leaf))
        let slot = tree.addChild(node, to: leaf, makeActive: true)
        for c in managed {
            graftManaged(template, from: c, to: slot, makeActive: template.activeChild(templateRoot) == c, on: &tree)
        }
        return leafID
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

    static func checkFree(_ id: String, under leaf: String, in tree: Tree) throws(RoutingError) {
        guard let slot = tree.slot(of: id) else { return }
        throw .duplicateID(id: id, enteringUnder: leaf, existingParent: tree.parent(slot).map(tree.id))
    }

    static func checkSubtreeFree(_ template: Tree, from start: Tree.Slot, under leaf: String, in tree: Tree) throws(RoutingError) {
        for s in template.preorder(from: start) { try checkFree(template.id(s), under: leaf, in: tree) }
    }
}
