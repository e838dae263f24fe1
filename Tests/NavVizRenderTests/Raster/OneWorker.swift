import Testing
@_spi(Internals) @testable import NavVizRender

/// A pool of one Graphviz worker process: every page it draws is drawn on the same canvas,
/// by the same PNG encoder, after the page before (what a page drawn in part depends on).
struct OneWorker {
    let pool: GraphvizPool

    init() {
        pool = GraphvizPool()
        pool.size = 1
    }

    /// The PNG frame the worker draws of `dot`.
    func png(_ dot: String, engine: String) throws -> [UInt8] {
        let drawn = try pool.run(.frame(dot: dot, engine: engine, svg: false, png: true))
        return try #require(drawn.count == 2 ? drawn[1] : nil)
    }
}
