import Foundation
import NavVizCore

/// What ``TreeScene`` draws a node with that depends on the node alone (its title,
/// subtitle, tooltip and kind class, and its shape, styles and borders), made once per
/// distinct node and shared by every scene built with the same `SceneWords`.
///
/// An animation's frames show the same nodes over and over (200 frames of 150 nodes hold
/// about 27,000 nodes but a few hundred distinct ones), and making a node's words (its
/// tooltip lists every field) cost several times more than finding them here. Words found
/// here are the same strings frame after frame, so the scenes' later comparisons of nodes
/// (the composer's and the player's looks) find them equal at once.
///
/// Nodes are told apart by their bytes, not by Swift's `==` alone, which takes two
/// spellings of the same text (`é` as one scalar or as `e` and an accent) as equal: each
/// node is drawn with its own bytes, as without the memo.
///
/// With the words, the memo keeps the scene nodes ``TreeScene/node(_:in:theme:onPath:words:)``
/// made of them (a node on or off the active path, visible or not, in a theme): the same node
/// in frame after frame is then the same ``SceneNode`` (one box, ``SceneNode``), which the
/// union, the pinning, the composer and the player tell from another at once.
///
/// Edges are kept the same way (``edge(to:from:variant:make:)``): the edge into a kept node,
/// drawn the same way, is one ``SceneEdge`` from frame to frame.
///
/// Holds the words of at most ``generation`` × 2 nodes, and the edges into at most
/// ``generation`` × 4 (a long session whose screens keep changing does not grow it): when the current
/// generation is full it becomes the previous one, whose words are moved back into the
/// current one as they are used; words let go of are made again when asked for. Safe to
/// share between the threads that build scenes.
package final class SceneWords: @unchecked Sendable {
    /// A node's words and look.
    struct Words: Sendable {
        let title: String
        let subtitle: String?
        let tooltip: String
        /// `kind-<word>` where the node has a kind.
        let kindClass: String?
        /// Whether the node is a switch container (``Node/isSwitch``).
        let isSwitch: Bool
        /// The node's shape (``TreeScene/look(_:)``).
        let shape: String
        /// Its styles (a switch container's border is never rounded).
        let styles: [String]
        /// Its border count (two for a switch container).
        let peripheries: Int
    }

    /// A node as a key: hashed by its id and context (cheap, and apart for most nodes, a
    /// screen shown for several items too), equal only when every field is, byte for byte.
    private struct Key: Hashable {
        let node: Node

        func hash(into hasher: inout Hasher) {
            hasher.combine(node.id)
            // Order-free (a context is a dictionary), and by its values: the keys of a
            // screen's contexts are mostly the same.
            var context = 0
            for value in node.context.values { context ^= value.hashValue }
            hasher.combine(context)
        }

        /// Every field of ``Node`` (what its `==` compares), its strings byte for byte.
        static func == (a: Key, b: Key) -> Bool {
            let (x, y) = (a.node, b.node)
            return same(x.id, y.id) && same(x.type, y.type) && same(x.label, y.label) && same(x.kind, y.kind)
                && x.switchFlag == y.switchFlag && x.managedFlag == y.managedFlag && x.leavableFlag == y.leavableFlag
                && x.canLeaveFlag == y.canLeaveFlag && x.enterableFlag == y.enterableFlag
                && same(x.context, y.context) && same(x.info, y.info)
        }

        /// Whether two strings have the same bytes (both nil, or ``Swift/String/hasSameBytes(as:)``).
        private static func same(_ x: String?, _ y: String?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return x.hasSameBytes(as: y)
        }

        /// Whether two dictionaries have the same entries, byte for byte.
        private static func same(_ x: [String: String], _ y: [String: String]) -> Bool {
            x.count == y.count && x.allSatisfy { entry in y.contains { same($0.key, entry.key) && same($0.value, entry.value) } }
        }
    }

    /// A node's words and the scene nodes made of them.
    private final class Entry {
        let words: Words
        /// Under the lock: by ``variant(onPath:visible:)``, in ``SceneWords/theme``.
        var made: [SceneNode?] = [nil, nil, nil, nil]
        init(_ words: Words) { self.words = words }
    }

    private let lock = NSLock()
    /// The theme the kept scene nodes are drawn in (the first asked for: an animation has
    /// one); nodes in another are made each time.
    private var theme: Theme?
    private var entries = Generations<Key, Entry>(limit: generation)
    /// The most nodes a generation holds.
    static let generation = 512

    package init() {}

    /// The words of `node` (``TreeScene/words(_:)``), made the first time it is asked for.
    func words(_ node: Node) -> Words {
        entry(node).words
    }

    /// The scene node of `node` `make` makes of its words, on the active path or off it,
    /// visible or not, in `theme`: made the first time it is asked for, then the same one.
    ///
    /// Only for a theme ``keepsNodes(in:)`` said yes to.
    func node(_ node: Node, onPath: Bool, visible: Bool, make: (Words) -> SceneNode) -> SceneNode {
        let entry = entry(node)
        let variant = (onPath ? 2 : 0) + (visible ? 1 : 0)
        if let found = lock.withLock({ entry.made[variant] }) { return found }
        let made = make(entry.words)
        lock.withLock { entry.made[variant] = made }
        return made
    }

    /// Whether scene nodes drawn in `theme` are kept here: those of the first theme asked
    /// about (a scene asks once, not a node at a time: a theme is some twenty strings).
    func keepsNodes(in theme: Theme) -> Bool {
        lock.withLock {
            if self.theme == nil { self.theme = theme }
            return self.theme == theme
        }
    }

    private func entry(_ node: Node) -> Entry {
        if let found = lock.withLock({ lookUp(node) }) { return found }
        let made = Entry(TreeScene.words(node))
        lock.withLock { keep(node, made) }
        return made
    }

    /// Under the lock.
    private func lookUp(_ node: Node) -> Entry? {
        entries.find(Key(node: node))
    }

    /// Under the lock.
    private func keep(_ node: Node, _ entry: Entry) {
        entries.keep(Key(node: node), entry)
    }

    /// The edge into `child` (the scene node as the scene holds it) from the node whose
    /// scene id is `from`, drawn as `variant` says (the caller's numbering of the ways it
    /// draws an edge, in the theme ``keepsNodes(in:)`` said yes to): made by `make` the first
    /// time, then the same ``SceneEdge`` (one box), as unchanged nodes are. The edge `make`
    /// makes must depend on nothing else, and end at `child`'s id.
    ///
    /// Kept by the child's box, which the memo holds, so no other node takes its identity
    /// while the edge is kept; the parent is told by its id's bytes. A child that is not a
    /// node this memo keeps (renamed, or marked added or changed) is a new box each frame:
    /// its edge is made each time, and kept in vain until its generation is let go of.
    func edge(to child: SceneNode, from: String, variant: Int, make: () -> SceneEdge) -> SceneEdge {
        let key = EdgeKey(child: child.identity, variant: variant)
        if let found = lock.withLock({ edgeLookUp(key, from: from) }) { return found }
        let made = make()
        lock.withLock { keepEdge(key, child: child, made) }
        return made
    }

    private struct EdgeKey: Hashable {
        let child: ObjectIdentifier
        let variant: Int
    }

    /// The edges kept into one child in one variant (one per parent id it was drawn under).
    private final class EdgeEntry {
        let child: SceneNode
        var edges: [SceneEdge] = []
        init(_ child: SceneNode) { self.child = child }
    }

    private var edgeEntries = Generations<EdgeKey, EdgeEntry>(limit: generation * 2)

    /// Under the lock.
    private func edgeLookUp(_ key: EdgeKey, from: String) -> SceneEdge? {
        edgeEntries.find(key)?.edges.first { $0.from.hasSameBytes(as: from) }
    }

    /// Under the lock.
    private func keepEdge(_ key: EdgeKey, child: SceneNode, _ edge: SceneEdge) {
        if let entry = edgeEntries.find(key) {
            if !entry.edges.contains(where: { $0.from.hasSameBytes(as: edge.from) }) { entry.edges.append(edge) }
            return
        }
        let entry = EdgeEntry(child)
        entry.edges = [edge]
        edgeEntries.keep(key, entry)
    }

    /// How many nodes' words are held (for tests).
    var count: Int { lock.withLock { entries.count } }
}

/// Values kept by key in two generations, so that what is kept stays bounded: when the
/// current generation holds `limit` values it becomes the previous one (the one before is
/// let go of), and a value found in the previous one moves back into the current one.
/// Not synchronised: ``SceneWords`` uses it under its lock.
private struct Generations<Key: Hashable, Value> {
    let limit: Int
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]

    init(limit: Int) { self.limit = limit }

    /// How many values are kept.
    var count: Int { current.count + previous.count }

    /// The value kept for `key`, moved into the current generation.
    mutating func find(_ key: Key) -> Value? {
        if let found = current[key] { return found }
        guard let found = previous.removeValue(forKey: key) else { return nil }
        keep(key, found)
        return found
    }

    /// Keeps `value` for `key` in the current generation, starting a new one first when it
    /// is full.
    mutating func keep(_ key: Key, _ value: Value) {
        if current.count >= limit {
            previous = current
            current = [:]
            current.reserveCapacity(limit)
        }
        current[key] = value
    }
}

extension String {
    /// Whether the two have the same UTF-8 bytes, compared in place. Swift's `==` takes two
    /// spellings of the same text (`é` as one scalar or as `e` and an accent) as equal; a
    /// node drawn with its own bytes needs them told apart.
    func hasSameBytes(as other: String) -> Bool {
        var (x, y) = (self, other)
        return x.withUTF8 { a in
            y.withUTF8 { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
        }
    }
}
