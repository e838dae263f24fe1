/// `--states A..B`: the states of a timeline an animation covers, by their 0-based index
/// (state N is `frames[N]` of a sequence, line N+1 of a log without blank lines, or the
/// state after step N of a script; state 0 is the first). `A..B` includes both ends, `A..`
/// runs to the end, `..B` starts at the first state, and `N` is the single state N. State A
/// is drawn as a starting state: the transition that led to it is not shown.
public struct StateRange: Equatable, Sendable, CustomStringConvertible {
    /// The first state (0-based).
    public var lower: Int
    /// Nil: to the end.
    public var upper: Int?

    /// States `lower` to `upper` (nil: to the end), both included.
    public init(lower: Int, upper: Int?) {
        self.lower = lower
        self.upper = upper
    }

    /// Reads the option's text: `A..B`, `A..`, `..B` or `N`; nil when it is none of them.
    public init?(argument: String) {
        guard let dots = argument.range(of: "..") else {
            guard let n = Int(argument), n >= 0 else { return nil }
            self.init(lower: n, upper: n)
            return
        }
        let a = argument[..<dots.lowerBound], b = argument[dots.upperBound...]
        let lower = a.isEmpty ? 0 : Int(a)
        let upper = b.isEmpty ? nil : Int(b)
        guard let lower, lower >= 0, b.isEmpty || upper != nil, (upper ?? lower) >= lower else { return nil }
        self.init(lower: lower, upper: upper)
    }

    /// `A..B` or `A..`, as the option is written.
    public var description: String { "\(lower).." + (upper.map(String.init) ?? "") }

    /// Whether state `index` is in the range.
    public func contains(_ index: Int) -> Bool { index >= lower && upper.map { index <= $0 } ?? true }

    /// Whether every state after `index` is past the range.
    public func isPast(_ index: Int) -> Bool { upper.map { index >= $0 } ?? false }
}
