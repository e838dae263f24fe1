import Foundation
import Testing
import NavVizCore
import _NavVizTestSupport

/// Routing on a stack ``Scale/deep`` screens deep (100,000 in `make size`): Portus's
/// algorithm walks the path without recursion, so a route to the top, into the middle and
/// back out finishes in linear time.
struct DeepRouteTests {
    static let depth = Scale.deep

    static func chain() throws -> Tree {
        guard case .snapshot(let tree) = try DocumentReader.json(Array(DeepTreeTests.chainJSON(depth).utf8)) else {
            throw Samples.SampleError.notASnapshot
        }
        return tree
    }

    static func path(_ ids: [String]) -> [PathElement] {
        ids.map { PathElement(id: $0) }
    }

    @Test func routeToTheTopOfADeepChainIsANoOp() throws {
        let tree = try Self.chain()
        let result = Router.route(from: tree, to: Self.path((0...Self.depth).map { "s\($0)" }))
        #expect(result.failure == nil)
        #expect(result.operations.isEmpty)
    }

    @Test func routeOntoADeepChainEntersOneScreen() throws {
        let tree = try Self.chain()
        let started = Date()
        let result = Router.route(from: tree, to: Self.path((0...Self.depth).map { "s\($0)" } + ["top"]))
        #expect(result.failure == nil)
        #expect(result.operations.map(OperationWriter.phrase) == ["enter top under s\(Self.depth)"])
        #expect(Date().timeIntervalSince(started) < Sanitizer.seconds(30))
    }

    @Test func routeHalfwayDownADeepChainLeavesTheRest() throws {
        let tree = try Self.chain()
        let half = Self.depth / 2
        let result = Router.route(from: tree, to: Self.path((0...half).map { "s\($0)" }))
        #expect(result.failure == nil)
        #expect(result.operations.count >= 1)
        #expect(result.final.activePath.count == half + 1)
    }
}
