/// The operations that take one navigation tree to another, in execution order, as a
/// chosen router would compute them (docs/semantics.md "Diff dialects").
///
/// Every dialect runs in time and memory linear in the sizes of the two trees: nodes are
/// found through the trees' id tables and every walk is iterative.
public enum TreeDiff {
    /// The operations from `old` to `new`. Either tree may be empty (`"tree": null`).
    public static func operations(from old: Tree, to new: Tree, dialect: DiffDialect = .navviz) -> [TreeOperation] {
        switch dialect {
        case .navviz: NavVizDiff(old: old, new: new).operations()
        case .katana: KatanaDiff(old: old, new: new).operations()
        case .reswift: ReSwiftDiff(old: old, new: new).operations()
        case .tempura: TempuraDiff(old: old, new: new).operations()
        }
    }
}
