extension AppNavigation {
    /// A TCA feature's navigation, found in its state with `Mirror` (no dependency on TCA):
    ///
    /// - its first stored ``NavigationStackElements`` (a `StackState`) is a stack on `root`,
    ///   each element a ``Screen/init(stackElementID:state:session:context:presenting:)``;
    /// - every stored ``NavigationPresented`` (a `@Presents` destination) that presents
    ///   something is a presentation: a screen named by the destination's case (`share`),
    ///   styled by `presentation` (the view decides whether a case is a sheet, a cover, an
    ///   alert or a pushed destination; the state does not say), or a stack when the
    ///   presented feature has its own;
    /// - each element's and destination's feature state is read the same way, and gives its
    ///   context through ``NavigationContextProviding``.
    ///
    /// Only the stored properties of each feature state are looked at, not their contents.
    /// Without a stack it is `root` alone (with what it presents).
    public static func reflecting(_ state: Any, root: Screen, session: NavigationSession? = nil,
                                  presentation: @escaping (String) -> PresentationStyle = { _ in .sheet }) -> AppNavigation {
        StateReflection(session: session, style: presentation).container(of: state, root: root)
    }
}

/// The walk behind ``AppNavigation/reflecting(_:root:session:presentation:)``.
struct StateReflection {
    let session: NavigationSession?
    let style: (String) -> AppNavigation.PresentationStyle
    /// Presented features inside presented features stop here (a state that presents
    /// itself, through a class, would not end otherwise).
    static let maxDepth = 32

    func container(of state: Any, root: AppNavigation.Screen, depth: Int = 0) -> AppNavigation {
        let (stack, presented) = parts(of: state)
        var root = root
        var path: [AppNavigation.Screen] = []
        for (id, element) in stack?.navigationElements ?? [] {
            let feature = payload(of: element)
            var screen = AppNavigation.Screen(stackElementID: id, state: element, session: session,
                                              context: (feature as? NavigationContextProviding)?.navigationContext ?? [:])
            screen.presenting = presentations(in: feature, depth: depth)
            path.append(screen)
        }
        let own = presented.compactMap { presentation(of: $0, depth: depth) }
        if stack == nil {
            root.presenting = chain(own)
            return .screen(root)
        }
        return .stack(AppNavigation.Stack(root: root, path: path, presenting: chain(own)))
    }

    /// What a feature state (an element's, a destination's) presents, one on top of the other.
    private func presentations(in feature: Any, depth: Int) -> AppNavigation.Presentation? {
        chain(parts(of: feature).presented.compactMap { presentation(of: $0, depth: depth) })
    }

    /// A presented destination: its case names the screen (`share`); when its feature has a
    /// stack of its own, the case names that stack, whose root is the feature (`Checkout`).
    private func presentation(of destination: Any, depth: Int) -> AppNavigation.Presentation? {
        guard depth < Self.maxDepth else { return nil }
        let (typeName, owner) = TypeName.names(type(of: destination))
        let mirror = Mirror(reflecting: destination)
        let isEnum = mirror.displayStyle == .enum
        let name = isEnum ? ValueDescription.caseName(of: destination, mirror) : owner
        let label = isEnum ? "\(owner).\(name)" : owner
        let feature = payload(of: destination)
        let context = (feature as? NavigationContextProviding)?.navigationContext ?? [:]
        guard parts(of: feature).stack != nil else {
            let screen = AppNavigation.Screen(id: name, type: typeName, label: label, context: context)
            return AppNavigation.Presentation(style(name), container(of: feature, root: screen, depth: depth + 1))
        }
        let (featureType, featureName) = TypeName.names(type(of: feature))
        let root = AppNavigation.Screen(id: featureName, type: featureType, label: featureName, context: context)
        guard case .stack(var stack) = container(of: feature, root: root, depth: depth + 1) else { return nil }
        stack.id = name
        stack.label = label
        return AppNavigation.Presentation(style(name), .stack(stack))
    }

    /// Several presentations as one: each presents the next.
    private func chain(_ list: [AppNavigation.Presentation]) -> AppNavigation.Presentation? {
        guard var first = list.first else { return nil }
        for next in list.dropFirst() { first.content = first.content.presenting(next) }
        return first
    }

    /// An enum value's payload (a `Path.State` case's feature state), or the value.
    private func payload(of value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first else { return value }
        return child.value
    }

    /// The first stack and every presented value among the state's stored properties.
    private func parts(of state: Any) -> (stack: NavigationStackElements?, presented: [Any]) {
        var stack: NavigationStackElements?
        var presented: [Any] = []
        for child in Mirror(reflecting: state).children {
            if stack == nil, let s = child.value as? NavigationStackElements { stack = s }
            if let p = child.value as? NavigationPresented, let value = p.navigationPresented { presented.append(value) }
        }
        return (stack, presented)
    }
}

extension AppNavigation {
    /// The same navigation with `presentation` added on top of what its outermost screen or
    /// container presents.
    func presenting(_ presentation: Presentation) -> AppNavigation {
        func add(_ existing: Presentation?) -> Presentation {
            guard var existing else { return presentation }
            existing.content = existing.content.presenting(presentation)
            return existing
        }
        switch self {
        case .tabs(let id, let selected, let tabs, let presenting):
            return .tabs(id: id, selected: selected, tabs, presenting: add(presenting))
        case .stack(var stack):
            stack.presenting = add(stack.presenting)
            return .stack(stack)
        case .screen(var screen):
            screen.presenting = add(screen.presenting)
            return .screen(screen)
        }
    }
}
