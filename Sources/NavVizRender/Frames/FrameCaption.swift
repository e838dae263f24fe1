import NavVizCore

/// The caption every drawn frame carries, so that a frame attached on its own says which
/// step it is, what caused it and what its marks mean: `Frame 12/601 · step 6: push chat`,
/// then `pending, not yet applied: pop ×2, push ×1 (badges number execution order)` or
/// `applied: the state after step 6`.
///
/// SVG frames get it as a band below the picture: added to the bytes Graphviz drew
/// (``append(_:to:theme:)``), or written with a frame navviz composes (``Band``); PNG frames and frames laid out on their own get it as
/// the graph's label, drawn by Graphviz.
package enum FrameCaption {
    /// Longest label shown in a caption; the player and the manifest keep the whole label.
    static let maxLabel = 90

    /// The caption of frame `number` (from 1) of `count`.
    package static func lines(_ frame: AnimationFrame.Info, number: Int, count: Int) -> [String] {
        let label = TreeScene.truncate(frame.label, maxLabel)
        let step = frame.transition.map { "step \($0 + 1)" }
        let head = "Frame \(number)/\(count) · " + (frame.phase == .failed ? "failed" : step ?? "start") + (frame.phase == .failed ? "" : ": " + label)
        let shown = frame.operations.prefix(frame.shown ?? frame.operations.count)
        switch frame.phase {
        case .initial:
            return [head, "the first state; its active path emphasised"]
        case .pending:
            let part = frame.shown.map { " (\($0) of \(frame.operations.count) shown)" } ?? ""
            return [head, "pending, not yet applied: \(counts(shown))\(part); badges number the execution order"]
        case .applied:
            return [head, frame.operations.isEmpty ? "applied: nothing changed" : "applied: the state after \(step ?? "the step") (\(counts(shown)))"]
        case .failed:
            return [head]
        }
    }

    /// `pop ×2, push ×1`, in order of first appearance.
    static func counts(_ operations: some Collection<TreeOperation>) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for op in operations {
            if counts[op.name] == nil { order.append(op.name) }
            counts[op.name, default: 0] += 1
        }
        return order.isEmpty ? "no operations" : order.map { "\($0) ×\(counts[$0]!)" }.joined(separator: ", ")
    }

    /// Height of one caption line, and the band's padding, in points.
    static let lineHeight = 15.0, padding = 8.0

    /// `svg` (as Graphviz writes it: `width="…pt" height="…pt"` and a `viewBox` on the `<svg>`
    /// element) with a band below the picture holding `lines`; `svg` unchanged when it does
    /// not have that shape.
    package static func append(_ lines: [String], to svg: [UInt8], theme: Theme) -> [UInt8] {
        // Byte by byte, the frame's bytes copied once: a frame of hundreds of kilobytes
        // costs its copy, not a walk through Foundation's strings.
        guard let end = lastIndex(of: Array("</svg>".utf8), in: svg), let band = Band(lines, head: svg, theme: theme) else { return svg }
        var out: [UInt8] = []
        out.reserveCapacity(svg.count + band.growth)
        svg.withUnsafeBufferPointer { bytes in
            band.writeHead(UnsafeBufferPointer(rebasing: bytes[..<end]), into: &out)
            out.append(contentsOf: band.caption)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[end...]))
        }
        return out
    }

    /// The caption of a frame whose `<svg …>` tag lies in its first bytes (a composed frame's
    /// canvas), so a frame can be written with it in one pass (``append(_:to:theme:)`` copies
    /// a frame already written): the tag's height and viewBox grown by the band, and the
    /// band's bytes, which go before the frame's last `</svg>`.
    package struct Band {
        /// The tag's height and viewBox values (ranges in the head) and what replaces them,
        /// in the order they come.
        private let edits: [(range: Range<Int>, bytes: [UInt8])]
        /// The band: `<g id="caption" …>…</g>` and its newline.
        let caption: [UInt8]
        /// How many bytes the band adds to a frame.
        var growth: Int { caption.count + edits.reduce(0) { $0 + $1.bytes.count - $1.range.count } }

        /// The band holding `lines` for frames whose `<svg …>` tag (the first `<svg` and the
        /// `>` after it) is in `head`; nil without lines or when the tag is not there, or
        /// has no height or viewBox that read as numbers.
        package init?(_ lines: [String], head svg: [UInt8], theme: Theme) {
            guard !lines.isEmpty, let open = find(Array("<svg".utf8), in: svg, from: 0, to: svg.count),
                  let close = find([UInt8(ascii: ">")], in: svg, from: open, to: svg.count),
                  let (heightValue, height) = value(after: "height=\"", in: svg, from: open, to: close),
                  let (boxValue, _) = value(after: "viewBox=\"", in: svg, from: open, to: close) else { return nil }
            let view = String(decoding: svg[boxValue], as: UTF8.self).split(separator: " ").compactMap { Double($0) }
            guard view.count == 4, let height = Double(height.hasSuffix("pt") ? String(height.dropLast(2)) : height) else { return nil }
            let band = padding * 2 + lineHeight * Double(lines.count) - 4
            let top = view[1] + view[3]
            var caption = "<g id=\"caption\" class=\"caption\">\n"
            // The band in Graphviz's own vocabulary (a polygon, as its page background is).
            let (x0, x1, y1) = (DOTText.number(view[0]), DOTText.number(view[0] + view[2]), DOTText.number(top + band))
            caption += "<polygon fill=\"\(theme.background)\" stroke=\"none\" points=\"\(x0),\(DOTText.number(top)) \(x1),\(DOTText.number(top)) \(x1),\(y1) \(x0),\(y1)\"/>\n"
            for (i, line) in lines.enumerated() {
                let y = top + padding + lineHeight * Double(i) + 9
                caption += "<text x=\"\(DOTText.number(view[0] + 8))\" y=\"\(DOTText.number(y))\" font-family=\"\(DOTEncoder.font),sans-serif\" "
                    + "font-size=\"\(i == 0 ? 12 : 11)\"\(i == 0 ? " font-weight=\"bold\"" : "") fill=\"\(i == 0 ? theme.text : theme.mutedText)\">\(MarkupText.content(line))</text>\n"
            }
            caption += "</g>\n"
            self.caption = Array(caption.utf8)
            let newHeight = Array((DOTText.number(height + band) + "pt").utf8)
            let newBox = Array("\(DOTText.number(view[0])) \(DOTText.number(view[1])) \(DOTText.number(view[2])) \(DOTText.number(view[3] + band))".utf8)
            edits = [(heightValue, newHeight), (boxValue, newBox)].sorted { $0.0.lowerBound < $1.0.lowerBound }
        }

        /// Appends `head` (the bytes the band was made from, or the frame's bytes before its
        /// last `</svg>`, which start with them) to `out`, with the tag's height and viewBox
        /// replaced.
        func writeHead(_ head: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
            var at = 0
            for (range, replacement) in edits {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: head[at..<range.lowerBound]))
                out.append(contentsOf: replacement)
                at = range.upperBound
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: head[at...]))
        }
    }

    /// The range of the value of the attribute that `key` (`name="`) opens within
    /// `from..<to`, and its text.
    private static func value(after key: String, in bytes: [UInt8], from: Int, to: Int) -> (Range<Int>, String)? {
        guard let start = find(Array(key.utf8), in: bytes, from: from, to: to).map({ $0 + key.utf8.count }),
              let end = find([UInt8(ascii: "\"")], in: bytes, from: start, to: to) else { return nil }
        return (start..<end, String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// Where `marker` first starts in `bytes[from..<to]`.
    private static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        guard !marker.isEmpty, end - start >= marker.count else { return nil }
        return bytes.withUnsafeBufferPointer { b in
            var i = start
            while i <= end - marker.count {
                if b[i] == marker[0] {
                    var k = 1
                    while k < marker.count, b[i + k] == marker[k] { k += 1 }
                    if k == marker.count { return i }
                }
                i += 1
            }
            return nil
        }
    }

    /// Where the last `marker` starts in `bytes` (a frame's closing `</svg>`); nil when none does.
    static func lastIndex(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        for i in stride(from: bytes.count - marker.count, through: 0, by: -1) where bytes[i] == marker[0] && bytes[i..<(i + marker.count)].elementsEqual(marker) {
            return i
        }
        return nil
    }
}
