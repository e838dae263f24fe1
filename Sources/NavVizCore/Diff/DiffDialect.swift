/// Which router's rules `navviz diff` follows (SEMANTICS.md, "Diff dialects").
public enum DiffDialect: String, Sendable, CaseIterable {
    /// navviz's own rules (SEMANTICS.md Part 1, rules 1 to 8): identity is id plus context,
    /// inactive children first in document order, `change` carries `children` and `active`.
    case navviz
    /// KatanaRouter's `NavigationTreeDiff` exactly as its code runs (SEMANTICS.md K), quirks
    /// included: id-only identity, reversed inactive siblings, `change.pushed` listing every
    /// child of the parent, root replacement with `pushed: []`.
    case katana
    /// ReSwift-Router's `routingActionsForTransition` over the two active paths (SEMANTICS.md O).
    case reswift
    /// Tempura's `Navigator.routingChanges` over the two active paths (SEMANTICS.md O).
    case tempura
}
