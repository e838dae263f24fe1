/// Which router's rules `navviz diff` follows (docs/semantics.md, "Diff dialects").
public enum DiffDialect: String, Sendable, CaseIterable {
    /// navviz's own rules (docs/semantics.md, "`navviz` (the default)"): identity is id plus context,
    /// inactive children first in document order, `change` carries `children` and `active`.
    case navviz
    /// KatanaRouter's `NavigationTreeDiff` exactly as its code runs (docs/semantics.md, "`katana`"), quirks
    /// included: id-only identity, reversed inactive siblings, `change.pushed` listing every
    /// child of the parent, root replacement with `pushed: []`.
    case katana
    /// ReSwift-Router's `routingActionsForTransition` over the two active paths (docs/semantics.md, "`reswift` and `tempura`").
    case reswift
    /// Tempura's `Navigator.routingChanges` over the two active paths (docs/semantics.md, "`reswift` and `tempura`").
    case tempura
}
