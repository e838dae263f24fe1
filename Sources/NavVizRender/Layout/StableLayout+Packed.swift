extension StableLayout {
    /// A layout in a few flat buffers, for a window whose frames are not drawn yet.
    ///
    /// A long animation plans every layout window before it draws the first (121 windows for
    /// 10,000 frames of the benchmark's sequence). Unpacked, a window's layout of some 200
    /// nodes is about a thousand small blocks of the heap (its dictionaries, each id and
    /// spline a string of its own) made on the threads that laid it out; packed, it is seven
    /// arrays of bytes and numbers. The planner keeps its windows' layouts packed, and a
    /// window's drawing unpacks its layout when the window is drawn
    /// (``StableLayout/init(_:)``): at 10,000 frames, 8 to 11 MB less heap in use from the
    /// end of planning on (docs/performance.md, issue-30c).
    package struct Packed: Sendable {
        /// Every node id's UTF-8 bytes, in the union's order, one after the other.
        let idBytes: [UInt8]
        /// Where each id ends in ``idBytes``.
        let idEnds: [Int32]
        /// A node's centre and size (x, y, width, height), four numbers a node; NaN for a
        /// node the layout has no place for.
        let boxes: [Double]
        /// The corners, as four numbers.
        let corners: [Double]
        /// Each edge's two node indices (into the ids), in the union's order.
        let edges: [Int32]
        /// Every edge's spline, one after the other, and where each ends.
        let routeBytes: [UInt8]
        let routeEnds: [Int32]

        /// How many bytes the arrays hold.
        package var byteCount: Int {
            idBytes.count + idEnds.count * 4 + boxes.count * 8 + corners.count * 8 + edges.count * 4 + routeBytes.count + routeEnds.count * 4
        }
    }

    /// The layout in its packed form.
    package var packed: Packed {
        var idBytes: [UInt8] = [], idEnds: [Int32] = [], boxes: [Double] = []
        idEnds.reserveCapacity(nodeIDs.count)
        boxes.reserveCapacity(nodeIDs.count * 4)
        var index: [String: Int32] = [:]
        index.reserveCapacity(nodeIDs.count)
        for (i, id) in nodeIDs.enumerated() {
            idBytes += id.utf8
            idEnds.append(Int32(idBytes.count))
            index[id] = Int32(i)
            if let p = positions[id], let (w, h) = sizes[id] {
                boxes += [p.x, p.y, w, h]
            } else {
                boxes += [.nan, .nan, .nan, .nan]
            }
        }
        var edges: [Int32] = [], routeBytes: [UInt8] = [], routeEnds: [Int32] = []
        edges.reserveCapacity(edgeKeys.count * 2)
        routeEnds.reserveCapacity(edgeKeys.count)
        for key in edgeKeys {
            edges += [index[key.from]!, index[key.to]!]
            routeBytes += routes[key]!.utf8
            routeEnds.append(Int32(routeBytes.count))
        }
        return Packed(idBytes: idBytes, idEnds: idEnds, boxes: boxes, corners: [corners.0.x, corners.0.y, corners.1.x, corners.1.y],
                      edges: edges, routeBytes: routeBytes, routeEnds: routeEnds)
    }

    /// The layout `packed` was made from.
    package init(_ packed: Packed) {
        var nodeIDs: [String] = []
        nodeIDs.reserveCapacity(packed.idEnds.count)
        var positions: [String: Point] = [:], sizes: [String: (Double, Double)] = [:]
        var start = 0
        for (i, end) in packed.idEnds.enumerated() {
            let id = String(decoding: packed.idBytes[start..<Int(end)], as: UTF8.self)
            start = Int(end)
            nodeIDs.append(id)
            let b = packed.boxes
            if !b[i * 4].isNaN {
                positions[id] = Point(x: b[i * 4], y: b[i * 4 + 1])
                sizes[id] = (b[i * 4 + 2], b[i * 4 + 3])
            }
        }
        var routes: [EdgeKey: String] = [:], edgeKeys: [EdgeKey] = []
        routes.reserveCapacity(packed.routeEnds.count)
        edgeKeys.reserveCapacity(packed.routeEnds.count)
        start = 0
        for (k, end) in packed.routeEnds.enumerated() {
            let key = EdgeKey(from: nodeIDs[Int(packed.edges[k * 2])], to: nodeIDs[Int(packed.edges[k * 2 + 1])])
            routes[key] = String(decoding: packed.routeBytes[start..<Int(end)], as: UTF8.self)
            start = Int(end)
            edgeKeys.append(key)
        }
        let c = packed.corners
        self.init(positions: positions, sizes: sizes, corners: (Point(x: c[0], y: c[1]), Point(x: c[2], y: c[3])), routes: routes,
                  nodeIDs: nodeIDs, edgeKeys: edgeKeys)
    }
}
