/// How finely an animation shows a transition (`--granularity`).
public enum FrameGranularity: String, Sendable, CaseIterable {
    /// A pending frame and an applied frame per transition.
    case transition
    /// One pending frame per operation, then the applied frame.
    case op
}

/// How an animation's frames are laid out (`--layout`).
public enum FrameLayout: String, Sendable, CaseIterable {
    /// The union of all frames laid out once; every frame pinned to it (nodes never jump).
    case stable
    /// Each frame laid out on its own.
    case perFrame = "per-frame"
}
