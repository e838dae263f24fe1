import ArgumentParser
import NavVizArtifacts
import NavVizCore

/// `--frame N|last`.
enum FrameChoice: ExpressibleByArgument, Equatable {
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

    func pick(_ frames: [Frame], file: String) throws -> Frame {
        switch self {
        case .last:
            guard let f = frames.last else {
                throw NavVizError(["\(file): error: the document has no frames"], status: NavVizError.Status.dataError)
            }
            return f
        case .index(let n):
            guard n < frames.count else {
                throw NavVizError(["\(file): error: --frame \(n) is out of range: the document has \(frames.count) frame\(frames.count == 1 ? "" : "s") (0...\(max(0, frames.count - 1)))"], status: NavVizError.Status.usage)
            }
            return frames[n]
        }
    }
}
