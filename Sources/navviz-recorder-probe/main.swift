import Foundation
import NavVizRecorder

/// A stand-in for an app that streams its navigation to `navviz watch`: it records a
/// generated session (four tabs of stacks, pushes, pops, tab switches, modals) with
/// NavVizRecorder and streams it (`NavigationRecorder.stream(to:)`), as an app in a simulator
/// does. For `make bench`'s live figures and the live tests; not installed.
///
///     navviz-recorder-probe URL [--steps N] [--rate PER_SECOND] [--burst] [--token T]
///                               [--capacity C] [--linger SECONDS]
///
/// `--rate 0` records as fast as it can; `--burst` records all the steps at once, then waits.
/// It prints `recorded N` when done and `acknowledged N` once `navviz watch` has every record
/// (or when `--linger` runs out), and exits 0 when everything was acknowledged.
struct Arguments {
    var url: URL
    var steps = 100
    var rate = 10.0
    var token: String?
    var capacity = 500
    var linger = 10.0

    init() {
        var args = CommandLine.arguments.dropFirst().makeIterator()
        var url: URL?
        while let a = args.next() {
            switch a {
            case "--steps": steps = args.next().flatMap(Int.init) ?? steps
            case "--rate": rate = args.next().flatMap(Double.init) ?? rate
            case "--burst": rate = 0
            case "--token": token = args.next()
            case "--capacity": capacity = args.next().flatMap(Int.init) ?? capacity
            case "--linger": linger = args.next().flatMap(Double.init) ?? linger
            default: url = URL(string: a)
            }
        }
        guard let url else {
            FileHandle.standardError.write(Data("usage: navviz-recorder-probe URL [--steps N] [--rate R] [--token T]\n".utf8))
            exit(64)
        }
        self.url = url
    }
}

/// The app's navigation: four tabs, each a stack, the selected one's top maybe presenting
/// modals. Deterministic.
struct App {
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    var tabs: [[String]] = (0..<4).map { ["home\($0)"] }
    var selected = 0
    var modals: [String] = []
    var item = 0

    mutating func next(_ bound: Int) -> Int {
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((random >> 33) % UInt64(bound))
    }

    /// One navigation change; its label.
    mutating func step() -> String {
        switch next(10) {
        case 0...3:
            // Stacks stay under nine screens and modals under three, as an app's do.
            if modals.isEmpty ? tabs[selected].count >= 9 : modals.count >= 3 { return pop() }
            item += 1
            let screen = ["product", "chat", "profile", "settings"][next(4)]
            if !modals.isEmpty { modals.append("\(screen)Sheet") } else { tabs[selected].append(screen) }
            return "push \(screen)"
        case 4...5:
            return pop()
        case 6...7:
            selected = next(4)
            return "select tab \(selected)"
        default:
            guard modals.count < 3 else { return step() }
            modals.append(["compose", "filters", "share"][next(3)])
            return "present \(modals.last!)"
        }
    }

    /// Dismisses the top modal, else pops the selected stack, else selects another tab.
    mutating func pop() -> String {
        if !modals.isEmpty { modals.removeLast(); return "dismiss" }
        if tabs[selected].count > 1 { tabs[selected].removeLast(); return "pop" }
        selected = (selected + 1) % 4
        return "select tab \(selected)"
    }

    var tree: NavigationNode {
        let stacks = tabs.enumerated().map { t, screens -> NavigationNode in
            var node: NavigationNode?
            for (depth, id) in screens.enumerated().reversed() {
                var children = node.map { [$0] } ?? []
                if t == selected, depth == screens.count - 1, !modals.isEmpty {
                    var modal: NavigationNode?
                    for m in modals.reversed() {
                        modal = NavigationNode(id: m, type: "\(m.prefix(1).uppercased())\(m.dropFirst())ViewController", kind: "modal",
                                               children: modal.map { [$0] } ?? [], activeIndex: modal == nil ? nil : 0)
                    }
                    children.append(modal!)
                }
                let context = id.hasPrefix("home") || depth == 0 ? [:] : ["id": String(item + depth)]
                node = NavigationNode(id: id, type: "\(id.prefix(1).uppercased())\(id.dropFirst())ViewController", context: context,
                                      children: children, activeIndex: children.isEmpty ? nil : children.count - 1)
            }
            return NavigationNode(id: "tab\(t)", type: "UINavigationController", label: "Tab \(t)", kind: "stack",
                                  children: [node!], activeIndex: 0)
        }
        return NavigationNode(id: "tabs", type: "UITabBarController", kind: "tabs", children: stacks, activeIndex: selected)
    }
}

let arguments = Arguments()
let recorder = NavigationRecorder(capacity: arguments.capacity, secretKeys: ["token"])
let stream = recorder.stream(to: arguments.url, token: arguments.token)
var app = App()
recorder.record(app.tree, label: "launch")
let start = Date()
for i in 1..<arguments.steps {
    let label = app.step()
    recorder.record(app.tree, label: label)
    if arguments.rate > 0 {
        let due = start.addingTimeInterval(Double(i) / arguments.rate)
        let wait = due.timeIntervalSinceNow
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    }
}
print("recorded \(arguments.steps)")
let deadline = Date().addingTimeInterval(arguments.linger)
while stream.status.acknowledged < arguments.steps, Date() < deadline {
    Thread.sleep(forTimeInterval: 0.05)
}
let status = stream.status
print("acknowledged \(status.acknowledged)")
print("failures \(status.failures)")
stream.stop()
exit(status.acknowledged >= arguments.steps ? 0 : 1)
