import Foundation
import NavVizRecorder

/// `make bench`'s cost of recording one navigation change of a 20-screen app through the
/// SwiftUI and the TCA adapters: the description built from the app's state (each path
/// element described through its JSON, or the TCA state walked with Mirror), the tree
/// compared with the last one, the record encoded and kept.
enum AppNavigationBench {
    enum Route: Hashable, Codable {
        case category(String)
        case product(id: Int, variant: String)
    }

    struct Compose: Identifiable, Hashable {
        var id: Int
        var draft: String
    }

    /// Three tabs whose stacks hold 5, 8 and 3 screens above their roots, and a sheet: 20
    /// screens (and the tab view and three stacks around them).
    static func swiftUI(_ step: Int) -> AppNavigation {
        let counts = [5, 8, 3]
        let tabs = counts.indices.map { t -> AppNavigation.Tab in
            var values: [Route] = (0..<counts[t]).map { i in i == 0 ? .category("c\(t)") : .product(id: t * 100 + i, variant: "red") }
            // Each change pushes or pops the top of the second tab.
            if t == 1, step % 2 == 1 { values.removeLast() }
            return .init("tab\(t)", label: "Tab \(t)", .stack(.init(id: "tab\(t)", root: .init(id: "root", type: "App.TabRoot"), values: values)))
        }
        return .tabs(selected: "tab1", tabs, presenting: step % 2 == 1 ? nil : .init(.sheet, .init(item: Compose(id: 1, draft: "Hi"))))
    }

    struct StackElementID: Hashable {
        var generation: Int
    }

    struct Stack<Element>: NavigationStackElements {
        var ids: [StackElementID]
        var elements: [Element]
        var navigationElements: [(id: AnyHashable, state: Any)] { zip(ids, elements).map { (AnyHashable($0), $1) } }
    }

    struct Presented<State>: NavigationPresented {
        var wrappedValue: State?
        var navigationPresented: Any? { wrappedValue }
    }

    struct ProductState: NavigationContextProviding {
        var productID: Int
        var quantity = 1
        var reviews: [String] = ["good", "fine"]
        var destination = Presented<DestinationState>()
        var navigationContext: [String: String] { ["productID": String(productID)] }
    }

    enum DestinationState {
        case share(email: String)
    }

    enum PathState {
        case product(ProductState)
    }

    struct ShopState {
        var path: Stack<PathState>
        var search = ""
    }

    enum Action {
        case path(element: StackElementID, action: ProductAction)
    }

    enum ProductAction {
        case shareTapped
        case quantityChanged(Int)
    }

    /// A stack of 18 products on a root, the top one presenting a share sheet every other
    /// change: 20 screens.
    static func tcaState(_ step: Int) -> ShopState {
        var elements = (0..<18).map { PathState.product(ProductState(productID: $0)) }
        if step % 2 == 0, case .product(var top) = elements[17] {
            top.destination.wrappedValue = .share(email: "a@b.c")
            elements[17] = .product(top)
        }
        return ShopState(path: Stack(ids: (0..<18).map { StackElementID(generation: $0 * 3) }, elements: elements))
    }

    static func tca(_ state: ShopState, session: NavigationSession) -> AppNavigation {
        AppNavigation.reflecting(state, root: .init(id: "shop", type: "App.ShopView"), session: session)
    }

    /// Prints `name: µs per change` and `name_cpu`, over `changes` changes.
    static func measure(_ name: String, changes: Int, _ change: (Int) -> Void) {
        for i in 0..<200 { change(i) }
        let start = DispatchTime.now().uptimeNanoseconds
        let cpu = cpuSeconds()
        for i in 0..<changes { change(i) }
        let cpuUsed = cpuSeconds() - cpu
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(String(format: "%@: %.3f", name, seconds / Double(changes) * 1e6))
        print(String(format: "%@_cpu: %.3f", name, cpuUsed / Double(changes) * 1e6))
    }

    static func run(changes: Int) {
        precondition(swiftUI(0).navigationNode()!.count == 24, "the SwiftUI benchmark app has \(swiftUI(0).navigationNode()!.count) nodes")
        let swiftUISession = NavigationSession(recorder: NavigationRecorder(secretKeys: ["email"]))
        measure("recorder_swiftui_change_20_screens_us", changes: changes) { i in
            precondition(swiftUISession.record(swiftUI(i)))
        }
        let tcaSession = NavigationSession(recorder: NavigationRecorder(secretKeys: ["email"]))
        precondition(tca(tcaState(0), session: tcaSession).navigationNode()!.count == 21)
        let states = [tcaState(0), tcaState(1)]
        let actions: [Action] = [.path(element: StackElementID(generation: 51), action: .shareTapped), .path(element: StackElementID(generation: 51), action: .quantityChanged(2))]
        measure("recorder_tca_change_20_screens_us", changes: changes) { i in
            precondition(tcaSession.record(tca(states[i % 2], session: tcaSession), label: tcaSession.label(for: actions[i % 2])))
        }
        // An action that changes no navigation (a keystroke): described, compared, skipped.
        tcaSession.record(tca(states[1], session: tcaSession))
        measure("recorder_tca_unchanged_20_screens_us", changes: changes) { _ in
            precondition(!tcaSession.record(tca(states[1], session: tcaSession), label: tcaSession.label(for: actions[1])))
        }
    }
}
