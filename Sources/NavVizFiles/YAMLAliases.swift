internal import CYaml
import NavVizCore

/// Bounds what a YAML document's aliases expand to, measured from libyaml's events before
/// anything builds the document.
///
/// An alias (`*name`) stands for a whole copy of the node its anchor (`&name`) marks, and an
/// anchored node may itself hold aliases: nine lines of nine aliases each stand for nine to
/// the ninth (387 million) values. Yams composes such a document cheaply (an alias shares
/// the anchored node), but whatever walks it, and Yams itself when an alias is a mapping
/// key (it hashes the key), walks every copy. So the expansion is measured first, in one
/// pass over the events and memory for one size per anchor, and a document is refused when
///
/// - its aliases would add more than ``extraValues`` values, or more values than the file
///   writes out itself when that is more (so a document stays within twice its own size), or
/// - copies of anchored nodes would nest it deeper than libyaml's 1,000 levels.
///
/// This file imports `CYaml`, the libyaml module inside the Yams package, which Yams does
/// not export as a product: the only import of another package's internal module in navviz,
/// and the only way found to do this. Yams's public API gives composed nodes, not libyaml's
/// events, and composing is what an alias bomb defeats (an alias used as a mapping key is
/// hashed, walking every copy: such a document never finished composing). `CYaml` has been
/// in every Yams release navviz supports (6.x); should it move, this check is what to
/// rewrite, against libyaml's events wherever they are then.
enum YAMLAliases {
    /// Values aliases may add to a document, however short it is.
    static let extraValues = 100_000
    /// How deep a document may nest once its aliases are expanded (libyaml's own limit
    /// for nesting written out).
    static let maxDepth = 1_000

    /// Sizes beyond this are all "too many"; it keeps the sums from overflowing.
    private static let cap = Int.max / 4

    /// What a node stands for once its aliases are expanded.
    private struct Extent {
        /// Values, counting the node itself.
        var values = 1
        /// Levels of nesting, counting the node itself.
        var depth = 1

        mutating func add(_ child: Extent) {
            values = min(cap, values + child.values)
            depth = max(depth, min(cap, child.depth + 1))
        }
    }

    /// Throws when `text`'s aliases expand it too far (see the type's description). A text
    /// libyaml cannot parse passes: the reader that follows reports where and why.
    static func check(_ text: String, extraValues: Int = extraValues) throws(DocumentError) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        let problem: DocumentError? = bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return measure(&parser, extraValues: extraValues)
        }
        if let problem { throw problem }
    }

    /// Reads every event; the problem found, if any.
    private static func measure(_ parser: inout yaml_parser_t, extraValues: Int) -> DocumentError? {
        var anchors: [String: Extent] = [:]
        // Open sequences and mappings, innermost last, with their anchors.
        var open: [(extent: Extent, anchor: String?)] = []
        var written = 0
        var expanded = 0
        // The alias that stands for the most values, and where it is.
        var largest: (name: String, extent: Extent, line: Int, column: Int)?
        var deepest: (line: Int, column: Int)?

        func finish(_ extent: Extent, anchor: String?) {
            if let anchor { anchors[anchor] = extent }
            if open.isEmpty {
                expanded = min(cap, expanded + extent.values)
            } else {
                open[open.count - 1].extent.add(extent)
            }
        }
        func anchor(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }

        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_SCALAR_EVENT:
                written += 1
                finish(Extent(), anchor: anchor(event.data.scalar.anchor))
            case YAML_SEQUENCE_START_EVENT:
                written += 1
                open.append((Extent(), anchor(event.data.sequence_start.anchor)))
            case YAML_MAPPING_START_EVENT:
                written += 1
                open.append((Extent(), anchor(event.data.mapping_start.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                finish(closed.extent, anchor: closed.anchor)
            case YAML_ALIAS_EVENT:
                written += 1
                // An undefined alias is the composer's error to report.
                guard let name = anchor(event.data.alias.anchor), let extent = anchors[name] else { continue }
                if extent.values > largest?.extent.values ?? 0 { largest = (name, extent, line, column) }
                if extent.depth + open.count > maxDepth, deepest == nil { deepest = (line, column) }
                finish(extent, anchor: nil)
            case YAML_STREAM_END_EVENT:
                let allowed = written + max(extraValues, written)
                if expanded > allowed, let largest {
                    let total = expanded >= cap ? "more than \(grouped(cap))" : grouped(expanded)
                    return .tooLarge(line: largest.line, column: largest.column, message: """
                        YAML aliases expand the document from the \(grouped(written)) values written in it to \(total); \
                        navviz lets aliases add at most \(grouped(extraValues)) values (or as many as the file writes out, if more). \
                        The alias '*\(largest.name)' here alone stands for \(largest.extent.values >= cap ? "more than \(grouped(cap))" : grouped(largest.extent.values)). \
                        Write the repeated parts out, or use JSON
                        """)
                }
                if let deepest {
                    return .tooLarge(line: deepest.line, column: deepest.column, message: """
                        this YAML alias nests the document deeper than libyaml's \(grouped(maxDepth)) levels once expanded; \
                        write deep trees as JSON, which has no depth limit
                        """)
                }
                return nil
            default:
                continue
            }
        }
    }

    private static func grouped(_ n: Int) -> String { PlainText.count(n) }
}
