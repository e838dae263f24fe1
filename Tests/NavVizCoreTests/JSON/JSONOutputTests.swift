import Foundation
import PropertyBased
import Testing
import NavVizCore

/// The one JSON writer: each layout's exact text, numbers, values written before, arrays
/// made as they are written, and the pieces a sink is given adding up to the whole text.
struct JSONOutputTests {
    static let value = JSONOutput.object([
        ("a", .int(1)), ("b", .array([.string("x<\"\n"), .null, .bool(true)])), ("c", .object([])),
    ], .inline)

    /// Each layout, its members an object with an array inside (laid out as `inner`).
    @Test(arguments: [
        (JSONOutput.Layout.inline, JSONOutput.Layout.inline, #"{"a": 1, "b": [2, 3]}"#),
        (.compact, .compact, #"{"a":1,"b":[2,3]}"#),
        (.compactLines, .compact, "{\"a\":1,\n\"b\":[2,3]}"),
        (.lines(level: 0), .inline, "{\n  \"a\": 1,\n  \"b\": [2, 3]\n}"),
        (.lines(level: 1), .lines(level: 2), "{\n    \"a\": 1,\n    \"b\": [\n      2,\n      3\n    ]\n  }"),
    ])
    func layouts(layout: JSONOutput.Layout, inner: JSONOutput.Layout, text: String) {
        #expect(JSONOutput.object([("a", .int(1)), ("b", .array([.int(2), .int(3)], inner))], layout).text == text)
        #expect(JSONOutput.array([], layout).text == "[]")
        #expect(JSONOutput.object([], layout).text == "{}")
    }

    @Test func numbers() {
        let values: [Double] = [0, -0.0, 12, -12.5, 0.1, -0.5, 1e20, .nan, .infinity]
        #expect(JSONOutput.array(values.map(JSONOutput.number), .compact).text == "[0,0,12,-12.5,0.1,-0.5,1e+20,null,null]")
    }

    /// Integers are their decimal digits, as `String(_:)` writes them, at every length and
    /// both ends of `Int`.
    @Test func integers() async {
        let edges = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1, 1_000_000_000_000_000_000]
        #expect(JSONOutput.array(edges.map(JSONOutput.int), .compact).text == "[" + edges.map { String($0) }.joined(separator: ",") + "]")
        await propertyCheck(count: 500, input: Gen.int(in: Int.min...Int.max)) { i in
            #expect(JSONOutput.int(i).text == String(i))
            #expect(JSONOutput.int(i / 1_000_000).text == String(i / 1_000_000))
        }
    }

    @Test func itemsAndWrittenValues() {
        let written = JSONOutput.Written(Self.value)
        let items = JSONOutput.items(count: 3, .compactLines) { i in i == 1 ? .written(written) : .int(i) }
        #expect(items.text == "[0,\n\(Self.value.text),\n2]")
        #expect(written.text == #"{"a": 1, "b": ["x<\"\n", null, true], "c": {}}"#)
    }

    @Test func piecesAddUpToTheText() throws {
        let long = JSONOutput.items(count: 2_000, .lines(level: 0)) { .object([("n", .int($0)), ("s", .string("é\u{2028}"))]) }
        var pieces: [String] = []
        long.write(chunk: 1_000) { pieces.append($0) }
        #expect(pieces.count > 10)
        #expect(pieces.dropLast().allSatisfy { $0.utf8.count >= 1_000 })
        #expect(pieces.joined() == long.text)
        let parsed = try JSONSerialization.jsonObject(with: Data(long.text.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 2_000)
        #expect(parsed?.last?["s"] as? String == "é\u{2028}")
    }

    /// Text with something to escape (a tooltip's newlines) is escaped character by
    /// character, whatever follows: the same text with a non-ASCII character after it writes
    /// the same bytes before that character, and the text reads back.
    @Test func asciiTextIsQuotedAsTheScalarPathQuotesIt() async throws {
        let alphabet = Array("ab\n\r\t\u{0}\u{8}\u{1F}\u{7F}\"\\/ ".unicodeScalars)
        await propertyCheck(count: 1000, input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...24)) { picks in
            var text = ""
            for k in picks { text.unicodeScalars.append(alphabet[k]) }
            let slow = JSONOutput.quote(text + "é")
            #expect(JSONOutput.quote(text) == String(slow.dropLast(2)) + "\"", "\(Array(text.utf8))")
            let back = try? JSONSerialization.jsonObject(with: Data(JSONOutput.quote(text).utf8), options: .fragmentsAllowed) as? String
            #expect(back == text, "\(Array(text.utf8))")
        }
    }

    /// Quoting, as RFC 8259 and JavaScript need it, defined scalar by scalar: `"` and `\`
    /// after a backslash, `\n`, `\r`, `\t`, other controls and U+2028, U+2029 as
    /// lowercase `\u` escapes, every other scalar as its UTF-8 bytes. The writer, which
    /// reads bytes and copies runs, writes the same for text mixing all of them (and other
    /// characters led by the byte 0xE2, as `✓`).
    @Test func quotingMatchesItsScalarDefinition() async {
        func reference(_ s: String) -> String {
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"", "\\": out += "\\" + String(u)
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029:
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                default: out.unicodeScalars.append(u)
                }
            }
            return out + "\""
        }
        let alphabet = Array("ab\n\r\t\u{0}\u{8}\u{C}\u{1F}\u{7F}\"\\/ é✓\u{2028}\u{2029}\u{2027}\u{202A}😀".unicodeScalars)
        await propertyCheck(count: 1000, input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...24)) { picks in
            var text = ""
            for k in picks { text.unicodeScalars.append(alphabet[k]) }
            #expect(JSONOutput.quote(text) == reference(text), "\(Array(text.unicodeScalars))")
        }
    }
}
