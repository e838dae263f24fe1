import Foundation

/// The data of an animation's index.html, as the player reads it (``PlayerModel``'s JSON).
public struct PlayerPage {
    public let data: [String: Any]

    public init(_ html: String) throws {
        guard let start = html.range(of: "<script type=\"application/json\" id=\"navviz-data\">"),
              let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex),
              let data = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.data = data
    }

    public init(contentsOf url: URL) throws {
        try self.init(String(contentsOf: url, encoding: .utf8))
    }

    public var frames: [[String: Any]] { data["frames"] as? [[String: Any]] ?? [] }
    public var windows: [[String: Any]] { data["windows"] as? [[String: Any]] ?? [] }

    /// Each frame's label.
    public var labels: [String] { frames.map { $0["l"] as? String ?? "" } }
    /// Each frame's phase.
    public var phases: [String] { frames.map { $0["p"] as? String ?? "" } }

    /// The operations of frame `i`: number, name, text and the ids of the nodes they touch.
    public func operations(_ i: Int) -> [(number: Int, op: String, text: String, nodes: [String])] {
        let frame = frames[i]
        let nodes = (windows[frame["w"] as? Int ?? 0]["nodes"] as? [[Any]]) ?? []
        return (frame["o"] as? [[Any]] ?? []).map { o in
            let ids = (o[3] as? [Int] ?? []).map { nodes[$0][0] as? String ?? "" }
            return (o[0] as? Int ?? 0, o[1] as? String ?? "", o[2] as? String ?? "", ids)
        }
    }
}
