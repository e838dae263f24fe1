/// The order Graphviz draws a frame's nodes and edges in, which the composer joins pieces in.
extension SVGComposer {
    /// A node or an edge of a frame, by its index in the scene's nodes or edges.
    enum Item { case node(Int), edge(Int) }

    /// The emit order of a frame, and what it depends on: the frame's node ids and its
    /// edges' ends, in scene order.
    struct OrderMemo {
        var ids: [String]
        /// Each edge's tail and head.
        var ends: [String]
        var order: [Item]?

        init(_ scene: Scene) {
            ids = scene.nodes.indices.map { scene.nodes[$0].id }
            ends = []
            ends.reserveCapacity(2 * scene.edges.count)
            for i in scene.edges.indices {
                ends.append(scene.edges[i].from)
                ends.append(scene.edges[i].to)
            }
            order = SVGComposer.emitOrder(scene)
        }

        /// Whether `scene` has the same node ids and edge ends, in the same order: then its
        /// emit order is `order`. Comparing them costs a few string compares a node; working
        /// the order out again, a dictionary of the frame's ids.
        func holds(for scene: Scene) -> Bool {
            guard scene.nodes.count == ids.count, 2 * scene.edges.count == ends.count else { return false }
            for i in scene.nodes.indices where scene.nodes[i].id != ids[i] { return false }
            for i in scene.edges.indices where scene.edges[i].from != ends[2 * i] || scene.edges[i].to != ends[2 * i + 1] { return false }
            return true
        }
    }

    /// Graphviz's emit order (its default "breadth first" walk), or nil when two edges join
    /// the same nodes (their pieces could not be told apart). Edges with an end missing from
    /// the scene are not drawn, as ``DOTEncoder`` leaves them out.
    static func emitOrder(_ scene: Scene) -> [Item]? {
        let count = scene.nodes.count
        var index: [String: Int] = [:]
        index.reserveCapacity(count)
        for i in scene.nodes.indices { index[scene.nodes[i].id] = i }  // not `for n in`: no copy of each node
        // Each drawn edge's tail and head; then the out-edges of node n, in scene order, are
        // outEdges[firstOut[n]..<firstOut[n + 1]].
        var tails = [Int](repeating: -1, count: scene.edges.count)
        var heads = [Int](repeating: -1, count: scene.edges.count)
        var firstOut = [Int](repeating: 0, count: count + 1)
        var pairs = Set<Int>()
        for i in scene.edges.indices {
            guard let t = index[scene.edges[i].from], let h = index[scene.edges[i].to] else { continue }
            guard pairs.insert(t &* count &+ h).inserted else { return nil }
            tails[i] = t
            heads[i] = h
            firstOut[t + 1] += 1
        }
        for n in 0..<count { firstOut[n + 1] += firstOut[n] }
        var outEdges = [Int](repeating: 0, count: firstOut[count])
        var next = firstOut
        for (i, t) in tails.enumerated() where t >= 0 {
            outEdges[next[t]] = i
            next[t] += 1
        }
        var emitted = [Bool](repeating: false, count: count)
        var order: [Item] = []
        order.reserveCapacity(count + outEdges.count)
        for n in 0..<count {
            if !emitted[n] { emitted[n] = true; order.append(.node(n)) }
            for e in outEdges[firstOut[n]..<firstOut[n + 1]] {
                let h = heads[e]
                if !emitted[h] { emitted[h] = true; order.append(.node(h)) }
                order.append(.edge(e))
            }
        }
        return order
    }
}
