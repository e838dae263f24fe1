/// A Graphviz SVG drawing of a pinned graph, split where each drawn object starts.
///
/// Graphviz draws, after the canvas (prolog, size, transform, background), every cluster
/// (a `<g … class="cluster …">` line, then `<title>cluster_N</title>`), then every node and
/// edge, each after a `<!-- name -->` comment; pinned frames end with the anchors
/// (`<!-- anchor0 -->`) and the closing tags.
struct SVGPieces {
    /// Everything before the first cluster, node or edge.
    let prefix: ArraySlice<UInt8>
    /// From the first anchor's comment to the end.
    let suffix: ArraySlice<UInt8>
    /// Clusters in drawing order.
    let clusters: [Cluster]
    /// Nodes and edges by the name in their comment (`n3`, `n1&#45;&gt;n3`).
    let named: [String: ArraySlice<UInt8>]

    /// A drawn cluster: its number (`cluster_3` is 3) and its bytes around the title line,
    /// so it can be put back under another number.
    struct Cluster {
        var number: Int
        /// The opening `<g …>` line, with its newline.
        var head: ArraySlice<UInt8>
        /// From the newline after the title line to the end of the cluster.
        var tail: ArraySlice<UInt8>
    }

    /// The title line a cluster numbered `number` is drawn with.
    static func clusterTitle(_ number: Int) -> [UInt8] {
        Array("<title>cluster_\(number)</title>".utf8)
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

    /// Splits `svg`; nil when it does not have the shape above.
    init?(_ svg: [UInt8]) {
        let comment = Array("<!-- ".utf8), title = Array("<title>cluster_".utf8)
        let newline = UInt8(ascii: "\n")
        let body = Self.stripProlog(svg)
        guard !body.isEmpty else { return nil }
        func starts(_ marker: [UInt8], at i: Int) -> Bool {
            i + marker.count <= svg.count && svg[i..<(i + marker.count)].elementsEqual(marker)
        }
        func lineEnd(_ i: Int) -> Int { svg[i...].firstIndex(of: newline) ?? svg.count }

        // Line starts: cluster titles (before any comment), comments, the first anchor.
        var titles: [(line: Int, previous: Int)] = []
        var comments: [(start: Int, end: Int)] = []
        var anchor: Int?
        var previous = body.startIndex, line = body.startIndex
        while line < svg.count {
            let end = lineEnd(line)
            if starts(comment, at: line) {
                let name = svg[(line + comment.count)..<max(line + comment.count, end - 4)]
                if name.elementsEqual("anchor0".utf8) { anchor = line; break }
                comments.append((line, end))
            } else if comments.isEmpty, starts(title, at: line) {
                titles.append((line, previous))
            }
            previous = line
            line = end + 1
        }
        guard let anchor else { return nil }
        let firstComment = comments.first?.start ?? anchor
        var clusters: [Cluster] = []
        for (k, t) in titles.enumerated() {
            let end = k + 1 < titles.count ? titles[k + 1].previous : firstComment
            let titleEnd = lineEnd(t.line)
            let digits = svg[(t.line + title.count)..<titleEnd]
            guard starts(Array("<g id=\"".utf8), at: t.previous), digits.count > 8,
                  let number = Int(String(decoding: digits.dropLast(8), as: UTF8.self)),
                  digits.suffix(8).elementsEqual("</title>".utf8), titleEnd < end else { return nil }
            clusters.append(Cluster(number: number, head: svg[t.previous..<t.line], tail: svg[titleEnd..<end]))
        }
        var named: [String: ArraySlice<UInt8>] = [:]
        named.reserveCapacity(comments.count)
        for (k, c) in comments.enumerated() {
            let end = k + 1 < comments.count ? comments[k + 1].start : anchor
            named[String(decoding: svg[(c.start + comment.count)..<max(c.start + comment.count, c.end - 4)], as: UTF8.self)] = svg[c.start..<end]
        }
        prefix = svg[..<(titles.first?.previous ?? firstComment)]
        suffix = svg[anchor...]
        self.clusters = clusters
        self.named = named
    }
}
