/// The box between a pinned frame's anchors, in SVG coordinates (y grows downwards), and
/// whether a drawn piece lies inside it.
///
/// Graphviz sizes a canvas from everything drawn on it; a piece inside the anchors leaves
/// the canvas as the anchors make it, so a frame of such pieces has the anchors' canvas.
struct SVGBounds {
    let minX: Double, maxX: Double, minY: Double, maxY: Double

    /// The anchors' box of `layout`, a point inside on every side.
    init(_ layout: StableLayout) {
        minX = layout.corners.0.x + 1
        maxX = layout.corners.1.x - 1
        minY = -layout.corners.1.y + 1
        maxY = -layout.corners.0.y - 1
    }

    /// Whether every point of the piece's shapes (`points` and path `d` attributes) and, when
    /// `labels`, every text (see ``textInside(_:)``) lies inside.
    func contains(_ piece: ArraySlice<UInt8>, labels: Bool) -> Bool {
        shapesInside(piece) && (!labels || textInside(piece))
    }

    /// Whether every point of the piece's shapes lies inside.
    private func shapesInside(_ piece: ArraySlice<UInt8>) -> Bool {
        var numbers: [Double] = []
        var i = piece.startIndex
        let quote = UInt8(ascii: "\"")
        while i < piece.endIndex {
            // ` points="…"` or ` d="…"`: a space, the name, `="`.
            guard piece[i] == quote, i >= piece.startIndex + 3, piece[i - 1] == UInt8(ascii: "="),
                  (piece[i - 2] == UInt8(ascii: "d") && piece[i - 3] == UInt8(ascii: " "))
                    || (piece[i - 2] == UInt8(ascii: "s") && i >= piece.startIndex + 8
                        && piece[(i - 8)..<(i - 1)].elementsEqual(" points".utf8)) else {
                i += 1
                continue
            }
            i += 1
            numbers.removeAll(keepingCapacity: true)
            var start: Int?
            while i < piece.endIndex, piece[i] != quote {
                let c = piece[i]
                let numeric = (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
                if numeric, start == nil { start = i }
                if !numeric, let s = start {
                    numbers.append(Self.number(piece[s..<i]))
                    start = nil
                }
                i += 1
            }
            if let s = start { numbers.append(Self.number(piece[s..<i])) }
            for k in stride(from: 0, to: numbers.count - 1, by: 2) {
                let x = numbers[k], y = numbers[k + 1]
                if x < minX || x > maxX || y < minY || y > maxY { return false }
            }
            i += 1
        }
        return true
    }

    /// The number `bytes` spell (digits, `.` and `-`), 0 when they spell none: what
    /// `Double(String(decoding: bytes, as: UTF8.self)) ?? 0` gives. Graphviz's coordinates
    /// (`-123.45`: at most 15 digits, a sign and a point) are read from their bytes: a whole
    /// number of at most 15 digits and a power of ten are both exact in a `Double`, so their
    /// quotient is the correctly rounded value `Double(_:)` reads. Anything else goes through
    /// `Double(_:)` itself. (A frame's edges and nodes hold tens of thousands of them; a
    /// `String` made for each was most of the time spent finding pieces.)
    static func number(_ bytes: ArraySlice<UInt8>) -> Double {
        var i = bytes.startIndex
        let negative = i < bytes.endIndex && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var whole = 0, digits = 0, decimals = 0, point = false
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == UInt8(ascii: ".") {
                if point { return slowNumber(bytes) }
                point = true
            } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                digits += 1
                if digits > 15 { return slowNumber(bytes) }  // before `whole` could overflow
                whole = whole * 10 + Int(c - UInt8(ascii: "0"))
                if point { decimals += 1 }
            } else {
                return slowNumber(bytes)  // a `-` inside
            }
            i += 1
        }
        guard digits > 0 else { return slowNumber(bytes) }
        let value = Double(whole) / powersOfTen[decimals]
        return negative ? -value : value
    }

    /// 10^0 … 10^15, each exact.
    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { v, _ in v * 10 } }

    private static func slowNumber(_ bytes: ArraySlice<UInt8>) -> Double {
        Double(String(decoding: bytes, as: UTF8.self)) ?? 0
    }

    /// Whether every text of the piece, counted an em wide a character (and one more) from
    /// where it is anchored, on the side its `text-anchor` runs to (both sides for `middle`),
    /// lies inside.
    private func textInside(_ piece: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: piece, as: UTF8.self)
        var rest = Substring(text)
        while let start = rest.range(of: "<text ") {
            guard let close = rest.range(of: "</text>", range: start.upperBound..<rest.endIndex) else { return false }
            let element = rest[start.upperBound..<close.lowerBound]
            rest = rest[close.upperBound...]
            func value(_ name: String) -> Substring? {
                guard let r = element.range(of: " \(name)=\"") else { return nil }
                return element[r.upperBound...].prefix { $0 != "\"" }
            }
            guard let x = value("x").flatMap({ Double($0) }), let y = value("y").flatMap({ Double($0) }),
                  let size = value("font-size").flatMap({ Double($0) }),
                  let content = element.firstIndex(of: ">") else { return false }
            let reach = Double(element[element.index(after: content)...].count + 1) * size
            let anchor = value("text-anchor")
            let left = anchor == "start" ? x : x - reach, right = anchor == "end" ? x : x + reach
            if left < minX || right > maxX || y - 2 * size < minY || y + size > maxY { return false }
        }
        return true
    }
}
