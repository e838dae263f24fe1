import PropertyBased
import Testing
@_spi(Internals) @testable import NavVizRender

/// ``SVGBounds/number(_:)`` reads a coordinate from its bytes exactly as `Double(String)`
/// reads it from a string (0 where that reads nothing).
struct SVGBoundsTests {
    static func expected(_ text: String) -> Double { Double(text) ?? 0 }

    @Test(arguments: ["0", "-0", "12", "-123.45", "0.5", ".5", "5.", "-.25", "1.2.3", "-", ".", "", "--1", "1-2",
                      "999999999999999", "9999999999999999", "1234567.891234567", "0.1", "0.7", "-270.48", "36.000",
                      "123456789012345.6", "12345678901234567890", "-99999999999999999999.5"])
    func readsAsDoubleDoes(_ text: String) {
        let got = Array(text.utf8).withUnsafeBufferPointer { SVGBounds.number($0) }
        #expect(got.bitPattern == Self.expected(text).bitPattern, "\(text)")
    }

    /// Numbers as Graphviz writes them (a sign, digits, at most one point), and any string
    /// of those characters.
    @Test func readsRandomNumbersAsDoubleDoes() async {
        let characters = Gen.int(in: 0...11).array(of: 0...24)
        await propertyCheck(count: 2000, input: Gen.int(in: -99_999_999...99_999_999), Gen.int(in: 0...4), characters) { n, places, free in
            var number = String(abs(n))
            if places > 0 {
                while number.count <= places { number = "0" + number }
                number.insert(".", at: number.index(number.endIndex, offsetBy: -places))
            }
            let free = String(free.map { Array("0123456789.-")[$0] })
            for text in [(n < 0 ? "-" : "") + number, free] {
                #expect(Array(text.utf8).withUnsafeBufferPointer { SVGBounds.number($0) }.bitPattern == Self.expected(text).bitPattern, "\(text)")
            }
        }
    }

    /// A piece lies inside when its points (`points`, a path's `d`) and, with `labels`, its
    /// texts (an em a character from where they are anchored) do; a text starts at its
    /// element's first `>` character (a `>` byte a combining mark joins is not one, and a
    /// text with no `>` character is taken as outside), and counts characters, not bytes.
    @Test func piecesInsideTheAnchors() throws {
        let layout = StableLayout(positions: [:], sizes: [:], corners: (Point(x: 0, y: 0), Point(x: 1000, y: 1000)), routes: [:],
                                  nodeIDs: [], edgeKeys: [])
        let bounds = SVGBounds(layout)  // x 1...999, y -999...-1
        func inside(_ piece: String, labels: Bool = true) -> Bool { bounds.contains(ArraySlice(Array(piece.utf8)), labels: labels) }
        func text(_ x: Double, _ content: String) -> String {
            "<text text-anchor=\"start\" x=\"\(x)\" y=\"-500\" font-family=\"DejaVu Sans\" font-size=\"10.00\">\(content)</text>"
        }
        #expect(inside("<polygon fill=\"#fff\" points=\"5,-5 995,-995 5,-5\"/>"))
        #expect(!inside("<polygon fill=\"#fff\" points=\"5,-5 999.5,-995\"/>"))
        #expect(inside("<path fill=\"none\" d=\"M10,-10C20,-20 30,-30 40,-40\"/>"))
        #expect(!inside("<path fill=\"none\" d=\"M10,-10C20,-20 30,-30 40,0\"/>"))
        // Four characters an em each (and one more) from x = 950 reach 1000: outside.
        #expect(inside(text(900, "abcd")))
        #expect(!inside(text(950, "abcd")))
        #expect(inside(text(950, "abcd"), labels: false))
        // One character of two scalars (a thumb and its skin tone), not eight bytes.
        #expect(inside(text(970, "\u{1F44D}\u{1F3FD}")))
        #expect(!inside(text(970, "abcdefgh")))
        // A combining mark after the tag's `>`: no `>` character starts the text.
        #expect(!inside(text(10, "\u{301}abc")))
    }
}
