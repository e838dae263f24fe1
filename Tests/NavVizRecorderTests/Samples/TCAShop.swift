import NavVizRecorder

// The TCA sample (Samples/tca-shop.session.ndjson): a shop whose stack holds categories and
// products, a product presenting a share sheet or an alert. Written as TCA 1.x features are
// without the macros (the look-alikes have none): `@PresentationState` where `@Presents`
// would be, `Reduce` where `forEach`/`ifLet` would run the children.

struct CategoryFeature {
    struct State: Equatable {
        var name: String
    }
    enum Action {
        case productTapped(Int)
    }
}

struct ShareFeature {
    struct State: NavigationContextProviding {
        var email: String
        var navigationContext: [String: String] { ["email": email] }
    }
    enum Action {
        case sendTapped
    }
}

struct ProductFeature {
    struct State: NavigationContextProviding {
        var productID: Int
        var quantity = 1
        @PresentationState var destination: Destination.State?
        var navigationContext: [String: String] { ["productID": String(productID)] }
    }
    enum Destination {
        enum State {
            case share(ShareFeature.State)
            case alert(String)
        }
        enum Action {
            case share(ShareFeature.Action)
            case alert(AlertAction)
        }
        enum AlertAction {
            case confirmRemove
        }
    }
    enum Action {
        case quantityChanged(Int)
        case relatedTapped(Int)
        case shareTapped
        case removeTapped
        case destination(PresentationAction<Destination.Action>)
    }
}

struct ShopFeature: Reducer {
    enum Path {
        enum State {
            case category(CategoryFeature.State)
            case product(ProductFeature.State)
        }
        enum Action {
            case category(CategoryFeature.Action)
            case product(ProductFeature.Action)
        }
    }
    struct State {
        var path: StackState<Path.State>
        var search = ""
    }
    enum Action {
        case categoryTapped(String)
        case searchChanged(String)
        case path(StackAction<Path.State, Path.Action>)
    }

    var body: some Reducer<State, Action> {
        Reduce { state, action in
            switch action {
            case .categoryTapped(let name):
                state.path.append(.category(.init(name: name)))
            case .searchChanged(let text):
                state.search = text
            case .path(.element(id: _, action: .category(.productTapped(let id)))),
                 .path(.element(id: _, action: .product(.relatedTapped(let id)))):
                state.path.append(.product(.init(productID: id)))
            case .path(.element(id: let id, action: .product(let action))):
                guard case .product(var product)? = state.path[id: id] else { break }
                switch action {
                case .quantityChanged(let n): product.quantity = n
                case .shareTapped: product.destination = .share(.init(email: "ann@example.com"))
                case .removeTapped: product.destination = .alert("Remove product \(product.productID)?")
                case .destination(.presented(.share(.sendTapped))), .destination(.dismiss): product.destination = nil
                case .destination(.presented(.alert(.confirmRemove))):
                    state.path.remove(id: id)
                    return .none
                case .relatedTapped: break
                }
                state.path[id: id] = .product(product)
            case .path(.popFrom(id: let id)):
                state.path.pop(from: id)
            case .path(.push(id: let id, state: let element)):
                state.path.append(element, id: id)
            case .path(.element(id: _, action: .category)):
                break
            }
            return .none
        }
    }
}

/// docs/recorder.md's TCA wiring, compiled as written: the store runs the app's reducer with
/// the recording reducer around it.
func tcaShopStore(recorder: NavigationRecorder, state: ShopFeature.State) -> Store<ShopFeature.State, ShopFeature.Action> {
// docs/recorder.md: TCA store
let session = NavigationSession(recorder: recorder)
let store = Store(initialState: state) {
    ShopFeature().recordNavigation(session) { state, session in
        AppNavigation.reflecting(state, root: .init(id: "shop", type: "App.ShopView"), session: session) { destination in
            destination == "alert" ? .alert : .sheet
        }
    }
}
// end
    return store
}
