import NavVizCore

/// `manifest.json`: the frames, their labels, phases, operations and file names, for other
/// tools (a CI step that posts frames, an editor plugin).
public enum ManifestWriter {
    /// Writes the manifest piece by piece to `sink` (a frame or a transition at a time), so
    /// a manifest of 10,000 frames is never held whole. `files` lists the bundle's other
    /// files (those not named as a frame's `svg` or `png` or as the `gif`): with them the
    /// manifest accounts for every file, which is how navviz recognises a bundle it may
    /// replace.
    public static func write<E: Error>(title: String, outline: TimelineOutline, frames: [AnimationFrame.Info], svgFiles: [String],
                                       pngFiles: [String]?, gif: String?, files: [String] = [],
                                       to sink: (String) throws(E) -> Void) throws(E) {
        let q = DocumentEncoder.quote
        try sink("{\n  \"navviz\": 1,\n  \"title\": \(q(title)),\n  \"source\": \(q(outline.source.rawValue)),\n")
        try sink("  \"states\": \(outline.stateCount),\n  \"frames\": [")
        for (i, f) in frames.enumerated() {
            var s = (i > 0 ? "," : "") + "\n    {\"number\": \(i + 1), \"svg\": \(q(svgFiles[i]))"
            if let pngFiles { s += ", \"png\": \(q(pngFiles[i]))" }
            s += ", \"label\": \(q(f.label)), \"phase\": \(q(f.phase.rawValue))"
            s += ", \"transition\": \(f.transition.map { String($0 + 1) } ?? "null")"
            if let shown = f.shown { s += ", \"shown\": \(shown)" }
            s += ", \"operations\": [\(f.operations.map(OperationFormat.json).joined(separator: ", "))]}"
            try sink(s)
        }
        try sink("\n  ],\n  \"transitions\": [")
        for (i, t) in outline.transitions.enumerated() {
            try sink((i > 0 ? "," : "") + "\n    {\"number\": \(i + 1), \"label\": \(t.label.map(q) ?? "null"), \"operations\": [\(t.operations.map(OperationFormat.json).joined(separator: ", "))]}")
        }
        var end = "\n  ],\n  \"gif\": \(gif.map(q) ?? "null"),\n  \"files\": [\(files.map(q).joined(separator: ", "))]"
        if let failure = outline.failure { end += ",\n  \"failure\": \(q(failure))" }
        try sink(end + "\n}\n")
    }
}
