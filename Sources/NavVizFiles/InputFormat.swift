import Foundation
import NavVizCore

/// How an input document is written: what `--input-format` names, what a file's extension
/// says, or what its content shows (``sniff(_:)``).
public enum InputFormat: String, Sendable, CaseIterable {
    case json, log, yaml
    /// A UIKit `_printHierarchy` paste from the debugger (`UIKitPaste`).
    case uikit
    /// A SwiftUI `NavigationPath.CodableRepresentation` as `JSONEncoder` writes it
    /// (`SwiftUIPath`), or several, one per line.
    case navigationPath = "navigationpath"
    /// A typed SwiftUI path (`[Route]`, a TCA `StackState`) as `JSONEncoder` writes it
    /// (`SwiftUIPath`), or several, one per line.
    case typedPath = "typedpath"

    /// The format a path's extension names, or nil when it names none (read the
    /// content to tell).
    public init?(extensionOf path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "yaml", "yml": self = .yaml
        case "ndjson", "jsonl": self = .log
        case "json": self = .json
        default: return nil
        }
    }

    /// The format a path's extension implies (JSON when it names none).
    public init(path: String) {
        self = InputFormat(extensionOf: path) ?? .json
    }

    /// The format the content shows, for inputs without a telling extension: a UIKit
    /// paste (`UIKitPaste/looksLikePaste(_:)`), a saved SwiftUI path (a JSON array:
    /// `SwiftUIPath/kind(of:)` tells which kind), JSON (several lines that are each an
    /// object: a log), YAML (a `key:` or `- ` line, a
    /// `---` or `%YAML` header, a `#` comment), else JSON, whose reader then says what
    /// is wrong.
    public static func sniff(_ bytes: some BidirectionalCollection<UInt8>) -> InputFormat {
        if UIKitPaste.looksLikePaste(bytes) { return .uikit }
        if let path = SwiftUIPath.kind(of: bytes) { return InputFormat(path) }
        let lines = bytes.split(separator: 0x0A).map { line in
            line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        }.filter { !$0.isEmpty }
        guard let first = lines.first else { return .json }
        let text = String(decoding: first.prefix(200), as: UTF8.self)
        if text.hasPrefix("{") {
            // A log: several lines, each an object (the last one may be cut off).
            let isLog = lines.count > 1 && lines.allSatisfy { $0.first == UInt8(ascii: "{") }
                && lines.dropLast().allSatisfy { endsWithBrace(Array($0)) }
            return isLog ? .log : .json
        }
        if text.hasPrefix("[") || text.hasPrefix("\"") { return .json }
        if text.hasPrefix("---") || text.hasPrefix("%YAML") || text.hasPrefix("#") || text.hasPrefix("- ") || text == "-" { return .yaml }
        if looksLikeYAMLKey(text) { return .yaml }
        return .json
    }

    private static func endsWithBrace(_ line: [UInt8]) -> Bool {
        line.last { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } == UInt8(ascii: "}")
    }

    /// `key:` or `key: value` where the key is a plain or quoted word.
    private static func looksLikeYAMLKey(_ line: String) -> Bool {
        guard let colon = line.firstIndex(of: ":") else { return false }
        let key = line[..<colon]
        let after = line[colon...].dropFirst()
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return false }
        let plain = key.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        return !plain.isEmpty && plain.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// The format `--input-format` names: a case's name, or `yml` (YAML), `ndjson` or
    /// `jsonl` (a log).
    public init?(name: String) {
        switch name {
        case "yml": self = .yaml
        case "ndjson", "jsonl": self = .log
        default: self.init(rawValue: name)
        }
    }

    /// Every name ``init(name:)`` takes, in the order `--help` lists them.
    public static let names = ["json", "yaml", "yml", "log", "ndjson", "jsonl", "uikit", "navigationpath", "typedpath"]

    /// The format of a saved SwiftUI path of `kind`.
    public init(_ kind: SwiftUIPath.Kind) {
        self = kind == .typed ? .typedPath : .navigationPath
    }
}
