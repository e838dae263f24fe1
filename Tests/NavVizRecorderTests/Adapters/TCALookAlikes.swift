import Foundation

// Look-alikes of The Composable Architecture's public types (1.x: StackReducer.swift,
// PresentationReducer.swift, Reducer.swift, ReducerBuilder.swift, Store.swift): only the
// shape the adapter and the sample app use; not TCA's code. TCA imports Combine and does not
// build on Linux.

/// TCA: `@_spi(Internals) var generation`; prints as `#3`.
struct StackElementID: Hashable, Sendable, CustomDebugStringConvertible, CustomStringConvertible {
    var generation: Int
    var debugDescription: String { "#\(generation)" }
    var description: String { debugDescription }
}

/// TCA draws ids from one `stackElementID` dependency, a counter from 0; a `NavigationLink`
/// draws one each time SwiftUI builds it, so the numbers an element gets depend on the run.
final class StackElementIDGenerator: @unchecked Sendable {
    private var next = 0
    private let lock = NSLock()
    func callAsFunction() -> StackElementID {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        return StackElementID(generation: next - 1)
    }
}

/// TCA: an `OrderedDictionary<StackElementID, Element>`, `ids` an `OrderedSet`.
struct StackState<Element>: RandomAccessCollection {
    private(set) var ids: [StackElementID] = []
    private var elements: [Element] = []
    let generator: StackElementIDGenerator

    init(generator: StackElementIDGenerator = StackElementIDGenerator()) {
        self.generator = generator
    }

    var startIndex: Int { 0 }
    var endIndex: Int { elements.count }
    subscript(position: Int) -> Element { elements[position] }

    subscript(id id: StackElementID) -> Element? {
        get { ids.firstIndex(of: id).map { elements[$0] } }
        set {
            guard let i = ids.firstIndex(of: id), let newValue else { return }
            elements[i] = newValue
        }
    }

    mutating func append(_ element: Element) {
        ids.append(generator())
        elements.append(element)
    }

    mutating func append(_ element: Element, id: StackElementID) {
        ids.append(id)
        elements.append(element)
    }

    mutating func remove(id: StackElementID) {
        guard let i = ids.firstIndex(of: id) else { return }
        ids.remove(at: i)
        elements.remove(at: i)
    }

    mutating func pop(from id: StackElementID) {
        guard let i = ids.firstIndex(of: id) else { return }
        ids.removeSubrange(i...)
        elements.removeSubrange(i...)
    }

    mutating func removeAll() {
        ids.removeAll()
        elements.removeAll()
    }
}

enum StackAction<State, Action> {
    indirect case element(id: StackElementID, action: Action)
    case popFrom(id: StackElementID)
    case push(id: StackElementID, state: State)
}

/// TCA: `@propertyWrapper struct PresentationState<State>`, what `@Presents` expands to.
@propertyWrapper
struct PresentationState<State> {
    var wrappedValue: State?
    init(wrappedValue: State?) { self.wrappedValue = wrappedValue }
    var projectedValue: Self {
        get { self }
        set { self = newValue }
    }
}

extension PresentationState: CustomReflectable {
    /// As TCA: a Mirror of the presented value.
    var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}

enum PresentationAction<Action> {
    case dismiss
    indirect case presented(Action)
}

struct Effect<Action> {
    static var none: Self { Self() }
}

protocol Reducer<State, Action> {
    associatedtype State
    associatedtype Action
    associatedtype Body
    func reduce(into state: inout State, action: Action) -> Effect<Action>
    @ReducerBuilder<State, Action> var body: Body { get }
}

extension Reducer where Body == Never {
    var body: Never { fatalError("\(Self.self) has no body") }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body.reduce(into: &state, action: action)
    }
}

struct Reduce<State, Action>: Reducer {
    typealias Body = Never
    let run: (inout State, Action) -> Effect<Action>
    init(_ run: @escaping (inout State, Action) -> Effect<Action>) { self.run = run }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { run(&state, action) }
}

/// TCA: `_Sequence`, which runs the first reducer, then the second.
struct CombinedReducers<R0: Reducer, R1: Reducer>: Reducer where R0.State == R1.State, R0.Action == R1.Action {
    typealias Body = Never
    let r0: R0
    let r1: R1
    func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
        _ = r0.reduce(into: &state, action: action)
        return r1.reduce(into: &state, action: action)
    }
}

@resultBuilder
enum ReducerBuilder<State, Action> {
    static func buildExpression<R: Reducer>(_ expression: R) -> R where R.State == State, R.Action == Action { expression }
    static func buildPartialBlock<R: Reducer>(first: R) -> R where R.State == State, R.Action == Action { first }
    static func buildPartialBlock<R0: Reducer, R1: Reducer>(accumulated: R0, next: R1) -> CombinedReducers<R0, R1>
    where R0.State == State, R0.Action == Action {
        CombinedReducers(r0: accumulated, r1: next)
    }
}

/// TCA: `Store(initialState:reducer:)` and `send`.
final class Store<State, Action> {
    private(set) var state: State
    private let reducer: (inout State, Action) -> Void

    init<R: Reducer>(initialState: State, @ReducerBuilder<State, Action> reducer: () -> R) where R.State == State, R.Action == Action {
        state = initialState
        let r = reducer()
        self.reducer = { _ = r.reduce(into: &$0, action: $1) }
    }

    func send(_ action: Action) {
        reducer(&state, action)
    }
}
