import Foundation
import NavVizCore

/// The words ``TreeScene`` draws a node with (its title, subtitle, tooltip and kind class)
/// and the look its kind gives it,
/// made once per distinct node and shared by every scene built with the same `SceneWords`.
///
/// An animation's frames show the same nodes over and over (200 frames of 150 nodes hold
/// about 27,000 nodes but a few hundred distinct ones), and making a node's words (its
/// tooltip lists every field) cost several times more than finding them here. Words found
/// here are the same strings frame after frame, so the scenes' later comparisons of nodes
/// (the composer's and the player's looks) find them equal at once.
///
/// Holds the words of at most about ``generation`` × 2 nodes (a long session whose screens
/// keep changing does not grow it): when the current generation is full it becomes the
/// previous one, whose words are moved back into the current one as they are used.
/// Safe to share between the threads that build scenes.
package final class SceneWords: @unchecked Sendable {
    /// A node's words, and the look its kind gives it.
    struct Words: Sendable {
        let title: String
        let subtitle: String?
        let tooltip: String
        /// `kind-<word>` where the node has a kind.
        let kindClass: String?
        /// Whether the node is a switch container (``Node/isSwitch``).
        let isSwitch: Bool
        /// Shape, styles and border count (``TreeScene/look(_:)``, a switch's border square).
        let shape: String
        let styles: [String]
        let peripheries: Int
    }

    /// A node as a key: hashed by its id alone (the cheap part that tells most nodes apart),
    /// compared whole.
    private struct Key: Hashable {
        let node: Node
        func hash(into hasher: inout Hasher) { hasher.combine(node.id) }
        static func == (a: Key, b: Key) -> Bool { a.node == b.node }
    }

    private let lock = NSLock()
    private var current: [Key: Words] = [:]
    private var previous: [Key: Words] = [:]
    /// The most nodes a generation holds.
    static let generation = 512

    package init() {}

    /// The words of `node`, made by `make` the first time it is asked for.
    func words(_ node: Node, make: (Node) -> Words) -> Words {
        if let found = lock.withLock({ lookUp(node) }) { return found }
        let made = make(node)
        lock.withLock { keep(node, made) }
        return made
    }

    /// Under the lock.
    private func lookUp(_ node: Node) -> Words? {
        let key = Key(node: node)
        if let found = current[key] { return found }
        guard let found = previous.removeValue(forKey: key) else { return nil }
        keep(node, found)
        return found
    }

    /// Under the lock.
    private func keep(_ node: Node, _ words: Words) {
        if current.count >= Self.generation {
            previous = current
            current = [:]
            current.reserveCapacity(Self.generation)
        }
        current[Key(node: node)] = words
    }

    /// How many nodes' words are held (for tests).
    var count: Int { lock.withLock { current.count + previous.count } }
}
