import PropertyBased
import Testing
@testable import NavVizRender

/// ``SVGBounds/number(_:)`` reads a coordinate from its bytes exactly as `Double(String)`
/// reads it from a string (0 where that reads nothing).
struct SVGBoundsTests {
    static func expected(_ text: String) -> Double { Double(text) ?? 0 }

    @Test(arguments: ["0", "-0", "12", "-123.45", "0.5", ".5", "5.", "-.25", "1.2.3", "-", ".", "", "--1", "1-2",
                      "999999999999999", "9999999999999999", "1234567.891234567", "0.1", "0.7", "-270.48", "36.000",
                      "123456789012345.6", "12345678901234567890", "-99999999999999999999.5"])
    func readsAsDoubleDoes(_ text: String) {
        let got = SVGBounds.number(ArraySlice(Array(text.utf8)))
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
                #expect(SVGBounds.number(ArraySlice(Array(text.utf8))).bitPattern == Self.expected(text).bitPattern, "\(text)")
            }
        }
    }
}
