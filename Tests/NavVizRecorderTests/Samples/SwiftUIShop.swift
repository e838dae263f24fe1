import NavVizRecorder

// The SwiftUI sample (Samples/swiftui-shop.session.ndjson), docs/recorder.md's example app
// layout, compiled here against the SwiftUI look-alikes: three tabs, each a NavigationStack
// of a typed path, and a compose sheet presented by the TabView.

// docs/recorder.md: SwiftUI app
enum AppTab: String, CaseIterable, Hashable {
    case home, shop, profile
}

enum ShopRoute: Hashable, Codable {
    case category(String)
    case product(id: Int)
    case reviews(productID: Int, page: Int)
}

struct Compose: Identifiable, Hashable {
    var id: Int
    var draft: String
}

struct RootView: View {
    let session: NavigationSession
    @State var tab = AppTab.home
    @State var paths: [AppTab: [ShopRoute]] = [:]
    @State var compose: Compose?

    var body: some View {
        TabView(selection: $tab) {
            ForEach(AppTab.allCases, id: \.self) { tab in
                NavigationStack(path: path(of: tab)) {
                    TabRoot(tab: tab)
                        .navigationDestination(for: ShopRoute.self) { RouteView(route: $0) }
                }
                .tag(tab)
            }
        }
        .sheet(item: $compose) { ComposeView(compose: $0) }
        #if DEBUG
        .recordNavigation(session, navigation)
        #endif
    }

    /// What navviz records: the state the views above are built from, described.
    var navigation: AppNavigation {
        .tabs(selected: tab.rawValue, AppTab.allCases.map { tab in
            .init(tab.rawValue, label: tab.rawValue.capitalized, .stack(.init(
                id: tab.rawValue,
                root: .init(id: "root", type: "App.TabRoot", label: tab.rawValue.capitalized),
                values: paths[tab, default: []])))
        }, presenting: compose.map { .init(.sheet, .init(item: $0)) })
    }

    func path(of tab: AppTab) -> Binding<[ShopRoute]> {
        Binding { paths[tab, default: []] } set: { paths[tab] = $0 }
    }
}

struct TabRoot: View {
    let tab: AppTab
    var body: some View {
        Text(tab.rawValue.capitalized)
        NavigationLink("Shoes", value: ShopRoute.category("shoes"))
    }
}

struct RouteView: View {
    let route: ShopRoute
    var body: some View {
        switch route {
        case .category(let name): Text(name)
        case .product(let id): NavigationLink("Reviews", value: ShopRoute.reviews(productID: id, page: 1))
        case .reviews(let id, let page): Text("Reviews of \(id), page \(page)")
        }
    }
}

struct ComposeView: View {
    let compose: Compose
    var body: some View {
        Text(compose.draft)
    }
}
// end
