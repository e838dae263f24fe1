import NavVizArtifacts
import NavVizCore

/// The messages a live player reads, one JSON object a line, each with its kind in `k`
/// (docs/watch.md lists them):
///
/// - `hello`: the session's title, the frame delay, the theme's background and name, and the
///   frames in a block (``LiveSession/block``);
/// - `window`: a new layout window (the `windows` row of a bundle's player);
/// - `grow`: nodes and edges added to the current window, and its new box;
/// - `tables`: rows added to the texts and styles tables;
/// - `frame`: one frame (a bundle's `frames` row), its number, its state, when it was recorded;
/// - `problem`: a line that could not be read (its source, line and message);
/// - `saved`: where the session was saved.
enum LiveMessage {
    static func hello(_ options: LiveSession.Options, block: Int) -> String {
        object("hello", [("title", .string(options.title)), ("delay", .int(options.delay)), ("background", .string(options.theme.background)),
                         ("theme", .string(options.theme.name)), ("version", .int(1)), ("block", .int(block))])
    }

    static func window(_ row: JSONOutput.Written) -> String { object("window", [("row", .written(row))]) }

    static func grow(_ row: JSONOutput.Written) -> String { object("grow", [("row", .written(row))]) }

    static func tables(texts: [JSONOutput.Written], nodeStyles: [JSONOutput.Written], edgeStyles: [JSONOutput.Written]) -> String {
        func rows(_ r: [JSONOutput.Written]) -> JSONOutput { .array(r.map(JSONOutput.written), .compact) }
        return object("tables", [("texts", rows(texts)), ("nodeStyles", rows(nodeStyles)), ("edgeStyles", rows(edgeStyles))])
    }

    static func frame(_ row: JSONOutput.Written, number: Int, state: Int, time: String?) -> String {
        object("frame", [("row", .written(row)), ("n", .int(number)), ("s", .int(state)), ("time", .nullable(time))])
    }

    static func problem(_ d: Diagnostic) -> String {
        object("problem", [("file", .nullable(d.file)), ("line", d.location?.line.map(JSONOutput.int) ?? .null),
                           ("path", .string(d.location?.path ?? "")), ("message", .string(d.message))])
    }

    static func saved(_ path: String) -> String { object("saved", [("path", .string(path))]) }

    private static func object(_ kind: String, _ members: [(String, JSONOutput)]) -> String {
        JSONOutput.object([("k", .string(kind))] + members, .compact).text
    }
}
