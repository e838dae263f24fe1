/// Reads what UIKit's `_printHierarchy` prints in the debugger, as terminals, Xcode's console
/// and web pages reproduce it, into navviz snapshots.
///
/// ```
/// (lldb) expr -l objc -O -- [UIViewController _printHierarchy]
/// <UITabBarController 0x12c01d200>, state: appeared, view: <UILayoutContainerView 0x129e07b40>
///    | <UINavigationController 0x12a808200>, state: appeared, view: <UILayoutContainerView 0x129b10880>
///    |    | <App.ViewController 0x129b24540>, state: appeared, view: <UIView 0x129b2b750>
///    + <App.ViewController 0x12d2065e0>, state: appeared, view: <UIView 0x129b26a90>, presented with: <_UIPageSheetPresentationController 0x12d205aa0>
/// ```
///
/// Accepted as pasted: markers indented (`   |    |`) or collapsed (`| |`), lines wrapped
/// (joined again) or cut at the end (read as far as they go, with a warning), `(view not
/// loaded)`, `not in the window`, Swift generic class names (`<…>` inside the class), `(lldb)`
/// prompts and command echo (`po …`, `expr …`), and the debugger's output between a command
/// and the hierarchy. Several pastes, separated by prompt or command lines, are a sequence:
/// one frame per paste. How the tree is built is `UIKitTreeBuilder`'s.
public enum UIKitPaste {
    /// Whether `bytes` look like a paste: the first line that is not blank is an `(lldb)`
    /// prompt, a debugger command, or a view controller line (`<Class 0x…>, state: …`).
    /// Only the start of the input is looked at.
    public static func looksLikePaste(_ bytes: some Collection<UInt8>) -> Bool {
        let head = String(decoding: bytes.prefix(16 << 10), as: UTF8.self)
        for raw in head.split(separator: "\n", omittingEmptySubsequences: true).prefix(20) {
            let line = raw.trimmingSpaces
            if line.isEmpty { continue }
            if line.hasPrefix("(lldb)") { return true }
            if isCommand(line) { continue }
            let text = line.hasPrefix("Optional(") ? line.dropFirst("Optional(".count) : line
            guard let (_, _, rest) = UIKitPasteLine.prefix(of: text) else { return false }
            return rest.contains(" 0x") || rest.contains("state:")
        }
        return false
    }

    /// How a paste's controllers are named.
    public enum IDs: Sendable, Equatable {
        /// By their place, the same in every launch of the app: a tab bar's tabs `tab0`,
        /// `tab1`, …, any other controller its class name without the module, `#2`, `#3`, …
        /// after a name its siblings already have (docs/format.md, "UIKit pastes"). Two
        /// pastes from two launches then diff to what changed, and a paste can be recorded
        /// as a `check` expectation. The address stays in the node's `info`.
        case place
        /// By class and address (`ProductViewController@0x10a6157f0`): two instances of a
        /// class at one place, in pastes of one launch, are two nodes.
        case address
    }

    /// How a paste is read.
    public struct Options: Sendable, Equatable {
        /// How controllers are named (default: by their place).
        public var ids: IDs

        /// Controllers named by `ids`.
        public init(ids: IDs = .place) {
            self.ids = ids
        }
    }

    /// Reads a paste: a snapshot, or a sequence of one frame per paste.
    public static func read(_ bytes: [UInt8], warnings: inout [DocumentWarning]) throws(DocumentError) -> Document {
        try read(bytes, options: Options(), warnings: &warnings)
    }

    /// Reads a paste with `options`: a snapshot, or a sequence of one frame per paste.
    public static func read(_ bytes: [UInt8], options: Options, warnings: inout [DocumentWarning]) throws(DocumentError) -> Document {
        guard let text = String(validatingUTF8Bytes: bytes) else {
            throw .invalid([.init(line: 1, path: "", message: "a debugger paste must be UTF-8 text")])
        }
        var problems: [DocumentError.Problem] = []
        let pastes = split(text, problems: &problems)
        if !problems.isEmpty { throw .invalid(problems) }
        guard !pastes.isEmpty else {
            throw .invalid([.init(line: 1, path: "", message: "no view controller lines: expected the output of _printHierarchy, lines such as '<UINavigationController 0x7f8e1c00>, state: appeared, view: …'")])
        }
        var frames: [Snapshot] = []
        var selected: [String: String] = [:]
        for paste in pastes {
            let tree = try UIKitTreeBuilder.tree(paste.lines, selected: &selected, ids: options.ids, warnings: &warnings)
            frames.append(Snapshot(label: pastes.count > 1 ? "paste \(frames.count + 1) (line \(paste.lines[0].line))" : nil, tree: tree))
        }
        if frames.count == 1 { return .snapshot(frames[0].tree) }
        return .sequence(SnapshotSequence(snapshots: frames))
    }

    /// One paste: the view controller lines between two prompts.
    struct Paste {
        var lines: [UIKitPasteLine]
    }

    /// Splits the text into pastes and parses their lines, joining wrapped lines.
    static func split(_ text: String, problems: inout [DocumentError.Problem]) -> [Paste] {
        var pastes: [Paste] = []
        var current: [UIKitPasteLine] = []
        /// The text of the view controller line being read and where it started.
        var pending: (text: String, line: Int, depth: Int, presented: Bool)?
        /// After a prompt or command, until the first view controller line: debugger output.
        var afterCommand = false
        var optional = false

        func flushLine() {
            guard let p = pending else { return }
            pending = nil
            var body = Substring(p.text)
            if optional, body.hasSuffix(")"), !body.hasSuffix("loaded)") { body = body.dropLast() }
            do {
                current.append(try UIKitPasteLine.parse(body, line: p.line, depth: p.depth, presented: p.presented))
            } catch {
                problems.append(.init(line: p.line, path: "", message: error.message))
            }
        }
        func flushPaste() {
            flushLine()
            if !current.isEmpty { pastes.append(Paste(lines: current)) }
            current = []
            optional = false
        }

        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if problems.count >= DocumentDecoder.maxProblems { break }
            var line = raw.trimmingSpaces
            if line.isEmpty { continue }
            if line.hasPrefix("(lldb)") || isCommand(line) {
                flushPaste()
                afterCommand = true
                continue
            }
            if current.isEmpty, pending == nil, line.hasPrefix("Optional(") {
                line = line.dropFirst("Optional(".count)
                optional = true
            }
            if let (depth, presented, rest) = UIKitPasteLine.prefix(of: line), !(isContinuation(rest, of: pending?.text) && depth == 0) {
                flushLine()
                pending = (String(rest), number, depth, presented)
                afterCommand = false
                continue
            }
            if let p = pending {
                // A wrapped line: the rest of the one before.
                if mayContinue(p.text) || line.hasPrefix(",") || line.lowercased().filter({ !$0.isWhitespace }).hasPrefix("notinthewindow") {
                    pending!.text = p.text.trimmingSpacesAtEnd + String(line)
                    continue
                }
            }
            if afterCommand, current.isEmpty, pending == nil { continue }
            problems.append(.init(line: number, path: "", message: "expected a view controller line ('| <Class 0x…>, state: …'), an (lldb) prompt or the rest of a wrapped line, found '\(line.prefix(40))'"))
        }
        flushPaste()
        return pastes
    }

    /// Whether a line that starts like a root (`<…`) is rather the rest of `previous`,
    /// wrapped before a `<`: `view:` or `presented with:` ends the line before.
    static func isContinuation(_ rest: Substring, of previous: String?) -> Bool {
        guard let previous else { return false }
        let end = Substring(previous).trimmingSpaces
        return end.hasSuffix(":") || end.hasSuffix(",")
    }

    /// Whether a line ends part-way (so the next may be its rest): inside `<…>`, after a
    /// key, or in a word of a field.
    static func mayContinue(_ text: String) -> Bool {
        let body = Substring(text)
        guard let close = UIKitPasteLine.matchingBracket(body) else { return true }
        let rest = body[body.index(after: close)...]
        var depth = 0
        for c in rest {
            if c == "<" { depth += 1 } else if c == ">" { depth -= 1 }
        }
        if depth > 0 { return true }
        let end = rest.trimmingSpaces
        if end.isEmpty { return true }
        if end.hasSuffix(":") || end.hasSuffix(",") { return true }
        // The last field is not whole: a state or key cut in a word.
        guard let lastItem = UIKitPasteLine.splitItems(end).last?.trimmingSpaces else { return false }
        if let colon = lastItem.firstIndex(of: ":") {
            let key = lastItem[..<colon].normalizedKey
            let value = String(lastItem[lastItem.index(after: colon)...].trimmingSpaces)
            if key == "state" { return UIKitPasteLine.State(rawValue: value) == nil }
            if key == "view" { return value.hasSuffix("(view") || value.hasSuffix("not") || value.hasSuffix("not in") || value.hasSuffix("not in the") || value.hasSuffix("(view not") }
            return false
        }
        return true
    }

    /// A debugger command echoed without its prompt: `po …`, `p …`, `e …`, `expr …`,
    /// `expression …`, `call …`, `print …`.
    static func isCommand(_ line: Substring) -> Bool {
        let word = line.prefix { !$0.isWhitespace }
        return ["po", "p", "e", "expr", "expression", "call", "print"].contains(String(word)) && word.count < line.count
    }
}

extension String {
    var trimmingSpacesAtEnd: String {
        var s = Substring(self)
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
