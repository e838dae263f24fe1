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
        // Read in place: a piece is some hundreds of bytes, and an array slice's subscript
        // checks its bounds at every byte.
        piece.withUnsafeBufferPointer { bytes in
            let quote = UInt8(ascii: "\""), n = bytes.count
            let points = Array(" points".utf8)
            var i = 0
            while i < n {
                // ` points="…"` or ` d="…"`: a space, the name, `="`.
                guard bytes[i] == quote, i >= 3, bytes[i - 1] == UInt8(ascii: "="),
                      (bytes[i - 2] == UInt8(ascii: "d") && bytes[i - 3] == UInt8(ascii: " "))
                        || (bytes[i - 2] == UInt8(ascii: "s") && i >= 8
                            && UnsafeBufferPointer(rebasing: bytes[(i - 8)..<(i - 1)]).elementsEqual(points)) else {
                    i += 1
                    continue
                }
                i += 1
                // The attribute's numbers, taken in pairs as they are read.
                var x: Double?
                var start = -1
                while i <= n {
                    let c: UInt8 = i < n ? bytes[i] : quote
                    let numeric = (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
                    if numeric {
                        if start < 0 { start = i }
                    } else if start >= 0 {
                        let v = Self.number(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                        start = -1
                        if let px = x {
                            if px < minX || px > maxX || v < minY || v > maxY { return false }
                            x = nil
                        } else {
                            x = v
                        }
                    }
                    if c == quote { break }
                    i += 1
                }
                i += 1
            }
            return true
        }
    }

    /// The number `bytes` spell (digits, `.` and `-`), 0 when they spell none: what
    /// `Double(String(decoding: bytes, as: UTF8.self)) ?? 0` gives. Graphviz's coordinates
    /// (`-123.45`: at most 15 digits, a sign and a point) are read from their bytes: a whole
    /// number of at most 15 digits and a power of ten are both exact in a `Double`, so their
    /// quotient is the correctly rounded value `Double(_:)` reads. Anything else goes through
    /// `Double(_:)` itself. (A frame's edges and nodes hold tens of thousands of them; a
    /// `String` made for each was most of the time spent finding pieces.) Read in place.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
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

    private static func slowNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
        Double(String(decoding: bytes, as: UTF8.self)) ?? 0
    }

    /// Whether every text of the piece, counted an em wide a character (and one more) from
    /// where it is anchored, on the side its `text-anchor` runs to (both sides for `middle`),
    /// lies inside.
    private func textInside(_ piece: ArraySlice<UInt8>) -> Bool {
        piece.withUnsafeBufferPointer { bytes in
            var from = 0
            while let start = Self.find(Self.textOpen, in: bytes, from: from, to: bytes.count) {
                let attributes = start + Self.textOpen.count
                guard let close = Self.find(Self.textClose, in: bytes, from: attributes, to: bytes.count) else { return false }
                from = close + Self.textClose.count
                // The value of attribute `name` (` name="…"`) among the element's bytes.
                func value(_ name: [UInt8]) -> String? {
                    guard let r = Self.find(name, in: bytes, from: attributes, to: close) else { return nil }
                    var end = r + name.count
                    while end < close, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[(r + name.count)..<end]), as: UTF8.self)
                }
                // The text starts after the element's first `>` character (a `>` byte joined
                // by a combining mark to the next is not one), and is counted in characters.
                let element = String(decoding: UnsafeBufferPointer(rebasing: bytes[attributes..<close]), as: UTF8.self)
                guard let x = value(Self.xName).flatMap({ Double($0) }), let y = value(Self.yName).flatMap({ Double($0) }),
                      let size = value(Self.fontSizeName).flatMap({ Double($0) }),
                      let content = element.firstIndex(of: ">") else { return false }
                let reach = Double(element[element.index(after: content)...].count + 1) * size
                let anchor = value(Self.anchorName)
                let left = anchor == "start" ? x : x - reach, right = anchor == "end" ? x : x + reach
                if left < minX || right > maxX || y - 2 * size < minY || y + size > maxY { return false }
            }
            return true
        }
    }

    private static let textOpen = Array("<text ".utf8), textClose = Array("</text>".utf8)
    private static let xName = Array(" x=\"".utf8), yName = Array(" y=\"".utf8)
    private static let fontSizeName = Array(" font-size=\"".utf8), anchorName = Array(" text-anchor=\"".utf8)

    /// Where `needle` first starts in `bytes[from..<to]`.
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let first = needle.first, to - from >= needle.count else { return nil }
        var i = from
        let last = to - needle.count
        while i <= last {
            if bytes[i] == first {
                var k = 1
                while k < needle.count, bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
