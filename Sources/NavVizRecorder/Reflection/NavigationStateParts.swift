/// A stack of elements with ids, as TCA's `StackState` is: the TCA adapter makes it conform
/// (docs/recorder.md), so ``AppNavigation/reflecting(_:root:session:presentation:)`` finds
/// stacks in a feature's state without depending on TCA.
public protocol NavigationStackElements {
    /// Each element's id (`StackElementID`) and state, bottom first.
    var navigationElements: [(id: AnyHashable, state: Any)] { get }
}

/// Something that may be presented, as TCA's `PresentationState` (`@Presents`) is: the TCA
/// adapter makes it conform (docs/recorder.md).
public protocol NavigationPresented {
    /// What is presented (a destination's state), or nil.
    var navigationPresented: Any? { get }
}

/// A feature state that says what its screen's context is. TCA element states change with
/// every keystroke and context is identity, so a reflected element has no context unless
/// its feature state gives one here (`["productID": "42"]`).
public protocol NavigationContextProviding {
    /// The context of the screen this state is shown on.
    var navigationContext: [String: String] { get }
}
