import NavVizCore

/// `manifest.json`: the frames, their labels, phases, operations and file names, for other
/// tools (a CI step that posts frames, an editor plugin).
public enum ManifestWriter {
    /// Writes the manifest through ``JSONOutput``, piece by piece to `sink` (a frame is made
    /// only when it is written), so a manifest of 10,000 frames is never held whole. `files`
    /// lists the bundle's other files (those not named as a frame's `svg` or `png` or as the
    /// `gif`): with them the manifest accounts for every file, which is how navviz recognises
    /// a bundle it may replace.
    public static func write<E: Error>(title: String, outline: TimelineOutline, frames: [AnimationFrame.Info], svgFiles: [String],
                                       pngFiles: [String]?, gif: String?, files: [String] = [],
                                       to sink: (String) throws(E) -> Void) throws(E) {
        try value(title: title, outline: outline, frames: frames, svgFiles: svgFiles, pngFiles: pngFiles, gif: gif, files: files)
            .write(to: sink)
        try sink("\n")
    }

    /// The manifest: its members one a line, each frame and transition on a line of its own.
    static func value(title: String, outline: TimelineOutline, frames: [AnimationFrame.Info], svgFiles: [String],
                      pngFiles: [String]?, gif: String?, files: [String]) -> JSONOutput {
        let transitions = outline.transitions
        var members: [(String, JSONOutput)] = [
            ("navviz", .int(1)),
            ("title", .string(title)),
            ("source", .string(outline.source.rawValue)),
            ("states", .int(outline.stateCount)),
            ("frames", .items(count: frames.count, .lines(level: 1)) { i in
                let f = frames[i]
                var frame: [(String, JSONOutput)] = [("number", .int(i + 1)), ("svg", .string(svgFiles[i]))]
                if let pngFiles { frame.append(("png", .string(pngFiles[i]))) }
                frame += [("label", .string(f.label)), ("phase", .string(f.phase.rawValue)),
                          ("transition", f.transition.map { JSONOutput.int($0 + 1) } ?? .null)]
                if let shown = f.shown { frame.append(("shown", .int(shown))) }
                frame.append(("operations", .array(f.operations.map(OperationFormat.value))))
                return .object(frame)
            }),
            ("transitions", .items(count: transitions.count, .lines(level: 1)) { i in
                .object([("number", .int(i + 1)), ("label", .nullable(transitions[i].label)),
                         ("operations", .array(transitions[i].operations.map(OperationFormat.value)))])
            }),
            ("gif", .nullable(gif)),
            ("files", .array(files.map(JSONOutput.string))),
        ]
        if let failure = outline.failure { members.append(("failure", .string(failure))) }
        return .object(members, .lines(level: 0))
    }
}
