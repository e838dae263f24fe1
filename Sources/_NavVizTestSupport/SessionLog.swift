import Foundation

/// A log (one snapshot per line) of an app session, for tests that need a long real-looking
/// recording: a tab bar of four stacks, screens pushed and popped, tab switches, modals up to
/// three deep, deep links that replace a stack, the same screen pushed twice now and then,
/// and screen ids that keep growing (`product?id=17`) as a real app's do. Deterministic from
/// its seed. (Scripts/gen-session.py writes the benchmark's sessions the same way.)
public enum SessionLog {
    /// `transitions` + 1 snapshot lines.
    public static func ndjson(transitions: Int, seed: UInt64 = 1) -> String {
        var app = App(seed: seed)
        var lines = [app.snapshot()]
        for _ in 0..<transitions {
            app.step()
            lines.append(app.snapshot())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The app's navigation state.
    struct App {
        /// A screen, and the modal stack it presents (if any).
        struct Screen {
            var id: String
            var type: String
            var modal: [Screen]?
        }

        var random: UInt64
        var tabs: [[Screen]] = (0..<4).map { [Screen(id: "home\($0)", type: "Tab\($0)Root")] }
        var active = 0
        var next = 1
        static let types = ["product", "chat", "profile", "order", "search", "settings", "article"]

        init(seed: UInt64) { random = seed &* 6364136223846793005 &+ 1442695040888963407 }

        mutating func roll(_ n: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(n))
        }

        mutating func newScreen() -> Screen {
            let type = Self.types[roll(Self.types.count)]
            next += 1
            return Screen(id: "\(type)?id=\(next)", type: type.capitalized + "ViewController")
        }

        /// The modal depth of the active tab's top screen chain.
        func modalDepth(_ stack: [Screen]) -> Int {
            guard let top = stack.last, let modal = top.modal else { return 0 }
            return 1 + modalDepth(modal)
        }

        /// Applies `change` to the innermost presented stack of the active tab.
        mutating func innermost(_ change: (inout [Screen]) -> Void) {
            func visit(_ stack: inout [Screen]) {
                if stack.last?.modal != nil {
                    visit(&stack[stack.count - 1].modal!)
                } else {
                    change(&stack)
                }
            }
            visit(&tabs[active])
        }

        mutating func step() {
            switch roll(20) {
            case 0..<7:
                var screen = newScreen()
                if roll(12) == 0, let top = tabs[active].last { screen = Screen(id: top.id, type: top.type) }  // pushed twice
                innermost { if $0.count < 9 { $0.append(screen) } }
            case 7..<11:
                innermost { if $0.count > 1 { $0.removeLast() } }
            case 11..<14:
                active = roll(4)
            case 14..<16:
                if modalDepth(tabs[active]) < 3 {
                    let screen = newScreen()
                    innermost { $0[$0.count - 1].modal = [screen] }
                }
            case 16..<18:
                // Dismiss the innermost modal.
                func dismiss(_ stack: inout [Screen]) -> Bool {
                    guard let modal = stack.last?.modal else { return false }
                    var inner = modal
                    if !dismiss(&inner) { stack[stack.count - 1].modal = nil } else { stack[stack.count - 1].modal = inner }
                    return true
                }
                _ = dismiss(&tabs[active])
            default:
                // A deep link: another tab, its stack replaced by a few new screens.
                active = roll(4)
                let depth = 1 + roll(4)
                var stack = [tabs[active][0]]
                stack[0].modal = nil
                for _ in 0..<depth { stack.append(newScreen()) }
                tabs[active] = stack
            }
        }

        func snapshot() -> String {
            /// A stack's screens nest: each pushed screen is the child of the one under it, and
            /// a modal is the child of the screen presenting it.
            func chain(_ stack: ArraySlice<Screen>, depth: Int) -> [String: Any] {
                let screen = stack.first!
                var node: [String: Any] = ["id": screen.id, "type": screen.type]
                if stack.count > 1 {
                    let child = chain(stack.dropFirst(), depth: depth)
                    node["children"] = [child]
                    node["active"] = child["id"]
                } else if let modal = screen.modal {
                    let id = "modal\(depth)"
                    node["children"] = [["id": id, "kind": "modal", "children": [chain(modal[...], depth: depth + 1)], "active": modal[0].id] as [String: Any]]
                    node["active"] = id
                }
                return node
            }
            let tabNodes: [[String: Any]] = tabs.enumerated().map { i, stack in
                ["id": "tab\(i)", "kind": "stack", "children": [chain(stack[...], depth: 1)], "active": stack[0].id]
            }
            let tree: [String: Any] = ["id": "tabBar", "type": "UITabBarController", "kind": "tabs", "active": "tab\(active)", "children": tabNodes]
            let data = try! JSONSerialization.data(withJSONObject: ["navviz": 1, "tree": tree], options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        }
    }
}
