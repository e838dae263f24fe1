/// One view controller of a `_printHierarchy` paste: what one line (with the lines it was
/// wrapped onto) says.
///
/// ```
///    |    | <App.ViewController 0x129b24540>, state: appeared, view: <UIView 0x129b2b750>
///    + <App.ViewController 0x12d2065e0>, state: appeared, view: <UIView 0x129b26a90>, presented with: <_UIPageSheetPresentationController 0x12d205aa0>
/// ```
///
/// Each `|` or `+` before `<` is one level of depth; the last one says how the controller
/// hangs from the one above at the level before: `|` a child, `+` presented by it.
struct UIKitPasteLine: Equatable {
    /// The view controller's state, as UIKit's appearance callbacks left it.
    enum State: String, CaseIterable {
        case appeared, disappeared, appearing, disappearing
        /// On screen, or coming on screen.
        var isVisible: Bool { self == .appeared || self == .appearing }
    }

    /// The 1-based line the controller is on (the first, when it was wrapped).
    var line: Int
    /// Markers before `<`: 0 for the root.
    var depth: Int
    /// The last marker was `+`: presented by its parent.
    var presented: Bool
    /// The class name, module kept: `App.ViewController`, `SwiftUI.UIHostingController<App.Root>`.
    var className: String
    /// `0x12d2065e0`, where the paste has it.
    var address: String?
    /// Nil when the line does not say (cut before it).
    var state: State?
    /// Whether the view is loaded (nil: not said).
    var viewLoaded: Bool?
    /// `not in the window`.
    var notInWindow = false
    /// The line ends before it should: cut off at the end.
    var cut = false

    /// The base name of the class, without module and generic arguments: `UITabBarController`.
    var baseName: String {
        let plain = className.prefix { $0 != "<" }
        return String(plain.split(separator: ".").last ?? plain[...])
    }
}

/// Why a paste line is not what it should be: the message says what was expected.
struct UIKitPasteLineError: Error {
    var message: String
}

extension UIKitPasteLine {
    /// Where a node line starts: markers (`|`, `+`, spaces, tabs), then `<`. Nil when the
    /// line does not look like one; the number of markers and the last marker otherwise.
    static func prefix(of text: Substring) -> (depth: Int, presented: Bool, rest: Substring)? {
        var depth = 0
        var presented = false
        var i = text.startIndex
        while i < text.endIndex {
            switch text[i] {
            case "|": depth += 1; presented = false
            case "+": depth += 1; presented = true
            case " ", "\t": break
            case "<": return (depth, presented, text[i...])
            default: return nil
            }
            i = text.index(after: i)
        }
        return nil
    }

    /// Parses `<Class 0xADDR>, state: …, view: …, presented with: …` (the text from `<`).
    /// A line that ends part-way is read as far as it goes and marked ``cut``.
    static func parse(_ text: Substring, line: Int, depth: Int, presented: Bool) throws(UIKitPasteLineError) -> UIKitPasteLine {
        var entry = UIKitPasteLine(line: line, depth: depth, presented: presented, className: "")
        guard let close = matchingBracket(text) else {
            // Cut inside the class token: keep what is there.
            let inner = text.dropFirst().trimmingSpaces
            guard !inner.isEmpty else { throw UIKitPasteLineError(message: "expected a class name after '<'") }
            (entry.className, entry.address) = classAndAddress(inner)
            if entry.address == nil { entry.className += "…" }
            entry.cut = true
            return entry
        }
        let inner = text[text.index(after: text.startIndex)..<close].trimmingSpaces
        (entry.className, entry.address) = classAndAddress(inner)
        guard !entry.className.isEmpty else { throw UIKitPasteLineError(message: "expected a class name after '<'") }
        var rest = text[text.index(after: close)...].trimmingSpaces
        guard rest.isEmpty || rest.first == "," else {
            throw UIKitPasteLineError(message: "expected ', state: …' after '<\(inner)>', found '\(rest.prefix(40))'")
        }
        if !rest.isEmpty { rest = rest.dropFirst() }
        let items = splitItems(rest)
        for (n, item) in items.enumerated() {
            let last = n == items.count - 1
            try entry.read(item, last: last)
        }
        return entry
    }

    private mutating func read(_ item: Substring, last: Bool) throws(UIKitPasteLineError) {
        let text = item.trimmingSpaces
        guard let colon = text.firstIndex(of: ":") else {
            let key = text.normalizedKey
            if last, key.isEmpty || Self.keys.contains(where: { $0.hasPrefix(key) }) {
                cut = true
                return
            }
            throw UIKitPasteLineError(message: "expected 'state:', 'view:' or 'presented with:', found '\(text.prefix(40))'")
        }
        let key = text[..<colon].normalizedKey
        let value = text[text.index(after: colon)...].trimmingSpaces
        switch key {
        case "state":
            if let state = State(rawValue: String(value)) {
                self.state = state
            } else if last, State.allCases.contains(where: { $0.rawValue.hasPrefix(value) }) {
                cut = true
            } else {
                throw UIKitPasteLineError(message: "expected a state (appeared, disappeared, appearing or disappearing) after 'state:', found '\(value.prefix(40))'")
            }
        case "view":
            let squeezed = value.filter { !$0.isWhitespace }
            if squeezed == "(viewnotloaded)" {
                viewLoaded = false
            } else if value.first == "<", let close = Self.matchingBracket(value) {
                viewLoaded = true
                let after = value[value.index(after: close)...].filter { !$0.isWhitespace }
                if after == "notinthewindow" {
                    notInWindow = true
                } else if !after.isEmpty {
                    guard last, "notinthewindow".hasPrefix(after) else {
                        throw UIKitPasteLineError(message: "expected 'not in the window' or ',' after the view, found '\(after.prefix(40))'")
                    }
                    cut = true
                }
            } else if last, value.isEmpty || value.first == "<" || "(viewnotloaded)".hasPrefix(squeezed) {
                cut = true
            } else {
                throw UIKitPasteLineError(message: "expected '<ViewClass 0x…>' or '(view not loaded)' after 'view:', found '\(value.prefix(40))'")
            }
        case "presentedwith":
            if value.first == "<", Self.matchingBracket(value) != nil {
                break
            } else if last, value.isEmpty || value.first == "<" {
                cut = true
            } else {
                throw UIKitPasteLineError(message: "expected '<PresentationControllerClass 0x…>' after 'presented with:', found '\(value.prefix(40))'")
            }
        default:
            // A field this navviz does not know (a later iOS may add one): ignored.
            break
        }
    }

    static let keys = ["state", "view", "presentedwith"]

    /// The index of the `>` that closes the `<` at the start (generic arguments nest).
    static func matchingBracket(_ text: Substring) -> Substring.Index? {
        var depth = 0
        var i = text.startIndex
        while i < text.endIndex {
            switch text[i] {
            case "<": depth += 1
            case ">":
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i = text.index(after: i)
        }
        return nil
    }

    /// `App.ViewController 0x1` → (`App.ViewController`, `0x1`); a class written with a
    /// colon (`<Class: 0x1>`) or glued to its address by a wrapped line is read too.
    /// Generic arguments are written with `, ` between them, however the paste spaced them.
    static func classAndAddress(_ inner: Substring) -> (String, String?) {
        var name = inner
        var address: String?
        let digits = inner.reversed().prefix { $0.isHexDigit }
        let beforeDigits = inner.dropLast(digits.count)
        if !digits.isEmpty, beforeDigits.hasSuffix("0x"), !beforeDigits.dropLast(2).trimmingSpaces.isEmpty {
            address = "0x" + String(digits.reversed()).lowercased()
            name = beforeDigits.dropLast(2)
        }
        var cleaned = String(name.trimmingSpaces)
        if cleaned.hasSuffix(":") { cleaned.removeLast() }
        let squeezed = cleaned.filter { !$0.isWhitespace }
        return (squeezed.replacing(",", with: ", "), address)
    }

    /// Splits `state: x, view: <A<B, C> 0x1>, presented with: …` at the commas outside
    /// `<>` and `()`.
    static func splitItems(_ text: Substring) -> [Substring] {
        var items: [Substring] = []
        var depth = 0
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            switch text[i] {
            case "<", "(": depth += 1
            case ">", ")": depth = max(0, depth - 1)
            case "," where depth == 0:
                items.append(text[start..<i])
                start = text.index(after: i)
            default: break
            }
            i = text.index(after: i)
        }
        items.append(text[start...])
        return items.filter { !$0.trimmingSpaces.isEmpty || items.count == 1 }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return s
    }

    /// `presented with` → `presentedwith`.
    var normalizedKey: String { lowercased().filter { !$0.isWhitespace } }
}
