import NavVizRecorder

// docs/recorder.md: The Composable Architecture
/// Records the app's navigation after every action, labelled with the action's case names.
struct NavigationRecording<Base: Reducer>: Reducer {
    typealias State = Base.State
    typealias Action = Base.Action

    let base: Base
    let session: NavigationSession
    let describe: (Base.State, NavigationSession) -> AppNavigation?

    var body: some Reducer<State, Action> {
        base
        Reduce { state, action in
            session.record(describe(state, session), label: session.label(for: action))
            return .none
        }
    }
}

extension Reducer {
    /// This reducer, recording after each action the navigation `describe` reads off the state.
    func recordNavigation(_ session: NavigationSession,
                          _ describe: @escaping (State, NavigationSession) -> AppNavigation?) -> NavigationRecording<Self> {
        NavigationRecording(base: self, session: session, describe: describe)
    }
}

// Lets AppNavigation.reflecting find the stacks and presentations in a feature's state.
extension StackState: NavVizRecorder.NavigationStackElements {
    public var navigationElements: [(id: AnyHashable, state: Any)] { zip(ids, self).map { (AnyHashable($0), $1) } }
}

extension PresentationState: NavVizRecorder.NavigationPresented {
    public var navigationPresented: Any? { wrappedValue }
}
// end
