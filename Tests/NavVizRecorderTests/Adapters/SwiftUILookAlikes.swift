import Foundation

// Look-alikes of SwiftUI's public types: only the shapes the adapter and the sample app use,
// and a host that plays what SwiftUI does with them (it calls `onChange` actions when a
// value changes); not SwiftUI's code. Linux has no SwiftUI.

protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    typealias Body = Never
    var body: Never { fatalError("Never has no body") }
}

/// Views SwiftUI draws itself have no body.
protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
    var body: Never { fatalError("\(Self.self) has no body") }
}

@resultBuilder
enum ViewBuilder {
    static func buildExpression<V: View>(_ view: V) -> V { view }
    static func buildBlock() -> EmptyView { EmptyView() }
    static func buildBlock<V: View>(_ view: V) -> V { view }
    static func buildBlock<each V: View>(_ views: repeat each V) -> TupleView<(repeat each V)> { TupleView(value: (repeat each views)) }
    static func buildEither<T: View, F: View>(first: T) -> ConditionalContent<T, F> { ConditionalContent(first: first, second: nil) }
    static func buildEither<T: View, F: View>(second: F) -> ConditionalContent<T, F> { ConditionalContent(first: nil, second: second) }
    static func buildLimitedAvailability<V: View>(_ view: V) -> AnyView { AnyView(view) }
    static func buildOptional<V: View>(_ view: V?) -> V? { view }
}

extension Optional: View where Wrapped: View {
    typealias Body = Never
    var body: Never { fatalError("Optional has no body") }
}

struct EmptyView: PrimitiveView {}
struct TupleView<T>: PrimitiveView { var value: T }
struct ConditionalContent<T: View, F: View>: PrimitiveView {
    var first: T?
    var second: F?
}
struct AnyView: PrimitiveView {
    var view: any View
    init<V: View>(_ view: V) { self.view = view }
}

struct Text: PrimitiveView {
    var text: String
    init(_ text: String) { self.text = text }
}

struct Button: PrimitiveView {
    var title: String
    var action: () -> Void
    init(_ title: String, action: @escaping () -> Void) {
        self.title = title
        self.action = action
    }
}

struct NavigationLink<Value: Hashable>: PrimitiveView {
    var title: String
    var value: Value
    init(_ title: String, value: Value) {
        self.title = title
        self.value = value
    }
}

@propertyWrapper
struct State<Value> {
    final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    let storage: Storage
    init(wrappedValue: Value) { storage = Storage(wrappedValue) }
    var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }
    var projectedValue: Binding<Value> {
        Binding { storage.value } set: { storage.value = $0 }
    }
}

@propertyWrapper
struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }
    var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}

struct TabView<SelectionValue: Hashable, Content: View>: PrimitiveView {
    var selection: Binding<SelectionValue>
    var content: Content
    init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }
}

struct NavigationStack<Data, Root: View>: PrimitiveView {
    var path: Binding<Data>
    var root: Root
    init(path: Binding<Data>, @ViewBuilder root: () -> Root) where Data: RandomAccessCollection, Data.Element: Hashable {
        self.path = path
        self.root = root()
    }
}

struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    var items: [Content]
    init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> Content) {
        items = data.map(content)
    }
}

/// SwiftUI's `NavigationPath`: elements of any Hashable type; `codable` as state restoration
/// saves it (type name and JSON pairs, last element first), nil when one is not Codable.
struct NavigationPath: Equatable {
    private var elements: [AnyHashable] = []
    init() {}
    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }
    mutating func append<V: Hashable>(_ value: V) { elements.append(value) }
    mutating func removeLast(_ k: Int = 1) { elements.removeLast(k) }

    struct CodableRepresentation: Codable, Equatable {
        var items: [String]
        init(items: [String]) { self.items = items }
        init(from decoder: any Decoder) throws { items = try [String](from: decoder) }
        func encode(to encoder: any Encoder) throws { try items.encode(to: encoder) }
    }

    var codable: CodableRepresentation? {
        var items: [String] = []
        for element in elements.reversed() {
            guard let value = element.base as? any Encodable, let data = try? JSONEncoder().encode(value) else { return nil }
            items += [String(reflecting: type(of: element.base)), String(decoding: data, as: UTF8.self)]
        }
        return CodableRepresentation(items: items)
    }
}

protocol ViewModifier {
    associatedtype Body: View
    typealias Content = ViewModifierContent
    @ViewBuilder func body(content: Content) -> Body
}

/// What a modifier's `body` receives in place of the view it modifies.
struct ViewModifierContent: PrimitiveView {}

struct ModifiedContent<Content: View, Modifier: ViewModifier>: PrimitiveView, ModifierHost {
    var content: Content
    var modifier: Modifier
    var modifierBody: Any { modifier.body(content: ViewModifierContent()) }
}

/// A view whose modifier has a body of its own, for ``SwiftUIHost``.
protocol ModifierHost {
    var modifierBody: Any { get }
}

/// An `onChange`, for ``SwiftUIHost``: calls its action as SwiftUI would, given the value the
/// last render had (nil: the view appears).
protocol ChangeObserving {
    var observedValue: Any { get }
    func fire(previous: Any?)
}

struct OnChange<Content: View, Value: Equatable>: PrimitiveView, ChangeObserving {
    var content: Content
    var value: Value
    var initial: Bool
    var action: (Value, Value) -> Void
    var observedValue: Any { value }
    func fire(previous: Any?) {
        if let old = previous as? Value {
            if old != value { action(old, value) }
        } else if initial {
            action(value, value)
        }
    }
}

struct OnAppear<Content: View>: PrimitiveView {
    var content: Content
    var action: () -> Void
}

struct Tagged<Content: View, Tag: Hashable>: PrimitiveView {
    var content: Content
    var tag: Tag
}

struct Sheet<Content: View, Item: Identifiable, Presented: View>: PrimitiveView {
    var content: Content
    var item: Binding<Item?>
    var presented: (Item) -> Presented
}

struct Destinations<Content: View, D: Hashable, Destination: View>: PrimitiveView {
    var content: Content
    var destination: (D) -> Destination
}

extension View {
    func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> { ModifiedContent(content: self, modifier: modifier) }
    func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> OnChange<Self, V> {
        OnChange(content: self, value: value, initial: initial, action: action)
    }
    @available(iOS, deprecated: 17.0, message: "Use onChange with a two or zero parameter action closure instead.")
    func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> OnChange<Self, V> {
        OnChange(content: self, value: value, initial: false) { _, new in action(new) }
    }
    func onAppear(perform action: @escaping () -> Void) -> OnAppear<Self> { OnAppear(content: self, action: action) }
    func tag<T: Hashable>(_ tag: T) -> Tagged<Self, T> { Tagged(content: self, tag: tag) }
    func sheet<Item: Identifiable, V: View>(item: Binding<Item?>, @ViewBuilder content: @escaping (Item) -> V) -> Sheet<Self, Item, V> {
        Sheet(content: self, item: item, presented: content)
    }
    func navigationDestination<D: Hashable, V: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> V) -> Destinations<Self, D, V> {
        Destinations(content: self, destination: destination)
    }
}

/// Plays SwiftUI's part for a test: renders a view (evaluates its body and its modifiers'
/// bodies) and calls each `onChange` action whose value differs from the last render's.
final class SwiftUIHost {
    private var last: [Any] = []

    func render(_ view: some View) {
        let observers = Self.observers(in: view.body)
        for (i, observer) in observers.enumerated() {
            observer.fire(previous: i < last.count ? last[i] : nil)
        }
        last = observers.map(\.observedValue)
    }

    /// Every `onChange` in the tree of `value`, modifiers' bodies included.
    static func observers(in value: Any, depth: Int = 0) -> [ChangeObserving] {
        guard depth < 64 else { return [] }
        var found: [ChangeObserving] = []
        if let observer = value as? ChangeObserving { found.append(observer) }
        if let host = value as? ModifierHost { found += observers(in: host.modifierBody, depth: depth + 1) }
        if let any = value as? AnyView { return found + observers(in: any.view, depth: depth + 1) }
        for child in Mirror(reflecting: value).children {
            let style = Mirror(reflecting: child.value).displayStyle
            if child.value is any View || style == .tuple || style == .collection || style == .optional {
                found += observers(in: child.value, depth: depth + 1)
            }
        }
        return found
    }
}
