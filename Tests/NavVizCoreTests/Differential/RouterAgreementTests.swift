import Foundation
import NavVizCore
import Testing

/// Cases where navviz was driven side by side with the routers' real code (compiled outside
/// the repository: KatanaRouter's NavigationTreeDiff, ReSwift-Router's
/// routingActionsForTransition, Tempura's Navigator.routingChanges, Portus's
/// RoutingAlgorithm, RoutingTree and Router.routeTo) on random trees with repeated ids and
/// contexts. Each row keeps the inputs and what the router did, in navviz's terms; where the
/// router crashes or loops, what navviz answers instead (docs/semantics.md, "Repairs").
/// How the rows were made and the agreement measured: docs/semantics.md, "Checked against
/// the routers' code".
struct RouterAgreementTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func rows(_ name: String) -> [[String: Any]] {
        let data = try! Data(contentsOf: folder.appendingPathComponent(name))
        return try! JSONSerialization.jsonObject(with: data) as! [[String: Any]]
    }

    static func bytes(_ value: Any) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
    }

    static func tree(_ bytes: [UInt8]) throws -> Tree {
        guard case .snapshot(let t) = try DocumentReader.json(bytes) else { throw Bad.notATree }
        return t
    }

    enum Bad: Error { case notATree }

    struct DiffRow: CustomTestStringConvertible, Sendable {
        var index: Int
        var dialect: String
        var router: String
        var before: [UInt8], after: [UInt8]
        var expected: [[UInt8]]
        var testDescription: String { "\(index): \(dialect) (\(router))" }
    }

    static let diffRows: [DiffRow] = rows("diff-cases.json").enumerated().map { i, r in
        DiffRow(index: i, dialect: r["dialect"] as! String, router: r["router"] as! String, before: bytes(r["before"]!),
                after: bytes(r["after"]!), expected: (r["expected"] as! [Any]).map(bytes))
    }

    @Test(arguments: diffRows)
    func diffAgreesWithTheRouter(_ row: DiffRow) throws {
        let dialect = try #require(DiffDialect(rawValue: row.dialect))
        let before = try Self.tree(row.before), after = try Self.tree(row.after)
        let expected = try row.expected.enumerated().map { j, op in
            let json = try DocumentReader.parseJSON(op)
            return try OperationDecoder.decode(json, json.root, path: "expected[\(j)]")
        }
        #expect(TreeDiff.operations(from: before, to: after, dialect: dialect) == expected)
    }

    struct RouteRow: CustomTestStringConvertible, Sendable {
        var index: Int
        var to: String
        var portus: String
        var navviz: String
        var tree: [UInt8], templates: [UInt8]
        var instructions: [String]
        var final: String
        var testDescription: String { "\(index): to \(to) (Portus: \(portus))" }
    }

    static let routeRows: [RouteRow] = rows("route-cases.json").enumerated().map { i, r in
        RouteRow(index: i, to: r["to"] as! String, portus: r["portus"] as! String, navviz: r["navviz"] as! String,
                 tree: bytes(r["tree"]!), templates: bytes(r["templates"]!), instructions: r["instructions"] as! [String],
                 final: r["final"] as! String)
    }

    /// The instructions Portus's Router executed, the tree its RoutingTree ended with, and
    /// how it ended; for a crash or a loop, the instructions that ran before it and navviz's
    /// repair.
    @Test(arguments: routeRows)
    func routeAgreesWithPortus(_ row: RouteRow) throws {
        let tree = try Self.tree(row.tree)
        let templates = try DocumentDecoder.decodeTemplates(DocumentReader.parseJSON(row.templates))
        let result = Router.route(from: tree, to: try PathParser.parse(row.to), templates: templates)
        #expect(result.steps.map { Self.line($0.instruction) } == row.instructions)
        #expect(Self.canonical(result.final) == row.final)
        let outcome = result.failure.map { Self.kind($0.reason) } ?? "reached"
        #expect(outcome == row.navviz)
        switch row.portus {
        case "success": #expect(outcome == "reached")
        case "failure": #expect(!["reached", "loop", "prefixCrash", "leftNodeGone"].contains(outcome))
        case "endless loop": #expect(outcome == "loop")
        case "index out of range": #expect(outcome == "prefixCrash")
        case "fatalError node not found": #expect(outcome == "leftNodeGone")
        default: Issue.record("unknown Portus outcome \(row.portus)")
        }
    }

    static func name(_ id: String, _ context: [String: String]) -> String {
        context.isEmpty ? id : "\(id)?\(context.queryString)"
    }

    static func line(_ i: RoutingInstruction) -> String {
        switch i {
        case .leave(let n): "leave \(name(n.id, n.context))"
        case .enter(let e): "enter \(name(e.id, e.context))"
        case .switchTo(let t, let c): "switch \(name(c.id, c.context)) to \(name(t.id, t.context))"
        }
    }

    /// `id?ctx·m*activeIndex(children…)`: managed nodes marked, the active child by index.
    static func canonical(_ t: Tree) -> String {
        guard let root = t.root else { return "∅" }
        func go(_ s: Tree.Slot) -> String {
            var out = name(t.id(s), t.node(s).context)
            if t.isManaged(s) { out += "·m" }
            let kids = t.children(s)
            if let a = t.activeChild(s) { out += "*\(kids.firstIndex(of: a)!)" }
            if !kids.isEmpty { out += "(" + kids.map(go).joined(separator: ",") + ")" }
            return out
        }
        return go(root)
    }

    static func kind(_ e: RoutingFailure.Reason) -> String {
        switch e {
        case .loop: "loop"
        case .prefixCrash: "prefixCrash"
        case .leftNodeGone: "leftNodeGone"
        case .emptyChunk: "emptyChunk"
        case .refusedLeave: "refusedLeave"
        case .noSuchChild: "noSuchChild"
        case .notSwitchable: "notSwitchable"
        case .notEnterable: "notEnterable"
        case .emptyTree: "emptyTree"
        }
    }
}
