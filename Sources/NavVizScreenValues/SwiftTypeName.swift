/// Swift type names as a saved `NavigationPath` writes them (`Swift.Int`,
/// `App.ShopFeature.Path.State`, `Swift.Array<App.Route>`; Point-Free's `User` without a
/// module; clones' mangled `3App5RouteO`), and the short forms labels use. NavVizCore reads them
/// from saved paths, NavVizRecorder makes them from live values' types: one set of rules, so
/// a recorded path and the saved one name their screens alike.
package enum SwiftTypeName {
    /// The name without the module of each qualified name in it:
    /// `Swift.Array<App.Route>` → `Array<Route>`, `App.Outer.Inner` → `Outer.Inner`; a name
    /// without a module stays as it is (`User`). A name that would shorten to nothing, a
    /// module without a type (`App.`, cut short), stays whole: a short name is never empty
    /// where the name is not.
    package static func short(_ name: String) -> String {
        var out = ""
        var token = ""
        func flush() {
            if let dot = token.firstIndex(of: "."), dot != token.startIndex {
                out += token[token.index(after: dot)...]
            } else {
                out += token
            }
            token = ""
        }
        for ch in name {
            if ch.isLetter || ch.isNumber || ch == "_" || ch == "." || ch == "$" {
                token.append(ch)
            } else {
                flush()
                out.append(ch)
            }
        }
        flush()
        return out.isEmpty ? name : out
    }

    /// The name a label starts with: a TCA reducer's nested `State` is named by its reducer
    /// (`App.ShopFeature.Path.State` → `Path`, `App.ProductFeature.State` → `ProductFeature`),
    /// any other type by ``short(_:)``.
    package static func labelName(_ name: String) -> String {
        let short = short(name)
        let parts = short.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count >= 2, parts.last == "State", !parts[parts.count - 2].isEmpty {
            return String(parts[parts.count - 2])
        }
        return short
    }

    /// The name a screen of type `typeName` is shown by, its ``labelName(_:)``; nil for no
    /// type or an empty one. Never an empty string, so an id made from it is never empty.
    package static func screenName(_ typeName: String?) -> String? {
        guard let typeName, !typeName.isEmpty else { return nil }
        return labelName(typeName)
    }

    /// Whether `text` reads as a module-qualified type name: identifiers joined by dots
    /// (`App.Route`, `Swift.Optional<Swift.Int>`), before any generic arguments.
    package static func isQualified(_ text: String) -> Bool {
        let head = text.prefix { $0 != "<" && $0 != "(" }
        let parts = head.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy(isIdentifier)
            && (head.count == text.count || text.hasSuffix(">") || text.hasSuffix(")"))
    }

    /// Whether `text` could be a type name at all: a qualified or plain name, generic
    /// arguments, or a mangled name (`Si`, `3App5RouteO`): no spaces but after commas.
    package static func isTypeName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first.isNumber || first == "_" || first == "(" else { return false }
        var previous: Character = " "
        for ch in text {
            let ok = ch.isLetter || ch.isNumber || "_.$<>(),[]:?".contains(ch) || (ch == " " && previous == ",")
            if !ok { return false }
            previous = ch
        }
        return true
    }

    private static func isIdentifier(_ s: Substring) -> Bool {
        guard let first = s.first, first.isLetter || first == "_" else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    }
}
