/// The order Graphviz draws a frame's nodes and edges in, which the composer joins pieces in.
extension SVGComposer {
    /// A node or an edge of a frame, by its index in the scene's nodes or edges.
    enum Item { case node(Int), edge(Int) }

    /// The emit order of a frame, and what it depends on: where every node and edge of the
    /// frame has a slot in the layout (no two nodes the same) and every edge's ends there are
    /// among the frame's nodes, the slots in scene order; else the frame's node ids and its
    /// edges' ends.
    ///
    /// Slots stand for the ids and ends of this layout. A frame pinned to another layout
    /// (slots that name other ids here) is never composed, whatever its order: the composer
    /// checks every node's and edge's id against its slot as it finds their pieces, and in
    /// an order by slots every edge has its place (none is left out as not drawn).
    struct OrderMemo {
        private enum Key {
            case slots(nodes: [Int], edges: [Int])
            case ids(ids: [String], ends: [String])
        }
        private let key: Key
        let order: [Item]?

        init(_ scene: Scene, layout: StableLayout? = nil) {
            if let layout, let slots = Self.slots(scene, layout) {
                key = .slots(nodes: slots.nodes, edges: slots.edges)
                order = SVGComposer.emitOrder(scene, nodeSlots: slots.nodes, edgeSlots: slots.edges, layout: layout)
                return
            }
            var ends: [String] = []
            ends.reserveCapacity(2 * scene.edges.count)
            for i in scene.edges.indices {
                ends.append(scene.edges[i].from)
                ends.append(scene.edges[i].to)
            }
            key = .ids(ids: scene.nodes.indices.map { scene.nodes[$0].id }, ends: ends)
            order = SVGComposer.emitOrder(scene)
        }

        /// The frame's node and edge slots, when every node and edge has one in `layout`'s
        /// range, no two nodes share one, and each edge's ends in `layout` are the slots of
        /// two of the frame's nodes.
        private static func slots(_ scene: Scene, _ layout: StableLayout) -> (nodes: [Int], edges: [Int])? {
            var seen = [Bool](repeating: false, count: layout.nodeIDs.count)
            var nodes: [Int] = []
            nodes.reserveCapacity(scene.nodes.count)
            for i in scene.nodes.indices {
                guard let slot = scene.nodes[i].slot, slot >= 0, slot < seen.count, !seen[slot] else { return nil }
                seen[slot] = true
                nodes.append(slot)
            }
            var edges: [Int] = []
            edges.reserveCapacity(scene.edges.count)
            for i in scene.edges.indices {
                guard let slot = scene.edges[i].slot, slot >= 0, slot < layout.edgeEnds.count,
                      let (a, b) = layout.edgeEnds[slot], seen[a], seen[b] else { return nil }
                edges.append(slot)
            }
            return (nodes, edges)
        }

        /// Whether `scene` has the same node slots and edge slots (or node ids and edge ends),
        /// in the same order: then its emit order is `order`. Comparing them costs a few
        /// integer compares a node; working the order out again, a pass over the frame.
        func holds(for scene: Scene) -> Bool {
            switch key {
            case .slots(let nodes, let edges):
                guard scene.nodes.count == nodes.count, scene.edges.count == edges.count else { return false }
                for i in scene.nodes.indices where scene.nodes[i].slot != nodes[i] { return false }
                for i in scene.edges.indices where scene.edges[i].slot != edges[i] { return false }
                return true
            case .ids(let ids, let ends):
                guard scene.nodes.count == ids.count, 2 * scene.edges.count == ends.count else { return false }
                for i in scene.nodes.indices where scene.nodes[i].id != ids[i] { return false }
                for i in scene.edges.indices where scene.edges[i].from != ends[2 * i] || scene.edges[i].to != ends[2 * i + 1] { return false }
                return true
            }
        }
    }

    /// Graphviz's emit order (its default "breadth first" walk), or nil when two edges join
    /// the same nodes (their pieces could not be told apart). Edges with an end missing from
    /// the scene are not drawn, as ``DOTEncoder`` leaves them out.
    static func emitOrder(_ scene: Scene) -> [Item]? {
        var index: [String: Int] = [:]
        index.reserveCapacity(scene.nodes.count)
        for i in scene.nodes.indices { index[scene.nodes[i].id] = i }  // not `for n in`: no copy of each node
        var ends: [(Int, Int)?] = []
        ends.reserveCapacity(scene.edges.count)
        for i in scene.edges.indices {
            guard let t = index[scene.edges[i].from], let h = index[scene.edges[i].to] else {
                ends.append(nil)
                continue
            }
            ends.append((t, h))
        }
        return emitOrder(count: scene.nodes.count, ends: ends)
    }

    /// ``emitOrder(_:)`` of a frame whose nodes and edges hold the slots `nodeSlots` and
    /// `edgeSlots` of `layout` (no two nodes the same): each edge's ends found by slot.
    static func emitOrder(_ scene: Scene, nodeSlots: [Int], edgeSlots: [Int], layout: StableLayout) -> [Item]? {
        var index = [Int](repeating: -1, count: layout.nodeIDs.count)
        for (i, slot) in nodeSlots.enumerated() { index[slot] = i }
        let ends = edgeSlots.map { slot -> (Int, Int)? in
            guard let (a, b) = layout.edgeEnds[slot], index[a] >= 0, index[b] >= 0 else { return nil }
            return (index[a], index[b])
        }
        return emitOrder(count: scene.nodes.count, ends: ends)
    }

    /// The walk, over `count` nodes and edges given by their ends' indices (nil: an edge
    /// not drawn).
    private static func emitOrder(count: Int, ends: [(Int, Int)?]) -> [Item]? {
        // Each drawn edge's tail and head; then the out-edges of node n, in scene order, are
        // outEdges[firstOut[n]..<firstOut[n + 1]].
        var tails = [Int](repeating: -1, count: ends.count)
        var heads = [Int](repeating: -1, count: ends.count)
        var firstOut = [Int](repeating: 0, count: count + 1)
        var pairs = Set<Int>()
        for (i, end) in ends.enumerated() {
            guard let (t, h) = end else { continue }
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
