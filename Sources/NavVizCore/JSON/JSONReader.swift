/// Reads JSON text into a ``JSONValueTree`` without recursion and without a depth limit.
///
/// Foundation's `JSONSerialization` refuses documents nested deeper than a few hundred
/// levels, and a navigation stack is a chain: one pushed screen per level. This reader keeps
/// its own stack, reports errors with line and column, and rejects what RFC 8259 rejects.
package struct JSONReader {
    /// A syntax error at a position in the text.
    package struct SyntaxError: Error, Equatable, Sendable {
        package var location: JSONValueTree.Location
        package var message: String
        /// Not a syntax error: the tree passed the `treeLimit` it was read with, at the node
        /// at `location`.
        package var isLimit = false
    }

    private let bytes: [UInt8]
    private var pos = 0
    /// Current line and the offset where it starts: newlines only occur in whitespace
    /// (strings may not hold raw control characters), so they are counted there.
    private var line = 1
    private var lineStart = 0
    private var builder = JSONValueTreeBuilder()

    /// With a tree limit, what each open container is to the tree being counted.
    private enum Role { case other, node, children }
    private let treeLimit: Int?
    private var roles: [Role] = []
    /// The key just read, for the container that may follow it.
    private var key: Role = .other
    private var nodes = 0

    /// Parses one JSON document.
    ///
    /// With a `treeLimit`, parsing stops at the first node past that many in the tree the
    /// document holds (a bare node, or the `tree` of a snapshot or route request: the root,
    /// and every object in a `children` array below it), with an error whose `isLimit` is
    /// set. A caller that will draw that tree learns it is too large after reading as many
    /// nodes as it may draw, not the whole file. The trees of sequences and scripts are not
    /// counted.
    package static func parse(_ bytes: [UInt8], treeLimit: Int? = nil) throws(SyntaxError) -> JSONValueTree {
        var reader = JSONReader(bytes: bytes, treeLimit: treeLimit)
        return try reader.run()
    }

    private init(bytes: [UInt8], treeLimit: Int?) {
        self.bytes = bytes
        self.treeLimit = treeLimit
        // Not with a tree limit: reading may stop long before the end.
        if treeLimit == nil, bytes.count >= Self.reservingBytes { builder.reserve(values: Self.mostValues(in: bytes)) }
    }

    /// Text of at least this many bytes has its tree's room reserved before it is read.
    package static let reservingBytes = 1 << 16

    /// At most how many values `bytes` holds, counted in one pass: besides the top-level
    /// value, each value follows a `:` (in an object), a `[` (the first of an array) or a
    /// `,` (any other member) outside strings. (Empty containers and the commas between an
    /// object's members make it more; text that is not JSON, anything.)
    ///
    /// A large document's tree is then built in arrays of its final size. Grown by doubling
    /// instead, each of them was copied a dozen times into fresh memory: reading two trees of
    /// 1,000,000 nodes (80 MB of JSON) took 397,000 page faults, where 100,000 nodes took
    /// 35,000, and that part grew faster than the text. Bytes inside strings are not counted,
    /// so text full of commas reserves no more than its values need.
    package static func mostValues(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 1
            var i = 0
            let n = buffer.count
            while i < n {
                let byte = buffer[i]
                i += 1
                if byte == UInt8(ascii: "\"") {
                    // To the string's closing quote, past escaped characters.
                    while i < n {
                        let inner = buffer[i]
                        i += 1
                        if inner == UInt8(ascii: "\"") { break }
                        if inner == UInt8(ascii: "\\") { i += 1 }
                    }
                } else {
                    count &+= (byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[")) ? 1 : 0
                }
            }
            return count
        }
    }

    /// Notes what a container opened at `start` is to the counted tree, counting a node.
    private mutating func opened(object: Bool, at start: JSONValueTree.Location) throws(SyntaxError) {
        guard let limit = treeLimit else { return }
        let role: Role
        switch roles.last {
        case nil: role = object ? .node : .other
        case .node?:
            // `key` is this container's key in its parent object.
            if !object, key == .children { role = .children }
            else if object, key == .node, roles.count == 1 { role = .node }  // the top-level `tree`
            else { role = .other }
        case .children?:
            role = object ? .node : .other
            if object {
                nodes += 1
                // The root and the `nodes` below it.
                if nodes + 1 > limit {
                    throw SyntaxError(location: start, message: DocumentDecoder.pictureLimitMessage(limit), isLimit: true)
                }
            }
        case .other?: role = .other
        }
        roles.append(role)
    }

    private mutating func closed() {
        if treeLimit != nil { roles.removeLast() }
    }

    private enum State { case value, key, afterValue }

    private mutating func run() throws(SyntaxError) -> JSONValueTree {
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
        var open: [UInt8] = []  // closing bracket expected for each open container
        var state = State.value
        var done = false
        while true {
            skipWhitespace()
            switch state {
            case .value:
                guard pos < bytes.count else {
                    throw fail(open.isEmpty ? "the document is empty" : "unexpected end of input: a value is missing")
                }
                let start = location(pos)
                switch bytes[pos] {
                case UInt8(ascii: "{"):
                    pos += 1
                    builder.open(.object, at: start)
                    open.append(UInt8(ascii: "}"))
                    try opened(object: true, at: start)
                    skipWhitespace()
                    if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") {
                        pos += 1
                        builder.close()
                        open.removeLast()
                        closed()
                        state = .afterValue
                    } else {
                        state = .key
                    }
                case UInt8(ascii: "["):
                    pos += 1
                    builder.open(.array, at: start)
                    open.append(UInt8(ascii: "]"))
                    try opened(object: false, at: start)
                    skipWhitespace()
                    if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") {
                        pos += 1
                        builder.close()
                        open.removeLast()
                        closed()
                        state = .afterValue
                    }
                case UInt8(ascii: "\""):
                    let s = try readString()
                    builder.scalar(.string, s, at: start)
                    state = .afterValue
                case UInt8(ascii: "t"):
                    try literal("true")
                    builder.scalar(.bool, "true", at: start)
                    state = .afterValue
                case UInt8(ascii: "f"):
                    try literal("false")
                    builder.scalar(.bool, "false", at: start)
                    state = .afterValue
                case UInt8(ascii: "n"):
                    try literal("null")
                    builder.scalar(.null, "", at: start)
                    state = .afterValue
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let n = try readNumber()
                    builder.scalar(.number, n, at: start)
                    state = .afterValue
                default:
                    throw fail("unexpected \(describe(pos)); expected a value")
                }
            case .key:
                guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else {
                    throw fail(pos < bytes.count ? "expected a quoted key, found \(describe(pos))" : "unexpected end of input inside an object")
                }
                let k = try readString()
                skipWhitespace()
                guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else {
                    throw fail("expected ':' after key \"\(k)\"")
                }
                pos += 1
                builder.key(k)
                if treeLimit != nil { key = k == "children" ? .children : k == "tree" ? .node : .other }
                state = .value
            case .afterValue:
                guard let closing = open.last else {
                    done = true
                    break
                }
                guard pos < bytes.count else {
                    throw fail("unexpected end of input: '\(Character(Unicode.Scalar(closing)))' is missing")
                }
                let c = bytes[pos]
                if c == UInt8(ascii: ",") {
                    pos += 1
                    state = closing == UInt8(ascii: "}") ? .key : .value
                    if state == .value {
                        skipWhitespace()
                        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { throw fail("trailing comma before ']'") }
                    } else {
                        skipWhitespace()
                        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { throw fail("trailing comma before '}'") }
                    }
                } else if c == closing {
                    pos += 1
                    builder.close()
                    open.removeLast()
                    closed()
                } else {
                    throw fail("expected ',' or '\(Character(Unicode.Scalar(closing)))', found \(describe(pos))")
                }
            }
            if done { break }
        }
        if pos < bytes.count {
            throw fail("unexpected \(describe(pos)) after the end of the document")
        }
        return builder.finish()
    }

    private mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x0A:
                pos += 1
                line += 1
                lineStart = pos
            case 0x20, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        let count = expected.count
        guard pos + count <= bytes.count, bytes[pos..<(pos + count)].elementsEqual(expected) else {
            throw fail("unexpected \(describe(pos)); expected a value")
        }
        pos += count
    }

    private mutating func readNumber() throws(SyntaxError) -> String {
        let start = pos
        func digit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        guard digit(pos) else { throw fail("invalid number: a digit must follow '-'") }
        if bytes[pos] == UInt8(ascii: "0") {
            pos += 1
            if digit(pos) { throw fail("invalid number: leading zeros are not allowed") }
        } else {
            while digit(pos) { pos += 1 }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            guard digit(pos) else { throw fail("invalid number: a digit must follow '.'") }
            while digit(pos) { pos += 1 }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            guard digit(pos) else { throw fail("invalid number: a digit must follow the exponent") }
            while digit(pos) { pos += 1 }
        }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    private mutating func readString() throws(SyntaxError) -> String {
        let open = pos
        pos += 1
        let start = pos
        // Fast path: no escapes; ASCII text needs no UTF-8 validation. The bytes are read in
        // place to the first quote, backslash or control character.
        let (end, plain) = bytes.withUnsafeBufferPointer { b -> (Int, String?) in
            var i = start, high: UInt8 = 0
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                high |= c
                i += 1
            }
            // ASCII to a closing quote: the string, made from the bytes in place.
            guard i < b.count, b[i] == UInt8(ascii: "\""), high < 0x80 else { return (i, nil) }
            return (i, String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self))
        }
        pos = end
        if let plain {
            pos += 1
            return plain
        }
        if pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "\"") {
                let s = try utf8(bytes[start..<pos], at: open)
                pos += 1
                return s
            }
            if c < 0x20 { throw fail("control character U+\(hex4(UInt32(c))) in a string; write it escaped") }
        }
        var buffer = Array(bytes[start..<pos])
        while pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                return try utf8(buffer[...], at: open)
            }
            if c < 0x20 { throw fail("control character U+\(hex4(UInt32(c))) in a string; write it escaped") }
            if c != UInt8(ascii: "\\") {
                buffer.append(c)
                pos += 1
                continue
            }
            pos += 1
            guard pos < bytes.count else { break }
            let e = bytes[pos]
            pos += 1
            switch e {
            case UInt8(ascii: "\""): buffer.append(0x22)
            case UInt8(ascii: "\\"): buffer.append(0x5C)
            case UInt8(ascii: "/"): buffer.append(0x2F)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                        throw fail("invalid string: lone surrogate \\u\(hex4(scalar))")
                    }
                    pos += 2
                    let low = try hexQuad()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid string: lone surrogate \\u\(hex4(scalar))") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("invalid string: lone surrogate \\u\(hex4(scalar))")
                }
                buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default:
                pos -= 2
                throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string")
            }
        }
        pos = open
        throw fail("unterminated string")
    }

    private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
        guard pos + 4 <= bytes.count else { throw fail("invalid \\u escape: four hex digits expected") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[pos]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("invalid \\u escape: four hex digits expected")
            }
            v = v << 4 | d
            pos += 1
        }
        return v
    }

    private func utf8(_ slice: ArraySlice<UInt8>, at open: Int) throws(SyntaxError) -> String {
        if let s = String(validatingUTF8Bytes: slice) { return s }
        throw SyntaxError(location: location(open), message: "invalid UTF-8 in a string")
    }

    private func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    private func describe(_ i: Int) -> String {
        guard i < bytes.count else { return "end of input" }
        let c = bytes[i]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x\(String(c, radix: 16, uppercase: true))"
    }

    /// Line and column (1-based, columns in bytes) of an offset on the current line.
    private func location(_ offset: Int) -> JSONValueTree.Location {
        .init(line: line, column: max(offset, lineStart) - lineStart + 1)
    }

    private func fail(_ message: String) -> SyntaxError {
        SyntaxError(location: location(pos), message: message)
    }
}
