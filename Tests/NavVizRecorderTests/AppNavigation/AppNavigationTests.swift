import Foundation
import Testing
import NavVizCore
import NavVizRecorder

/// An ``AppNavigation`` as a tree: tabs, stacks as chains, presentations at the visible
/// screen, and what the session skips and numbers.
struct AppNavigationTests {
    static func screen(_ id: String, presenting: AppNavigation.Presentation? = nil) -> AppNavigation.Screen {
        .init(id: id, presenting: presenting)
    }

    static func render(_ navigation: AppNavigation) throws -> String {
        TreeWriter.render(try AdapterTests.recorded(navigation))
    }

    @Test func tabsHoldStacksAndASheetCoversTheVisibleScreen() throws {
        let navigation = AppNavigation.tabs(selected: "shop", [
            .init("home", label: "Home", .stack(.init(root: Self.screen("homeRoot")))),
            .init("shop", label: "Shop", .stack(.init(root: Self.screen("shopRoot"), path: [Self.screen("a"), Self.screen("b")]))),
        ], presenting: .init(.sheet, Self.screen("compose")))
        #expect(try Self.render(navigation) == """
            tabs (tabs) ●
            ├─ home "Home" (stack)
            │  └─ homeRoot (screen) ○
            └─ shop "Shop" (stack) ●
               └─ shopRoot ●
                  └─ a ●
                     └─ b ●
                        └─ compose (modal) ●

            """)
    }

    /// A sheet the root view presents while screens are pushed covers the top one; a pushed
    /// destination continues the chain; a sheet's own stack and its alert nest.
    @Test func presentationsStackOnTheTop() throws {
        let sheet = AppNavigation.stack(.init(id: "sheet", root: Self.screen("form"), path: [Self.screen("step2")],
                                              presenting: .init(.alert, Self.screen("confirm"))))
        let navigation = AppNavigation.stack(.init(root: Self.screen("root", presenting: .init(.fullScreenCover, sheet)),
                                                   path: [Self.screen("list", presenting: .init(.push, Self.screen("detail")))]))
        #expect(try Self.render(navigation) == """
            stack (stack) ●
            └─ root ●
               └─ list ●
                  └─ detail ●
                     └─ sheet (modal) ●
                        └─ form ●
                           └─ step2 ●
                              └─ confirm (modal) ●

            """)
    }

    @Test func sheetOnTabsWithoutSelectionAndPresentedTabs() throws {
        let inner = AppNavigation.tabs(id: "picker", selected: "x", [.init("x", .screen(Self.screen("x")))])
        let navigation = AppNavigation.tabs(selected: nil, [.init("a", .screen(Self.screen("a")))], presenting: .init(.sheet, inner))
        let tree = try AdapterTests.recorded(navigation)
        let picker = try #require(tree.slot(of: "picker"))
        #expect(tree.node(picker).kind == "modal")
        #expect(tree.node(picker).isSwitch)
        #expect(tree.parent(picker) == tree.root)
    }

    /// `secretKeys` reach into a value's fields: `email` removes `user.email` too.
    @Test func secretKeysCoverNestedFields() throws {
        let recorder = NavigationRecorder(secretKeys: ["email"])
        recorder.record(AppNavigation.screen(.init(value: Page.user(User(id: 1, name: "Ann", email: "a@b.c")))))
        recorder.record(NavigationNode(id: "x", context: ["owner.email": "a@b.c", "emails": "kept", "Email": "gone"]))
        let frames = try RecorderTests.read(recorder.ndjson())
        #expect(frames[0].tree.node(frames[0].tree.root!).context == ["id": "1", "name": "Ann"])
        #expect(frames[1].tree.node(frames[1].tree.root!).context == ["emails": "kept"])
    }

    @Test func sessionSkipsTheTreeItRecordedLast() {
        let recorder = NavigationRecorder()
        let session = NavigationSession(recorder: recorder)
        let a = AppNavigation.screen(Self.screen("a"))
        #expect(session.record(a, label: "1"))
        #expect(!session.record(a, label: "2"))
        #expect(session.record(AppNavigation?.none, label: "3"))
        #expect(!session.record(AppNavigation?.none, label: "4"))
        #expect(session.record(a, label: "5"))
        #expect(recorder.records.map(\.label) == ["1", "3", "5"])
    }

    /// Stack element ids are numbered in order of first appearance, whatever TCA drew.
    @Test func stackElementIDsAreNumberedBySession() {
        let session = NavigationSession(recorder: NavigationRecorder())
        let ids = [StackElementID(generation: 7), StackElementID(generation: 3), StackElementID(generation: 7), StackElementID(generation: 12)]
        #expect(ids.map { session.stackElementName($0) } == ["#0", "#1", "#0", "#2"])
        let raw = NavigationSession(recorder: NavigationRecorder(), stackIDs: .raw)
        #expect(ids.map { raw.stackElementName($0) } == ["#7", "#3", "#7", "#12"])
    }

    @Test func actionLabelsNameCasesNotValues() {
        let session = NavigationSession(recorder: NavigationRecorder())
        let one = StackElementID(generation: 5), two = StackElementID(generation: 9)
        typealias A = ShopFeature.Action
        let cases: [(A, String)] = [
            (.path(.element(id: one, action: .category(.productTapped(42)))), "path[#0].category.productTapped"),
            (.path(.element(id: two, action: .product(.destination(.presented(.share(.sendTapped)))))), "path[#1].product.destination.presented.share.sendTapped"),
            (.path(.popFrom(id: two)), "path.popFrom[#1]"),
            (.path(.push(id: StackElementID(generation: 11), state: .product(.init(productID: 3)))), "path.push[#2].product"),
            (.searchChanged("secret text"), "searchChanged"),
            (.path(.element(id: one, action: .product(.destination(.dismiss)))), "path[#0].product.destination.dismiss"),
        ]
        for (action, label) in cases { #expect(session.label(for: action) == label) }
    }

    /// A feature presented by a destination that holds its own stack is a modal stack named
    /// by the case, its root the feature; types declared in a function lose the
    /// `(unknown context at $…)` part, whose address changes between runs.
    @Test func reflectedDestinationWithAStack() throws {
        struct Checkout {
            var steps: StackState<Step>
        }
        enum Step { case address, payment }
        enum Destination { case checkout(Checkout) }
        struct Cart {
            @PresentationState var destination: Destination?
        }
        var steps = StackState<Step>()
        steps.append(.address)
        steps.append(.payment)
        let cart = Cart(destination: .checkout(Checkout(steps: steps)))
        let session = NavigationSession(recorder: NavigationRecorder())
        let navigation = AppNavigation.reflecting(cart, root: .init(id: "cart"), session: session)
        #expect(try Self.render(navigation) == """
            cart ●
            └─ checkout "AppNavigationTests.Destination.checkout" (modal) ●
               └─ AppNavigationTests.Checkout "AppNavigationTests.Checkout" NavVizRecorderTests.AppNavigationTests.Checkout ●
                  └─ address#0 "AppNavigationTests.Step.address" NavVizRecorderTests.AppNavigationTests.Step ●
                     └─ payment#1 "AppNavigationTests.Step.payment" NavVizRecorderTests.AppNavigationTests.Step (screen) ●

            """)
    }
}
