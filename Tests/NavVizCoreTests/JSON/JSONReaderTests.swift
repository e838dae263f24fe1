import Testing
import NavVizCore

/// The JSON reader: RFC 8259 syntax, errors with line and column, no depth limit.
struct JSONReaderTests {
    struct Bad: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { text }
    }

    static let bad: [Bad] = [
        Bad(text: "", line: 1, column: 1, message: "the document is empty"),
        Bad(text: "{\"a\": 1,\n \"b\" 2}", line: 2, column: 6, message: "expected ':' after key \"b\""),
        Bad(text: "{\"a\": 1\n\"b\": 2}", line: 2, column: 1, message: "expected ',' or '}', found '\"'"),
        Bad(text: "[1, 2,]", line: 1, column: 7, message: "trailing comma before ']'"),
        Bad(text: "{\"a\": tru}", line: 1, column: 7, message: "unexpected 't'; expected a value"),
        Bad(text: "{\"a\": \"x}", line: 1, column: 7, message: "unterminated string"),
        Bad(text: "[01]", line: 1, column: 3, message: "invalid number: leading zeros are not allowed"),
        Bad(text: "{} {}", line: 1, column: 4, message: "unexpected '{' after the end of the document"),
        Bad(text: "[\"a\tb\"]", line: 1, column: 4, message: "control character U+0009 in a string; write it escaped"),
        Bad(text: "[\"\\q\"]", line: 1, column: 3, message: "invalid escape '\\q' in a string"),
        Bad(text: "[\"\\ud800\"]", line: 1, column: 9, message: "invalid string: lone surrogate \\uD800"),
        Bad(text: "{\"a\": [1, 2}", line: 1, column: 12, message: "expected ',' or ']', found '}'"),
        Bad(text: "[[[", line: 1, column: 4, message: "unexpected end of input: a value is missing"),
    ]

    @Test(arguments: bad)
    func syntaxErrors(_ b: Bad) {
        let error = Self.syntaxError(b.text)
        #expect(error?.message == b.message)
        #expect(error?.location == .init(line: b.line, column: b.column))
    }

    @Test func stringsAndEscapes() throws {
        let t = try JSONReader.parse(Array(#"{"s": "a\"b\\c\u00e9\ud83d\ude00\n", "n": -1.5e3, "t": true, "z": null}"#.utf8))
        #expect(t.text(try #require(t.member("s", of: t.root))) == "a\"b\\cé😀\n")
        #expect(t.text(try #require(t.member("n", of: t.root))) == "-1.5e3")
        #expect(t.kind(try #require(t.member("z", of: t.root))) == .null)
    }

    @Test func invalidUTF8IsAnError() {
        let bytes: [UInt8] = [0x5B, 0x22, 0xFF, 0x22, 0x5D]
        #expect(Self.syntaxError(String(decoding: bytes, as: UTF8.self)) == nil) // decoding repairs; raw bytes below
        do {
            _ = try JSONReader.parse(bytes)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "invalid UTF-8 in a string")
        }
    }

    /// A document of 64 KB or more has room reserved from a count of its `,`, `:` and `[`
    /// bytes outside strings: never fewer values than it holds, none for the commas of a
    /// long string, and none at all when a tree limit may stop the reading early; the tree
    /// read is the same.
    @Test func largeDocumentsReserveRoomForEveryValue() throws {
        func values(_ t: JSONValueTree, _ v: Int) -> Int {
            var count = 0, stack = [v]
            while let v = stack.popLast() {
                count += 1
                if t.kind(v) == .array || t.kind(v) == .object { stack += t.members(v) }
            }
            return count
        }
        let member = #"{"id": "n", "s": "a, b: [c] \" ,:[", "list": [1, [], {}, [true, null, -2.5e3]], "o": {"k": {"k": "v"}}}"#
        for count in [1, 2, 700, 2_000] {
            let text = "[" + Array(repeating: member, count: count).joined(separator: ",\n ") + "]"
            let bytes = Array(text.utf8)
            let t = try JSONReader.parse(bytes)
            let held = values(t, t.root)
            #expect(held == 1 + count * 14)
            #expect(JSONReader.mostValues(in: bytes) >= held)
            if bytes.count >= JSONReader.reservingBytes {
                #expect(t.reservedValues == JSONReader.mostValues(in: bytes))
            } else {
                #expect(t.reservedValues == 0)
                #expect(count < 700, "\(bytes.count) bytes: too few to reserve")
            }
            let last = try #require(t.members(t.root).last)
            #expect(t.text(try #require(t.member("s", of: last))) == "a, b: [c] \" ,:[")
            #expect(t.kind(try #require(t.member("list", of: last))) == .array)
        }
        // A long string of commas, colons and brackets is one value.
        let prose = Array(("[\"" + String(repeating: "a, b: [c], \\\" ", count: 8_000) + "\"]").utf8)
        let t = try JSONReader.parse(prose)
        #expect(prose.count >= JSONReader.reservingBytes && t.reservedValues == 2 && values(t, t.root) == 2)
        #expect(try JSONReader.parse(prose, treeLimit: 10).reservedValues == 0)
        #expect(JSONReader.mostValues(in: Array("7".utf8)) == 1)
        #expect(JSONReader.mostValues(in: Array(#"{"a": [1, 2]}"#.utf8)) == 4)
    }

    @Test func nestingHasNoDepthLimit() throws {
        let depth = 200_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let t = try JSONReader.parse(Array(text.utf8))
        #expect(t.kind(t.root) == .array)
    }
}

extension JSONReaderTests {
    static func syntaxError(_ text: String) -> JSONReader.SyntaxError? {
        do {
            _ = try JSONReader.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }
}
