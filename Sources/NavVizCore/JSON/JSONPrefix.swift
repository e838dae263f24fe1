/// Tells a JSON text that was cut off part-way (a write that stopped: an app that crashed
/// while appending a line to its log) from one that is broken.
///
/// A text is cut when it is a proper prefix of some valid JSON text: every byte read so far
/// fits the grammar, and the text ends inside a value (an open object, array, string, number
/// or literal). A text that is complete, or that breaks the grammar before its end, is not.
package enum JSONPrefix {
    /// Whether `bytes` are the start of a JSON value that was cut off before its end.
    package static func isCut(_ bytes: some Collection<UInt8>) -> Bool {
        var scanner = Scanner()
        for byte in bytes {
            guard scanner.feed(byte) else { return false }
        }
        return scanner.isInsideValue
    }

    private struct Scanner {
        enum Expect { case value, firstKeyOrClose, key, colon, valueOrClose, commaOrClose, end }
        /// `}` or `]` for every open container.
        var open: [UInt8] = []
        var expect = Expect.value
        var inString = false
        var escape = 0  // 0: none; 1: after '\'; 2...5: hex digits of \u still expected
        var stringIsKey = false
        var literal: [UInt8] = []  // the rest of true/false/null still expected
        var inNumber = false
        var started = false

        /// Inside a container, a string or a literal (a number at the top level may be whole).
        var isInsideValue: Bool { started && (!open.isEmpty || inString || !literal.isEmpty) }

        mutating func feed(_ c: UInt8) -> Bool {
            if inString { return string(c) }
            if !literal.isEmpty {
                guard c == literal.removeFirst() else { return false }
                if literal.isEmpty { endValue() }
                return true
            }
            if inNumber {
                if isNumberByte(c) { return true }
                inNumber = false
                endValue()
            }
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { return true }
            if !started, c == 0xEF || c == 0xBB || c == 0xBF { return true }  // byte order mark
            started = true
            switch expect {
            case .end:
                return false
            case .colon:
                guard c == UInt8(ascii: ":") else { return false }
                expect = .value
                return true
            case .commaOrClose:
                if c == UInt8(ascii: ",") {
                    expect = open.last == UInt8(ascii: "}") ? .key : .value
                    return true
                }
                return close(c)
            case .firstKeyOrClose, .key:
                if expect == .firstKeyOrClose, c == UInt8(ascii: "}") { return close(c) }
                guard c == UInt8(ascii: "\"") else { return false }
                inString = true
                stringIsKey = true
                return true
            case .valueOrClose, .value:
                if expect == .valueOrClose, c == UInt8(ascii: "]") { return close(c) }
                switch c {
                case UInt8(ascii: "{"):
                    open.append(UInt8(ascii: "}"))
                    expect = .firstKeyOrClose
                case UInt8(ascii: "["):
                    open.append(UInt8(ascii: "]"))
                    expect = .valueOrClose
                case UInt8(ascii: "\""):
                    inString = true
                    stringIsKey = false
                case UInt8(ascii: "t"): literal = Array("rue".utf8)
                case UInt8(ascii: "f"): literal = Array("alse".utf8)
                case UInt8(ascii: "n"): literal = Array("ull".utf8)
                case UInt8(ascii: "-"), 0x30...0x39: inNumber = true
                default: return false
                }
                return true
            }
        }

        func isNumberByte(_ c: UInt8) -> Bool {
            (0x30...0x39).contains(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
        }

        mutating func string(_ c: UInt8) -> Bool {
            switch escape {
            case 0:
                if c == UInt8(ascii: "\\") {
                    escape = 1
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                    if stringIsKey { expect = .colon } else { endValue() }
                } else if c < 0x20 {
                    return false
                }
                return true
            case 1:
                switch c {
                case UInt8(ascii: "u"): escape = 5
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): escape = 0
                default: return false
                }
                return true
            default:
                guard (0x30...0x39).contains(c) || (0x41...0x46).contains(c) || (0x61...0x66).contains(c) else { return false }
                escape = escape == 2 ? 0 : escape - 1
                return true
            }
        }

        mutating func close(_ c: UInt8) -> Bool {
            guard let last = open.last, c == last else { return false }
            open.removeLast()
            endValue()
            return true
        }

        mutating func endValue() {
            expect = open.isEmpty ? .end : .commaOrClose
        }
    }
}
