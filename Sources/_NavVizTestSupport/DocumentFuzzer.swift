import Foundation

/// Random and mutated navviz documents for the fuzz tests, from a seed: the same seed always
/// gives the same documents, so a failure is reproduced by its seed and case number.
///
/// Generated documents follow docs/format.md's shapes (snapshots, sequences, logs, action scripts
/// in every vocabulary, route requests) with ids drawn from a small pool, so duplicates,
/// dangling `active` names, missing templates and unreachable routes happen often; fields
/// sometimes have the wrong type. Mutated documents are those, or the samples, with bytes
/// deleted, duplicated, flipped or spliced with JSON tokens, deep nesting and invalid UTF-8.
public struct DocumentFuzzer {
    /// SplitMix64: small, fast and the same on every platform.
    public struct Random: RandomNumberGenerator {
        var state: UInt64
        public init(seed: UInt64) { state = seed }
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A number in `0..<n` (`n` > 0).
        public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    public var random: Random
    let samples: [[UInt8]]
    var counter = 0
    /// Ids generated so far, which actions and paths name most of the time.
    var seen: [String] = []

    /// Whether this document is meant to be valid: no wrong types, empty ids or typos.
    var clean = false

    /// `p`, or never in a clean document.
    mutating func flaw(_ p: Double) -> Bool { !clean && chance(p) }

    mutating func known() -> String { !seen.isEmpty && chance(0.85) ? pick(seen) : pick(Self.ids) }

    /// A fuzzer for one seed; `samples` are documents to mutate (the Samples/ folder by default).
    public init(seed: UInt64, samples: [[UInt8]]? = nil) {
        random = Random(seed: seed)
        self.samples = samples ?? PackagePaths.allSamples().filter { !$0.hasSuffix(".yaml") }.compactMap {
            FileManager.default.contents(atPath: PackagePaths.sample($0)).map(Array.init)
        }
    }

    /// The next case: a generated document (half the time), else a mutated one.
    public mutating func next() -> [UInt8] {
        if chance(0.5) { return Array(document().utf8) }
        let base = chance(0.5) || samples.isEmpty ? Array(document().utf8) : pick(samples)
        return mutate(base)
    }

    // MARK: Documents

    static let ids = ["root", "tabs", "home", "chat", "list", "detail", "a", "b", "c", "modal", "settings", "x/y", "q?k=v", "", "\u{0}", "&#0;", "\\N", "\"];x=\"", "🙂"]
    static let words = ["Home", "Chat", "<b>x</b>", "\u{1B}[31m", "\u{202E}rtl", "a\nb", "%%{init}%%", "|pipe|", String(repeating: "w", count: 300), "&amp;", "]]>", "\u{FFFF}"]
    static let kinds = ["tabs", "stack", "modal", "page", "split", "screen", "view", "weird"]

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &random)] }
    mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &random) }
    mutating func string() -> String { chance(0.7) ? pick(Self.ids) : pick(Self.words) }
    func q(_ s: String) -> String { Hostile.quote(s) }

    /// A value of the wrong type now and then.
    mutating func odd() -> String { pick(["null", "1", "true", "[]", "{}", "-0.5e999", "\"\""]) }

    /// An id: usually unique in the document (a pool word and a counter), sometimes a bare
    /// pool word, which may collide.
    mutating func freshID() -> String {
        counter += 1
        let word = pick(Self.ids)
        return chance(0.9) || clean ? (word.isEmpty ? "e" : word) + String(counter) : word
    }

    mutating func node(depth: Int, budget: inout Int) -> (json: String, id: String) {
        budget -= 1
        let id = freshID()
        seen.append(id)
        var fields: [String] = []
        if !flaw(0.01) { fields.append("\"id\": " + (flaw(0.01) ? odd() : q(id))) }
        if chance(0.3) { fields.append("\"type\": \(q(string()))") }
        if chance(0.3) { fields.append("\"label\": " + (flaw(0.01) ? odd() : q(string()))) }
        if chance(0.5) { fields.append("\"kind\": \(q(pick(Self.kinds)))") }
        for flag in ["switch", "managed", "leavable", "canLeave", "enterable"] where chance(0.1) {
            fields.append("\"\(flag)\": " + (!flaw(0.03) ? (chance(0.5) ? "true" : "false") : odd()))
        }
        if chance(0.25) {
            let keys = clean ? Array(Set((0..<int(1...3)).map { _ in string() })).sorted() : (0..<int(1...3)).map { _ in string() }
            let values = keys.map { "\(q($0)): " + pick(["\"1\"", "42", "1.50", "true", q(pick(Self.words)), "\"x\"", clean ? "false" : "[1]"]) }
            fields.append("\"context\": {\(values.joined(separator: ", "))}")
        }
        if flaw(0.01) { fields.append("\"chilren\": []") }
        var children: [(json: String, id: String)] = []
        if depth < 5 {
            for _ in 0..<int(0...3) where budget > 0 { children.append(node(depth: depth + 1, budget: &budget)) }
        }
        if !children.isEmpty { fields.append("\"children\": [\(children.map(\.json).joined(separator: ", "))]") }
        if !children.isEmpty && chance(0.7) {
            fields.append("\"active\": " + (!flaw(0.05) ? q(pick(children).id) : q(pick(Self.ids))))
        } else if flaw(0.02) {
            fields.append("\"active\": " + (chance(0.5) ? "null" : q(pick(Self.ids))))
        }
        return ("{" + fields.shuffled(using: &random).joined(separator: ", ") + "}", id)
    }

    mutating func tree() -> String {
        var budget = int(1...30)
        return chance(0.05) ? "null" : node(depth: 0, budget: &budget).json
    }

    mutating func templates() -> String {
        let entries = (0..<int(0...3)).map { _ -> String in
            let id = pick(Self.ids)
            var budget = int(1...6)
            let n = node(depth: 3, budget: &budget)
            return "\(q(id)): " + n.json.replacingOccurrences(of: "\"id\": \(q(n.id))", with: "\"id\": \(q(id))")
        }
        return "{\(entries.joined(separator: ", "))}"
    }

    mutating func pathElement() -> String {
        chance(0.6) ? q(known()) : "{\"id\": \(q(known()))\(chance(0.5) ? ", \"context\": {\"k\": \"1\"}" : "")\(chance(0.3) ? ", \"type\": \(q(string()))" : "")}"
    }

    mutating func path() -> String { "[" + (0..<int(0...4)).map { _ in pathElement() }.joined(separator: ", ") + "]" }

    mutating func action() -> String {
        var budget = int(1...4)
        let id = q(known())
        switch int(0...15) {
        case 0: return "{\"push\": \(node(depth: 4, budget: &budget).json)\(chance(0.5) ? ", \"into\": \(id)" : "")}"
        case 1: return "{\"pop\": \(id)}"
        case 2: return "{\"change\": {\"parent\": \(id), \"pop\": [\(q(known()))], \"push\": [\(node(depth: 4, budget: &budget).json)]}}"
        case 3: return "{\"activate\": \(id)}"
        case 4: return "{\"route\": \(path())}"
        case 5: return "{\"enter\": \(chance(0.5) ? id : node(depth: 4, budget: &budget).json), \"into\": \(q(pick(Self.ids)))}"
        case 6: return "{\"leave\": \(id)}"
        case 7: return "{\"switch\": {\"in\": \(id), \"to\": \(q(pick(Self.ids)))}}"
        case 8: return "{\"show\": [\(id)]\(chance(0.3) ? ", \"atomic\": true" : "")}"
        case 9: return "{\"hide\": \(id)\(chance(0.3) ? ", \"atomic\": true" : "")}"
        case 10: return "{\"stack\": \(id), \"push\": \(node(depth: 4, budget: &budget).json)}"
        case 11: return "{\"stack\": \(id), \"pop\": \(pick(["\"previous\"", "\"root\"", "{\"to\": \(q(pick(Self.ids)))}"]))}"
        case 12: return "{\"stack\": \(id), \"replace\": \(node(depth: 4, budget: &budget).json)}"
        case 13: return "{\"stack\": \(id), \"clear\": true}"
        case 14: return "{\"stack\": \(id), \"set\": [\(node(depth: 4, budget: &budget).json)]}"
        default: return "{\"fly\": \(id)}"
        }
    }

    /// A document of a random kind.
    public mutating func document() -> String {
        seen = []
        clean = chance(0.6)
        let version = chance(0.9) || clean ? "\"navviz\": 1, " : (chance(0.5) ? "\"navviz\": 2, " : "")
        switch int(0...5) {
        case 0: return "{\(version)\"tree\": \(tree())}"
        case 1: return tree()
        case 2:
            let frames = (0..<int(1...4)).map { _ in "{\"label\": \(q(string())), \"tree\": \(tree())}" }
            return "{\(version)\"title\": \(q(string())), \"frames\": [\(frames.joined(separator: ", "))]}"
        case 3:
            return (0..<int(2...4)).map { _ in "{\"tree\": \(tree().replacingOccurrences(of: "\n", with: " "))}" }.joined(separator: "\n")
        case 4:
            let steps = (0..<int(0...4)).map { _ in "{\"label\": \(q(string())), \"actions\": [\((0..<int(0...3)).map { _ in action() }.joined(separator: ", "))]}" }
            return "{\(version)\"title\": \(q(string())), \"initial\": \(tree()), \"templates\": \(templates()), \"steps\": [\(steps.joined(separator: ", "))]}"
        default:
            return "{\(version)\"tree\": \(tree()), \"templates\": \(templates()), \"to\": \(path())}"
        }
    }

    // MARK: Mutations

    static let tokens: [String] = ["{", "}", "[", "]", "\"", ":", ",", "null", "true", "1e999", "-0", "\\u0000", "\\ud800",
                                   "\u{FFFF}", "{\"id\": \"x\"}", "\"children\": [", "\"active\": \"x\"", "\n", "\\", "\u{0}",
                                   String(repeating: "[", count: 2_000), String(repeating: "{\"id\":\"d\",\"children\":[", count: 300)]

    /// `bytes` with one to four random edits.
    public mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var b = bytes
        for _ in 0..<int(1...4) {
            let at = b.isEmpty ? 0 : int(0...b.count - 1)
            switch int(0...4) {
            case 0 where !b.isEmpty: b.removeSubrange(at..<min(b.count, at + int(1...16)))
            case 1 where !b.isEmpty: b.insert(contentsOf: b[at..<min(b.count, at + int(1...64))], at: at)
            case 2 where !b.isEmpty: b[at] = UInt8.random(in: 0...255, using: &random)
            case 3: b.insert(contentsOf: Array(pick(Self.tokens).utf8), at: at)
            default: b.insert(contentsOf: [pick([0xC3, 0xFF, 0xED, 0xF4, 0x80, 0x00])], at: at)
            }
        }
        return b
    }
}
