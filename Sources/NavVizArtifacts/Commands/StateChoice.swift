import NavVizCore

/// One of a document's states (`Document.states(file:)`): by its 0-based index, as
/// `frames[N]` of a sequence counts them, or the last.
public enum StateChoice: Equatable, Sendable {
    case index(Int)
    case last

    /// `N` (0 or more) or `last`; nil for anything else.
    public init?(_ text: String) {
        if text == "last" {
            self = .last
        } else if let n = Int(text), n >= 0 {
            self = .index(n)
        } else {
            return nil
        }
    }

    /// The chosen one of `states`; messages name `file` and the option the choice came
    /// from (`--state`).
    public func pick(_ states: [Snapshot], file: String, option: String = "--state") throws(NavVizError) -> Snapshot {
        switch self {
        case .last:
            guard let f = states.last else {
                throw NavVizError(.invalidInput, file: displayName(file), "the document has no states")
            }
            return f
        case .index(let n):
            guard n < states.count else {
                throw NavVizError(.usage, file: displayName(file), "\(option) \(n) is out of range: the document has \(states.count) state\(states.count == 1 ? "" : "s") (0...\(max(0, states.count - 1)))")
            }
            return states[n]
        }
    }
}
