import Foundation

/// A type-erased path the recorder reads through its saved form: SwiftUI's `NavigationPath`
/// conforms (under SwiftUI, in this library), tests use look-alikes. Its elements cannot be
/// listed, but its `codable` representation can be encoded: type names and each value's
/// JSON, last element first.
public protocol NavigationPathRepresentable {
    /// How many elements the path holds.
    var count: Int { get }
    /// `JSONEncoder().encode(path.codable)`: the path as state restoration saves it; nil
    /// when an element is not Codable.
    var codableRepresentationJSON: Data? { get }
}

extension AppNavigation.Stack {
    /// A stack whose path is a `NavigationPath`: each element named as the saved path's
    /// import names it (``AppNavigation/Screen/init(value:presenting:)``'s rules on its type
    /// name and JSON). Where the path has no Codable representation (an element is not
    /// Codable), its elements are `element#1`…`element#N` by position, labelled
    /// `NavigationPath element (not Codable)`: make the elements Codable, or use a typed path.
    public init(id: String = "stack", label: String? = nil, root: AppNavigation.Screen, navigationPath: some NavigationPathRepresentable,
                presenting: AppNavigation.Presentation? = nil) {
        let elements = navigationPath.codableRepresentationJSON.flatMap(Self.elements(ofSaved:))
            ?? (0..<navigationPath.count).map { i in
                AppNavigation.Screen(id: "element#\(i + 1)", label: "NavigationPath element (not Codable)")
            }
        self.init(id: id, label: label, root: root, path: elements, presenting: presenting)
    }

    /// The screens of a `NavigationPath.CodableRepresentation`'s JSON, bottom first; nil when
    /// it is not an even array of strings, each value JSON.
    static func elements(ofSaved data: Data) -> [AppNavigation.Screen]? {
        guard case .array(let items)? = SavedJSON.parse(data), items.count % 2 == 0 else { return nil }
        var screens: [AppNavigation.Screen] = []
        var i = 0
        while i < items.count {
            guard case .string(let typeName) = items[i], case .string(let text) = items[i + 1],
                  let value = SavedJSON.parse(Array(text.utf8)) else { return nil }
            let d = ValueDescription(typeName: typeName, json: value)
            screens.append(AppNavigation.Screen(id: d.id, type: d.type, label: d.label, context: d.context))
            i += 2
        }
        return screens.reversed()
    }
}
