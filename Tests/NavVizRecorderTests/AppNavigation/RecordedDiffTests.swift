import Foundation
import Testing
import NavVizCore
import NavVizRecorder
import _NavVizTestSupport

/// The `navviz` dialect's diff of two recorded states names what the app changed: random
/// sessions of a ``NavigationModel`` (pushes, pops, pops to root, screens removed in the
/// middle, replaced paths, tab switches, deep links into other tabs, sheets of one screen or
/// a stack presented and dismissed, nested), each state recorded through `AppNavigation` and
/// a `NavigationSession`, read back as navviz reads a log, and each transition's operations
/// checked against the edit's own account:
///
/// - the screens popped are those the edit removes, and those it moves; the screens pushed
///   those it adds, and those it moves; the activated ones those it re-activates;
/// - a chain re-creates what stands on a screen that goes or comes (docs/semantics.md: a node
///   is kept only under a kept parent), so a screen removed in the middle of a path pops the
///   screens above it and pushes them back with the same identity: nothing else;
/// - a push, a back, a sheet of one screen presented or dismissed is one operation, a tab
///   switch one `activate`.
struct RecordedDiffTests {
    /// Sessions per variant (`NAVVIZ_DIFF_SESSIONS` for more), and edits per session;
    /// `NAVVIZ_DIFF_STATS=1` prints what the transitions were.
    static let sessions = ProcessInfo.processInfo.environment["NAVVIZ_DIFF_SESSIONS"].flatMap { Int($0) } ?? 40
    static let edits = 40

    struct Tally {
        var transitions = 0
        var exact = 0
        var moved = 0
        var operations: [String: (count: Int, ops: Int)] = [:]
    }

    @Test(arguments: [false, true])
    func diffNamesWhatTheAppChanged(tca: Bool) throws {
        var tally = Tally()
        for seed in 0..<UInt64(Self.sessions) {
            try Self.session(seed: seed, tca: tca, tally: &tally)
        }
        #expect(tally.transitions == Self.sessions * Self.edits)
        if ProcessInfo.processInfo.environment["NAVVIZ_DIFF_STATS"] != nil {
            let kinds = tally.operations.keys.sorted().map { k in
                let v = tally.operations[k]!
                return "\(k) \(v.count)× \(String(format: "%.2f", Double(v.ops) / Double(v.count))) ops"
            }
            print("recorded diffs (\(tca ? "TCA" : "SwiftUI")): \(tally.transitions) transitions, \(tally.exact) exactly the app's edit, \(tally.moved) with screens re-created above a change; \(kinds.joined(separator: ", "))")
        }
    }

    static func session(seed: UInt64, tca: Bool, tally: inout Tally) throws {
        var random = DocumentFuzzer.Random(seed: seed &* 0x9E37 &+ (tca ? 1 : 0))
        var model = NavigationModel()
        let recorder = NavigationRecorder(capacity: edits + 1)
        let session = NavigationSession(recorder: recorder)
        var effects: [NavigationModel.Effect] = []
        #expect(session.record(model.navigation(tca: tca, session: session)))
        for _ in 0..<edits {
            effects.append(model.randomEdit(&random))
            #expect(session.record(model.navigation(tca: tca, session: session), label: effects.last!.kind),
                    "seed \(seed): \(effects.last!.kind) changed nothing")
        }
        var warnings: [DocumentWarning] = []
        guard case .sequence(let log) = try DocumentReader.log(Array(recorder.ndjson()), warnings: &warnings) else {
            Issue.record("the recording is not a sequence")
            return
        }
        for (i, effect) in effects.enumerated() {
            let ops = TreeDiff.operations(from: log.snapshots[i].tree, to: log.snapshots[i + 1].tree, dialect: .navviz)
            check(ops, against: effect, where: "seed \(seed) \(tca ? "TCA" : "SwiftUI") step \(i + 1) (\(effect.kind))")
            tally.transitions += 1
            if effect.moved.isEmpty { tally.exact += 1 } else { tally.moved += 1 }
            tally.operations[effect.kind, default: (0, 0)].count += 1
            tally.operations[effect.kind, default: (0, 0)].ops += ops.count
        }
    }

    static func check(_ ops: [TreeOperation], against effect: NavigationModel.Effect, where place: String) {
        var popped: [String] = [], pushed: [String] = [], activated: [String] = []
        for op in ops {
            switch op {
            case .pop(let id, _, let context, _): popped.append(NavigationModel.name(Node.Identity(id: id, context: context)))
            case .push(let id, _, let context, _): pushed.append(NavigationModel.name(Node.Identity(id: id, context: context)))
            case .change(_, let p, let q, _, _, _, _):
                popped += p.map(NavigationModel.name)
                pushed += q.map(NavigationModel.name)
            case .activate(let id, _, let context, _): activated.append(NavigationModel.name(Node.Identity(id: id, context: context)))
            default: Issue.record("\(place): a diff operation \(op.name)")
            }
        }
        #expect(popped.sorted() == (effect.removed + effect.moved).sorted(), "\(place): popped \(popped), the edit removed \(effect.removed), moved \(effect.moved)")
        #expect(pushed.sorted() == (effect.added + effect.moved).sorted(), "\(place): pushed \(pushed), the edit added \(effect.added), moved \(effect.moved)")
        #expect(activated == effect.activated, "\(place): activated \(activated), the edit \(effect.activated)")
        switch effect.kind {
        case "push", "present": #expect(ops.count == 1 && ops.first?.name == "push", "\(place): \(ops)")
        case "pop", "dismiss": #expect(ops.count == 1 && ops.first?.name == "pop", "\(place): \(ops)")
        case "switchTab": #expect(ops.count == 1 && ops.first?.name == "activate", "\(place): \(ops)")
        default: break
        }
    }
}
