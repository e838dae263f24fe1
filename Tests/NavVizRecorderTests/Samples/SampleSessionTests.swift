import Foundation
import Testing
import NavVizCore
import NavVizRecorder
import _NavVizTestSupport

/// The SwiftUI and TCA samples' sessions: the sample apps (SwiftUIShop.swift, TCAShop.swift)
/// driven through a scripted use, recorded by the adapters, are the logs kept in Samples/
/// byte for byte, but for the module of the sample's types: this test module stands in for
/// an app's, `App` (`NAVVIZ_RECORD_GOLDENS=1` writes them again, as `make goldens` does for
/// Tests/Goldens).
struct SampleSessionTests {
    static let recording = ProcessInfo.processInfo.environment["NAVVIZ_RECORD_GOLDENS"] != nil

    /// A recorder whose clock ticks one second a record from a fixed time.
    static func recorder() -> NavigationRecorder {
        let ticks = Ticks()
        return NavigationRecorder(secretKeys: ["email"], clock: { ticks.next() })
    }

    /// The SwiftUI shop used as a person would: each change is a state the view binds, and
    /// the host renders the view after it, as SwiftUI does.
    static func swiftUISession() -> NavigationRecorder {
        let recorder = recorder()
        let view = RootView(session: NavigationSession(recorder: recorder))
        let host = SwiftUIHost()
        host.render(view)                                                  // launch: Home
        view.tab = .shop                                                   // tap the Shop tab
        host.render(view)
        view.paths[.shop] = [.category("shoes")]                           // tap Shoes
        host.render(view)
        view.paths[.shop]!.append(.product(id: 42))                        // tap a product
        host.render(view)
        view.paths[.shop]!.append(.reviews(productID: 42, page: 1))        // tap Reviews
        host.render(view)
        view.compose = Compose(id: 1, draft: "")                           // write a review: a sheet
        host.render(view)
        view.compose!.draft = "Great shoes"                                // typing: the same sheet
        host.render(view)
        view.compose = nil                                                 // send: the sheet goes
        host.render(view)
        view.paths[.shop]!.remove(at: 1)                                   // the app drops the product under the reviews
        host.render(view)
        view.tab = .home                                                   // tap the Home tab
        host.render(view)
        view.paths[.home] = [.product(id: 7)]                              // a deep link on Home
        host.render(view)
        view.tab = .shop                                                   // back to Shop
        host.render(view)
        view.paths[.shop] = []                                             // tap Shop again: pop to root
        host.render(view)
        return recorder
    }

    /// The TCA shop used through its store: each action as the view would send it.
    static func tcaSession() -> NavigationRecorder {
        let recorder = recorder()
        let ids = StackElementIDGenerator()
        let store = tcaShopStore(recorder: recorder, state: ShopFeature.State(path: StackState(generator: ids)))
        func id(_ index: Int) -> StackElementID { store.state.path.ids[index] }
        func element(_ index: Int, _ action: ShopFeature.Path.Action) -> ShopFeature.Action { .path(.element(id: id(index), action: action)) }
        // SwiftUI builds NavigationLinks again and again, and each draws an id: numbers skip.
        func renderLinks() { for _ in 0..<3 { _ = ids() } }
        store.send(.categoryTapped("shoes"))
        renderLinks()
        store.send(element(0, .category(.productTapped(42))))
        store.send(element(1, .product(.quantityChanged(2))))            // no navigation: not recorded
        renderLinks()
        store.send(element(1, .product(.relatedTapped(7))))
        store.send(element(2, .product(.shareTapped)))
        store.send(.searchChanged("sneak"))                               // no navigation: not recorded
        store.send(element(2, .product(.destination(.presented(.share(.sendTapped))))))
        store.send(element(1, .product(.removeTapped)))
        store.send(element(1, .product(.destination(.presented(.alert(.confirmRemove))))))
        store.send(.path(.popFrom(id: id(1))))
        return recorder
    }

    @Test(arguments: [("swiftui-shop.session.ndjson", 0), ("tca-shop.session.ndjson", 1)])
    func sessionIsTheSample(_ name: String, _ which: Int) throws {
        let recorded = (which == 0 ? Self.swiftUISession() : Self.tcaSession()).ndjson()
        let made = String(decoding: recorded, as: UTF8.self).replacingOccurrences(of: "\"NavVizRecorderTests.", with: "\"App.")
        let url = PackagePaths.samples.appendingPathComponent(name)
        if Self.recording {
            try Data(made.utf8).write(to: url, options: .atomic)
        }
        let kept = try String(contentsOf: url, encoding: .utf8)
        #expect(made == kept,
                "the \(name) session differs from Samples/\(name) (NAVVIZ_RECORD_GOLDENS=1 writes it)")
    }

    /// The saved-path samples are what a NavigationPath of the sample's routes saves, read
    /// by navviz the same (their key order is JSONEncoder's, which changes between runs).
    @Test func savedPathsAreTheSamples() throws {
        func imported(_ text: String) throws -> String {
            guard case .snapshot(let tree) = try SwiftUIPath.read(Array(text.utf8)) else { return "" }
            return DocumentEncoder.snapshot(tree)
        }
        func saved(_ routes: [ShopRoute]) throws -> String {
            var path = NavigationPath()
            for r in routes { path.append(r) }
            let json = String(decoding: try #require(path.codableRepresentationJSON), as: UTF8.self)
            return json.replacingOccurrences(of: "\"NavVizRecorderTests.", with: "\"App.")
        }
        let all: [ShopRoute] = [.category("shoes"), .product(id: 42), .reviews(productID: 42, page: 1)]
        let restored = try String(contentsOf: PackagePaths.samples.appendingPathComponent("swiftui-restored.navigationpath.json"), encoding: .utf8)
        #expect(try imported(restored) == imported(saved(all)))
        let lines = try String(contentsOf: PackagePaths.samples.appendingPathComponent("swiftui-saved.paths.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let states: [[ShopRoute]] = [[], [all[0]], [all[0], all[1]], all, [all[0], all[2]], [all[0]], []]
        #expect(lines.count == states.count)
        for (line, routes) in zip(lines, states) {
            #expect(try imported(line) == imported(saved(routes)))
        }
    }

    /// The library's SwiftUI adapter (compiled only where SwiftUI is) is the code compiled
    /// here against the look-alikes.
    @Test func swiftUIAdapterIsTheLibrarys() throws {
        func block(_ path: String) throws -> String {
            let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
            let start = try #require(text.range(of: "\n// SwiftUI adapter\n"))
            let end = try #require(text.range(of: "\n// end\n", range: start.upperBound..<text.endIndex))
            return String(text[start.upperBound..<end.lowerBound])
        }
        let library = try block("Sources/NavVizRecorder/SwiftUI/View+RecordNavigation.swift")
        #expect(library.contains("extension NavigationPath: NavigationPathRepresentable"))
        #expect(try block("Tests/NavVizRecorderTests/Adapters/SwiftUIAdapter.swift") == library)
    }
}
