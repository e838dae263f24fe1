import NavVizCore
import NavVizRecorder
import _NavVizTestSupport

/// A SwiftUI or TCA app's navigation as the app holds it (three tabs of paths, a chain of
/// sheets over the visible screen), edited the way people and deep links edit it, each edit
/// saying what it changes: the screens it removes, adds and re-activates, and the screens it
/// keeps but whose place in a chain it re-creates (``Effect/moved``).
struct NavigationModel {
    struct Sheet {
        var key: Int
        /// A NavigationStack in the sheet (else one screen).
        var isStack: Bool
        var path: [Int]
        var style: AppNavigation.PresentationStyle
    }

    /// Where the first sheet is declared: all three show it over the visible screen.
    enum Anchor: CaseIterable { case tabView, stack, topScreen }

    var paths: [[Int]] = [[], [], []]
    var selected = 0
    var sheets: [Sheet] = []
    var anchor = Anchor.tabView
    private var nextKey = 1

    /// What an edit changes, by screen name (``name(_:)``).
    struct Effect {
        var kind: String
        var removed: [String] = []
        var added: [String] = []
        /// Kept by the app, but under a screen that was removed or added: a chain re-creates it.
        var moved: [String] = []
        var activated: [String] = []
    }

    static func element(_ key: Int) -> String { "e\(key)" }

    // MARK: The description the app records

    func navigation(tca: Bool, session: NavigationSession) -> AppNavigation {
        func screen(_ key: Int) -> AppNavigation.Screen {
            tca ? .init(stackElementID: StackElementID(generation: key * 7 + 3), state: ShopFeature.Path.State.product(.init(productID: key)),
                        session: session, context: ["productID": String(key)])
                : .init(value: ShopRoute.product(id: key))
        }
        var chain: AppNavigation.Presentation?
        for sheet in sheets.reversed() {
            var content: AppNavigation = sheet.isStack
                ? .stack(.init(id: "sheet\(sheet.key)", root: .init(id: "form\(sheet.key)"), path: sheet.path.map(screen)))
                : .screen(.init(id: "sheet\(sheet.key)"))
            if let inner = chain {
                switch content {
                case .stack(var s): s.presenting = inner; content = .stack(s)
                case .screen(var s): s.presenting = inner; content = .screen(s)
                case .tabs: break
                }
            }
            chain = .init(sheet.style, content)
        }
        let tabs = paths.indices.map { t -> AppNavigation.Tab in
            var stack = AppNavigation.Stack(id: "tab\(t)", root: .init(id: "root\(t)"), path: paths[t].map(screen))
            if t == selected, anchor == .stack { stack.presenting = chain }
            if t == selected, anchor == .topScreen {
                if stack.path.isEmpty { stack.root.presenting = chain } else { stack.path[stack.path.count - 1].presenting = chain }
            }
            return .init("tab\(t)", .stack(stack))
        }
        return .tabs(selected: "tab\(selected)", tabs, presenting: anchor == .tabView ? chain : nil)
    }

    /// The model's name of a screen the diff names: an element by its key, the others by id.
    static func name(_ identity: Node.Identity) -> String {
        if let key = identity.context["id"] ?? identity.context["productID"] { return "e\(key)" }
        return identity.id
    }

    // MARK: Edits

    private mutating func fresh() -> Int {
        nextKey += 1
        return nextKey - 1
    }

    /// The names a sheet brings (and takes with it).
    private func names(of sheet: Sheet) -> [String] {
        sheet.isStack ? ["sheet\(sheet.key)", "form\(sheet.key)"] + sheet.path.map(Self.element) : ["sheet\(sheet.key)"]
    }

    /// The path on top, which the person using the app edits: the top sheet's stack, else
    /// the selected tab's; nil under a sheet of one screen.
    private var topPath: [Int]? {
        get {
            guard let top = sheets.last else { return paths[selected] }
            return top.isStack ? top.path : nil
        }
        set {
            guard let newValue else { return }
            if sheets.isEmpty { paths[selected] = newValue } else { sheets[sheets.count - 1].path = newValue }
        }
    }

    /// `old` becoming `new` in one chain: after their common start, the old screens go, the
    /// new come, and those in both are re-created (their parent is).
    private static func replace(_ old: [Int], _ new: [Int], kind: String) -> Effect {
        var p = 0
        while p < old.count, p < new.count, old[p] == new[p] { p += 1 }
        let gone = old[p...], come = new[p...]
        return Effect(kind: kind, removed: gone.filter { !come.contains($0) }.map(element),
                      added: come.filter { !gone.contains($0) }.map(element),
                      moved: gone.filter { come.contains($0) }.map(element))
    }

    /// One random edit a person or a deep link could make now, applied, and its effect.
    mutating func randomEdit(_ random: inout DocumentFuzzer.Random) -> Effect {
        while true {
            switch random.below(11) {
            case 0, 1:  // push
                guard let path = topPath, path.count < 6 else { continue }
                let key = fresh()
                topPath = path + [key]
                return Effect(kind: "push", added: [Self.element(key)])
            case 2:  // back
                guard let path = topPath, !path.isEmpty else { continue }
                topPath = Array(path.dropLast())
                return Effect(kind: "pop", removed: [Self.element(path.last!)])
            case 3:  // pop to root
                guard let path = topPath, path.count >= 2 else { continue }
                topPath = []
                return Effect(kind: "popToRoot", removed: path.map(Self.element))
            case 4:  // the app removes a screen in the middle
                guard let path = topPath, path.count >= 2 else { continue }
                let i = random.below(path.count - 1)
                var new = path
                new.remove(at: i)
                topPath = new
                return Self.replace(path, new, kind: "removeMiddle")
            case 5:  // a replaced path (a deep link into the visible stack): some screens kept
                guard let path = topPath else { continue }
                var new = path.filter { _ in random.below(2) == 0 }
                for _ in 0..<random.below(3) { new.insert(fresh(), at: random.below(new.count + 1)) }
                guard new != path else { continue }
                topPath = new
                return Self.replace(path, new, kind: "replacePath")
            case 6:  // tab switch, with nothing presented
                guard sheets.isEmpty else { continue }
                let t = (selected + 1 + random.below(2)) % 3
                selected = t
                return Effect(kind: "switchTab", activated: ["tab\(t)"])
            case 7, 8:  // present a sheet over what is visible
                guard sheets.count < 3 else { continue }
                if sheets.isEmpty { anchor = Anchor.allCases[random.below(3)] }
                let isStack = random.below(2) == 0
                let sheet = Sheet(key: fresh(), isStack: isStack, path: isStack ? (0..<random.below(3)).map { _ in fresh() } : [],
                                  style: [.sheet, .fullScreenCover, .popover, .alert][random.below(4)])
                sheets.append(sheet)
                return Effect(kind: isStack ? "presentStack" : "present", added: names(of: sheet))
            case 9:  // dismiss the top sheet (or all of them)
                guard let top = sheets.last else { continue }
                if sheets.count >= 2, random.below(3) == 0 {
                    let all = sheets.flatMap(names)
                    sheets = []
                    return Effect(kind: "dismissAll", removed: all)
                }
                sheets.removeLast()
                return Effect(kind: top.isStack ? "dismissStack" : "dismiss", removed: names(of: top))
            default:  // a deep link replaces the path of a tab not shown
                let t = (selected + 1 + random.below(2)) % 3
                let old = paths[t]
                var new = old.filter { _ in random.below(3) > 0 }
                for _ in 0..<random.below(3) { new.append(fresh()) }
                guard new != old else { continue }
                paths[t] = new
                return Self.replace(old, new, kind: "otherTab")
            }
        }
    }
}
