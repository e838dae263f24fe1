import Foundation
import NavVizScreenValues

/// Type names as navviz shows them. `type` is the module-qualified name
/// (`String(reflecting:)`: `App.Route`, `Swift.Int`), the same text
/// `NavigationPath.CodableRepresentation` writes; labels use it without modules.
enum TypeName {
    /// `App.Route`, `Swift.Array<App.Route>`, `App.ShopFeature.Path.State`.
    static func qualified(_ type: Any.Type) -> String { names(type).qualified }

    /// ``qualified(_:)`` and its ``labelName(_:)``, made once per type.
    static func names(_ type: Any.Type) -> (qualified: String, label: String) {
        let key = ObjectIdentifier(type)
        if let names = cache.names(key) { return names }
        let qualified = withoutLocalContexts(String(reflecting: type))
        let names = (qualified, SwiftTypeName.labelName(qualified))
        cache.set(names, for: key)
        return names
    }

    /// Names already made: `String(reflecting:)` demangles, and the label scans the name by
    /// character, which was most of what describing a TCA element cost.
    private static let cache = Cache()

    /// `@unchecked Sendable`: `names` is read and written only with `lock` held.
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [ObjectIdentifier: (qualified: String, label: String)] = [:]

        func names(_ key: ObjectIdentifier) -> (qualified: String, label: String)? {
            lock.lock()
            defer { lock.unlock() }
            return made[key]
        }

        func set(_ names: (qualified: String, label: String), for key: ObjectIdentifier) {
            lock.lock()
            defer { lock.unlock() }
            made[key] = names
        }
    }

    /// A type declared in a function prints as `App.(unknown context at $10a3c4).Step`, an
    /// address that changes between runs: the part is left out (`App.Step`).
    static func withoutLocalContexts(_ name: String) -> String {
        var out = name
        while let start = out.range(of: "(unknown context at $") {
            guard let close = out[start.upperBound...].firstIndex(of: ")") else { break }
            var end = out.index(after: close)
            if end < out.endIndex, out[end] == "." { end = out.index(after: end) }
            out.removeSubrange(start.lowerBound..<end)
        }
        return out
    }
}
