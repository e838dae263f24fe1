import NavVizCore

/// `manifest.json`: the frames, their labels, phases, operations and file names, for other
/// tools (a CI step that posts frames, an editor plugin).
public enum ManifestWriter {
    public static func json(title: String, timeline: Timeline, frames: [AnimationFrame], svgFiles: [String], pngFiles: [String]?, gif: String?) -> String {
        let q = DocumentEncoder.quote
        var out = "{\n  \"navviz\": 1,\n  \"title\": \(q(title)),\n  \"source\": \(q(timeline.source.rawValue)),\n"
        out += "  \"states\": \(timeline.frames.count),\n  \"frames\": ["
        out += frames.enumerated().map { i, f in
            var s = "\n    {\"number\": \(i + 1), \"svg\": \(q(svgFiles[i]))"
            if let pngFiles { s += ", \"png\": \(q(pngFiles[i]))" }
            s += ", \"label\": \(q(f.label)), \"phase\": \(q(f.phase.rawValue))"
            s += ", \"transition\": \(f.transition.map { String($0 + 1) } ?? "null")"
            if let shown = f.shown { s += ", \"shown\": \(shown)" }
            s += ", \"operations\": [\(f.operations.map(OperationFormat.json).joined(separator: ", "))]}"
            return s
        }.joined(separator: ",")
        out += "\n  ],\n  \"transitions\": ["
        out += timeline.transitions.enumerated().map { i, t in
            "\n    {\"number\": \(i + 1), \"label\": \(t.label.map(q) ?? "null"), \"operations\": [\(t.operations.map(OperationFormat.json).joined(separator: ", "))]}"
        }.joined(separator: ",")
        out += "\n  ],\n  \"gif\": \(gif.map(q) ?? "null")"
        if let failure = timeline.failure { out += ",\n  \"failure\": \(q(failure))" }
        return out + "\n}\n"
    }
}
