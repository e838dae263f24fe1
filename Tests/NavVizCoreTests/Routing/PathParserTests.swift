import NavVizCore
import Testing

@Suite struct PathParserTests {
    static let good: [(String, [PathElement])] = [
        ("root", [PathElement(id: "root")]),
        ("root/colorList/colorDetail?hex=ff0000", [
            PathElement(id: "root"), PathElement(id: "colorList"), PathElement(id: "colorDetail", context: ["hex": "ff0000"]),
        ]),
        ("a?x=1&y=two/b?", [PathElement(id: "a", context: ["x": "1", "y": "two"]), PathElement(id: "b")]),
        ("chat?title=a%20b%2Fc&empty=", [PathElement(id: "chat", context: ["title": "a b/c", "empty": ""])]),
        ("caf%C3%A9/x%3Fy", [PathElement(id: "café"), PathElement(id: "x?y")]),
        ("a?q=1+1&r=x=y", [PathElement(id: "a", context: ["q": "1+1", "r": "x=y"])]),
    ]

    @Test(arguments: good)
    func parses(text: String, expected: [PathElement]) throws {
        #expect(try PathParser.parse(text) == expected)
    }

    static let bad: [(String, PathParser.SyntaxError)] = [
        ("", .empty),
        ("a//b", .emptyID(element: 1)),
        ("/a", .emptyID(element: 0)),
        ("a/", .emptyID(element: 1)),
        ("?hex=1", .emptyID(element: 0)),
        ("a/b?hex", .missingEquals(element: 1, item: "hex")),
        ("a?=1", .emptyKey(element: 0)),
        ("a?k=1&k=2", .duplicateKey(element: 0, key: "k")),
        ("a%2", .badEscape(element: 0, text: "a%2")),
        ("a?k=%zz", .badEscape(element: 0, text: "%zz")),
        ("a%FF", .badEscape(element: 0, text: "a%FF")),
    ]

    @Test(arguments: bad)
    func rejects(text: String, expected: PathParser.SyntaxError) {
        #expect(throws: expected) { try PathParser.parse(text) }
    }

    @Test func messagesAreLowercaseAndQuote() {
        #expect(PathParser.SyntaxError.missingEquals(element: 1, item: "hex").description == "element 2: context item 'hex' has no '=' (write 'key=value')")
    }

    /// What the parser reads, PathElement writes back.
    @Test func roundTrip() throws {
        let text = "root/colorList/colorDetail?hex=ff0000&theme=dark"
        #expect(try PathParser.parse(text).map(\.description).joined(separator: "/") == text)
    }
}
