import NavVizRender
import NavVizCore

/// `manifest.json`: the frames, their labels, phases, operations and file names, for other
/// tools (a CI step that posts frames, an editor plugin).
///
/// A bundle makes each frame's entry (``frame(number:info:svg:png:)``) as the frame is drawn
/// and each transition's (``transition(index:_:)``) as it is planned, and keeps them where it
/// likes (on disk, for a long session); ``write(title:outline:frames:transitions:gif:files:to:)``
/// then writes them in order, piece by piece, so a manifest of 10,000 frames is never held
/// whole.
package enum ManifestWriter {
    /// A frame's entry: its number (from 1), its files, label, phase, transition (numbered
    /// from 1 as in the document), how many operations it shows as done (`--granularity op`) and the
    /// transition's operations.
    package static func frame(number: Int, info f: AnimationFrame.Info, svg: String, png: String?) -> JSONOutput {
        var frame: [(String, JSONOutput)] = [("number", .int(number)), ("svg", .string(svg))]
        if let png { frame.append(("png", .string(png))) }
        frame += [("label", .string(f.label)), ("phase", .string(f.phase.rawValue)),
                  ("transition", f.transition.map { JSONOutput.int($0 + 1) } ?? .null)]
        if let shown = f.shown { frame.append(("shown", .int(shown))) }
        frame.append(("operations", .array(f.operations.map(OperationWriter.value))))
        return .object(frame)
    }

    /// A transition's entry: its number (`index + 1`, index 0-based in the document), label
    /// and operations.
    package static func transition(index: Int, _ t: Timeline.Transition) -> JSONOutput {
        .object([("number", .int(index + 1)), ("label", .nullable(t.label)), ("operations", .array(t.operations.map(OperationWriter.value)))])
    }

    /// The list of `count` entries, each made only when written: the manifest's `frames` or
    /// `transitions`, one entry a line.
    package static func list(count: Int, entry: @escaping @Sendable (Int) -> JSONOutput) -> JSONOutput {
        .items(count: count, .lines(level: 1), item: entry)
    }

    /// Writes the manifest through ``JSONOutput``, piece by piece to `sink`. `frames` and
    /// `transitions` are ``list(count:entry:)``s of the entries above. `files` lists the
    /// bundle's other files (those not named as a frame's `svg` or `png` or as the `gif`):
    /// with them the manifest accounts for every file, which is how navviz recognises a
    /// bundle it may replace.
    package static func write<E: Error>(title: String, outline: TimelineOutline, frames: JSONOutput, transitions: JSONOutput,
                                       gif: String?, files: [String] = [], to sink: (String) throws(E) -> Void) throws(E) {
        var members: [(String, JSONOutput)] = [
            ("navviz", .int(1)),
            ("title", .string(title)),
            ("source", .string(outline.source.rawValue)),
            ("states", .int(outline.stateCount)),
            ("frames", frames),
            ("transitions", transitions),
            ("gif", .nullable(gif)),
            ("files", .array(files.map(JSONOutput.string))),
        ]
        if let failure = outline.failure { members.append(("failure", .string(failure))) }
        try JSONOutput.object(members, .lines(level: 0)).write(to: sink)
        try sink("\n")
    }
}
