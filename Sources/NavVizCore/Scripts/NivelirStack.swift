/// Nivelir's stack modifiers, folded as its ScreenSetStackAction folds them: consecutive
/// modifiers on one stack are applied to a list of screens and the result is set once.
///
/// The stack under a node is the chain from its active child down the active path. The
/// result becomes one operation: nothing when unchanged, a `pop` when only the top went, a
/// `push` when only one screen was added on top, otherwise one `change` (setViewControllers).
enum NivelirStack {
    /// One screen of a stack: an existing node (kept with its other children) or a new one.
    enum Screen {
        case existing(Tree.Slot)
        case new(Tree)

        func id(in tree: Tree) -> String {
            switch self {
            case .existing(let s): tree.id(s)
            case .new(let t): t.id(t.root!)
            }
        }
    }

    /// Applies consecutive modifiers on the stack under `stackID` as one setStack.
    static func apply(_ modifiers: [StackModifier], stack stackID: String, on tree: inout Tree) throws(ActionError) -> [TreeOperation] {
        let container = try tree.require(stackID)
        let old = tree.activeChain(below: container)
        var screens = old.map(Screen.existing)
        for m in modifiers {
            switch m {
            case .push(let t): screens.append(.new(t))
            case .replace(let t):
                if !screens.isEmpty { screens.removeLast() }
                screens.append(.new(t))
            case .popPrevious:
                guard !screens.isEmpty else { throw .emptyStack(stackID) }
                screens.removeLast()
            case .popRoot:
                guard !screens.isEmpty else { throw .emptyStack(stackID) }
                screens = [screens[0]]
            case .popTo(let id):
                guard let i = screens.lastIndex(where: { $0.id(in: tree) == id }) else { throw .notInStack(id, stack: stackID) }
                screens = Array(screens[...i])
            case .clear: screens = []
            case .set(let ts): screens = ts.map(Screen.new)
            }
        }
        let oldIDs = old.map(tree.id)
        let newIDs = screens.map { $0.id(in: tree) }
        if oldIDs == newIDs, screens.allSatisfy({ if case .existing = $0 { true } else { false } }) { return [] }
        let lastIsNew: Bool = { if case .new = screens.last { true } else { false } }()
        func parentID(_ i: Int, _ ids: [String]) -> String { i == 0 ? stackID : ids[i - 1] }
        if !oldIDs.isEmpty, newIDs == Array(oldIDs.dropLast()) {
            let top = old.last!
            let op = TreeOperation.pop(id: oldIDs.last!, parent: parentID(old.count - 1, oldIDs), context: tree.node(top).context,
                                   path: tree.operationPath(top))
            try rebuild(container: container, old: old, screens: screens, tree: &tree)
            return [op]
        }
        let oldScreens = old.map(tree.identity)
        let newScreens = screens.map { screen in
            switch screen {
            case .existing(let s): tree.identity(s)
            case .new(let t): t.identity(t.root!)
            }
        }
        try rebuild(container: container, old: old, screens: screens, tree: &tree)
        let c = try tree.require(stackID)
        if !newIDs.isEmpty, Array(newIDs.dropLast()) == oldIDs, lastIsNew {
            let top = tree.activeChain(below: c).last!
            return [.push(id: newIDs.last!, parent: parentID(newIDs.count - 1, newIDs), context: tree.node(top).context,
                          path: tree.operationPath(top))]
        }
        return [.change(parent: stackID, popped: minus(oldScreens, newScreens), pushed: minus(newScreens, oldScreens),
                        path: tree.operationPath(c))]
    }

    /// The screens of `a` that `b` holds fewer times, by id (a multiset difference).
    static func minus(_ a: [Node.Identity], _ b: [Node.Identity]) -> [Node.Identity] {
        var left = Dictionary(b.map { ($0.id, 1) }, uniquingKeysWith: +)
        return a.filter { screen in
            if let n = left[screen.id], n > 0 { left[screen.id] = n - 1; return false }
            return true
        }
    }

    /// Replaces the chain under `container` by `screens`, keeping the other children of
    /// screens that stay.
    static func rebuild(container: Tree.Slot, old: [Tree.Slot], screens: [Screen], tree: inout Tree) throws(ActionError) {
        // Pieces: each kept screen's subtree without its chain child; new screens as given.
        let chainChild = Dictionary(uniqueKeysWithValues: zip(old, old.dropFirst()))
        var pieces: [Tree] = []
        for screen in screens {
            switch screen {
            case .existing(let s):
                var piece = tree.subtree(at: s)
                if let next = chainChild[s], let i = tree.children(s).firstIndex(of: next) {
                    piece.removeSubtree(piece.children(piece.root!)[i])
                }
                pieces.append(piece)
            case .new(let t): pieces.append(t)
            }
        }
        var result = tree
        if let first = old.first { result.removeSubtree(first) }
        var parent = container
        for piece in pieces {
            parent = try result.attach(piece, under: parent, makeActive: true)
        }
        tree = result
    }
}
