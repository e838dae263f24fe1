import NavVizCore

/// The caption every drawn frame carries, so that a frame attached on its own says which
/// step it is, what caused it and what its marks mean: `Frame 12/601 · step 6: push chat`,
/// then `pending, not yet applied: pop ×2, push ×1 (badges number execution order)` or
/// `applied: the state after step 6`.
///
/// SVG frames get it as a band below the picture (``append(_:to:theme:)``), added to the bytes
/// Graphviz drew or navviz composed; PNG frames and frames laid out on their own get it as
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
        guard !lines.isEmpty, let open = find(Array("<svg".utf8), in: svg, from: 0),
              let close = find(Array(">".utf8), in: svg, from: open) else { return svg }
        var tag = String(decoding: svg[open...close], as: UTF8.self)
        guard let height = number(after: "height=\"", in: tag),
              let box = tag.range(of: "viewBox=\""), let boxEnd = tag[box.upperBound...].firstIndex(of: "\"") else { return svg }
        let view = tag[box.upperBound..<boxEnd].split(separator: " ").compactMap { Double($0) }
        guard view.count == 4 else { return svg }
        let band = padding * 2 + lineHeight * Double(lines.count) - 4
        tag = tag.replacingOccurrences(of: "height=\"\(text(after: "height=\"", in: tag))\"", with: "height=\"\(DOTText.number(height + band))pt\"")
        tag.replaceSubrange(box.upperBound..<boxEnd,
                            with: "\(DOTText.number(view[0])) \(DOTText.number(view[1])) \(DOTText.number(view[2])) \(DOTText.number(view[3] + band))")
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
        guard let end = lastIndex(of: Array("</svg>".utf8), in: svg) else { return svg }
        var out: [UInt8] = []
        out.reserveCapacity(svg.count + caption.utf8.count + 64)
        out += svg[..<open]
        out += Array(tag.utf8)
        out += svg[(close + 1)..<end]
        out += Array(caption.utf8)
        out += svg[end...]
        return out
    }

    private static func text(after key: String, in tag: String) -> Substring {
        guard let r = tag.range(of: key), let end = tag[r.upperBound...].firstIndex(of: "\"") else { return "" }
        return tag[r.upperBound..<end]
    }

    private static func number(after key: String, in tag: String) -> Double? {
        let value = text(after: key, in: tag)
        return Double(value.hasSuffix("pt") ? value.dropLast(2) : value)
    }

    private static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= marker.count, start <= bytes.count - marker.count else { return nil }
        for i in start...(bytes.count - marker.count) where bytes[i] == marker[0] && bytes[i..<(i + marker.count)].elementsEqual(marker) {
            return i
        }
        return nil
    }

    private static func lastIndex(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        for i in stride(from: bytes.count - marker.count, through: 0, by: -1) where bytes[i] == marker[0] && bytes[i..<(i + marker.count)].elementsEqual(marker) {
            return i
        }
        return nil
    }
}
