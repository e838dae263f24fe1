import ArgumentParser
import NavVizArtifacts
import NavVizCore

/// `--frame N|last`: one of a document's states, by its index in `frames[N]` (a sequence's
/// JSON), or the last.
enum StateChoice: ExpressibleByArgument, Equatable {
    case index(Int)
    case last

    init?(argument: String) {
        if argument == "last" {
            self = .last
        } else if let n = Int(argument), n >= 0 {
            self = .index(n)
        } else {
            return nil
        }
    }

    func pick(_ states: [Snapshot], file: String) throws -> Snapshot {
        switch self {
        case .last:
            guard let f = states.last else {
                throw NavVizError(["\(file): error: the document has no frames"], status: NavVizError.Status.dataError)
            }
            return f
        case .index(let n):
            guard n < states.count else {
                throw NavVizError(["\(file): error: --frame \(n) is out of range: the document has \(states.count) frame\(states.count == 1 ? "" : "s") (0...\(max(0, states.count - 1)))"], status: NavVizError.Status.usage)
            }
            return states[n]
        }
    }
}
