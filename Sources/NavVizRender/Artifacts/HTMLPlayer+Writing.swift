extension HTMLPlayer {
    /// Writes the page piece by piece to `sink`: each frame's SVG (`svg(i)`, read from its
    /// frame file) only when its `<template>` is written, and its description (`frame(i)`)
    /// only when the player's data reaches it, so a page of 10,000 frames is never held.
    public static func write<E: Error>(title: String, count: Int, delayMilliseconds: Int, frame: (Int) -> Frame,
                                       svg: (Int) throws(E) -> [UInt8], to sink: ([UInt8]) throws(E) -> Void) throws(E) {
        try sink(Array((head(title: title) + body(title: title, count: count)).utf8))
        for i in 0..<count {
            let bytes = try svg(i)
            try sink(Array("<template id=\"frame-\(i + 1)\">".utf8))
            try sink(Array(stripProlog(bytes)))
            try sink(Array("</template>\n".utf8))
        }
        try sink(Array("<script type=\"application/json\" id=\"navviz-data\">{\"title\": \(json(title)), \"delay\": \(delayMilliseconds), \"frames\": [".utf8))
        for i in 0..<count {
            let f = frame(i)
            let steps = f.operations.map { s in
                "{\"number\": \(s.number), \"op\": \(json(s.op)), \"text\": \(json(s.text)), \"nodes\": [\(s.nodes.map(json).joined(separator: ", "))]}"
            }
            try sink(Array(((i > 0 ? ", " : "") + "{\"label\": \(json(f.label)), \"file\": \(json(f.file)), \"phase\": \(json(f.phase)), \"operations\": [\(steps.joined(separator: ", "))]}").utf8))
        }
        try sink(Array("]}</script>\n<script>\n\(script)\n</script>\n</body>\n</html>\n".utf8))
    }

    /// Drops the XML declaration, DOCTYPE and comments Graphviz puts before `<svg`:
    /// the bytes from the first `<svg` on (none when there is no `<svg`).
    static func stripProlog(_ svg: [UInt8]) -> ArraySlice<UInt8> {
        let marker = Array("<svg".utf8)
        guard svg.count >= marker.count else { return [] }
        for i in 0...(svg.count - marker.count) where svg[i] == marker[0] && svg[i + 1] == marker[1]
            && svg[i + 2] == marker[2] && svg[i + 3] == marker[3] {
            return svg[i...]
        }
        return []
    }
}
