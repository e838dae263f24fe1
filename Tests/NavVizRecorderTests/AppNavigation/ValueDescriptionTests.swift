import Foundation
import Testing
import NavVizCore
import NavVizRecorder

// Values the tests describe.
enum Settings: Codable, Hashable, CustomStringConvertible {
    case general, privacy
    var description: String { "Settings…" }
}
enum Level: Int, Codable, Hashable { case one = 1, two }
enum Mood: String, Codable, Hashable { case calm, busy }
struct User: Codable, Hashable {
    var id: Int
    var name: String
    var email: String?
}
struct Shoe: Codable, Hashable {
    struct Variant: Codable, Hashable {
        var size: Int
        var color: String?
    }
    var sku: String
    var variant: Variant
    var tags: [String]
}
enum Page: Codable, Hashable {
    case user(User)
    case shoe(Shoe)
    case pair(Int, String)
    case url(URL)
}
/// Not Codable: described through Mirror.
struct Person: Hashable {
    var name: String
    var nickname: String?
}
enum Screen: Hashable {
    case person(Person)
    case both(Int, label: String)
    case empty
}

enum Blank: String, Codable, Sendable {
    case none = ""
}

/// A NavigationPath look-alike whose saved form is given.
struct SavedPath: NavigationPathRepresentable {
    let json: String
    var count: Int { 1 }
    var codableRepresentationJSON: Data? { Data(json.utf8) }
}

/// The rules by which a value becomes a screen (docs/format.md, "SwiftUI paths"), live, and
/// that a live value and its saved NavigationPath agree.
struct ValueDescriptionTests {
    static func describe(_ value: Any) -> String {
        let s = AppNavigation.Screen(value: value)
        let context = s.context.keys.sorted().map { "\($0)=\(s.context[$0]!)" }.joined(separator: "&")
        return "\(s.id)\(context.isEmpty ? "" : "?" + context) \"\(s.label ?? "")\" \(s.type ?? "")"
    }

    static let table: [(value: any Hashable & Sendable, expected: String)] = [
        (ShopRoute.category("shoes"), #"category?_0=shoes "ShopRoute.category" NavVizRecorderTests.ShopRoute"#),
        (ShopRoute.product(id: 42), #"product?id=42 "ShopRoute.product" NavVizRecorderTests.ShopRoute"#),
        (ShopRoute.reviews(productID: 42, page: 2), #"reviews?page=2&productID=42 "ShopRoute.reviews" NavVizRecorderTests.ShopRoute"#),
        (Settings.privacy, #"privacy "Settings.privacy" NavVizRecorderTests.Settings"#),
        (AppTab.shop, #"shop "AppTab" NavVizRecorderTests.AppTab"#),
        (Level.two, #"2 "Level" NavVizRecorderTests.Level"#),
        (User(id: 7, name: "Ann", email: nil), #"User?id=7&name=Ann "User" NavVizRecorderTests.User"#),
        (Shoe(sku: "a/b", variant: .init(size: 9, color: nil), tags: ["x", "y\"z"]),
         #"Shoe?sku=a/b&tags=["x","y\"z"]&variant.size=9 "Shoe" NavVizRecorderTests.Shoe"#),
        (Page.user(User(id: 1, name: "Bo", email: "b@x.io")), #"user?email=b@x.io&id=1&name=Bo "Page.user" NavVizRecorderTests.Page"#),
        (Page.pair(3, "x"), #"pair?_0=3&_1=x "Page.pair" NavVizRecorderTests.Page"#),
        (Page.url(URL(string: "https://example.com/a")!), #"url?_0=https://example.com/a "Page.url" NavVizRecorderTests.Page"#),
        (42, #"Int?value=42 "Int" Swift.Int"#),
        ("hello", #"String?value=hello "String" Swift.String"#),
        (Optional(ShopRoute.product(id: 7)), #"product?id=7 "ShopRoute.product" NavVizRecorderTests.ShopRoute"#),
        (Screen.person(Person(name: "Cy", nickname: nil)), #"person?name=Cy "Screen.person" NavVizRecorderTests.Screen"#),
        (Screen.both(1, label: "b"), #"both?_0=1&label=b "Screen.both" NavVizRecorderTests.Screen"#),
        (Screen.empty, #"empty "Screen.empty" NavVizRecorderTests.Screen"#),
        (Person(name: "Di", nickname: "D"), #"Person?name=Di&nickname=D "Person" NavVizRecorderTests.Person"#),
        // An empty raw value names nothing: the type names the screen, as a saved path's does.
        (Blank.none, #"Blank?value= "Blank" NavVizRecorderTests.Blank"#),
    ]

    @Test(arguments: table.indices)
    func valueBecomesAScreen(_ i: Int) {
        #expect(Self.describe(Self.table[i].value) == Self.table[i].expected)
    }

    /// A `sheet(item:)` item is the same sheet while its id stays: only `id` is context.
    @Test func identifiableItemIsItsID() {
        let a = AppNavigation.Screen(item: Compose(id: 3, draft: "a"))
        let b = AppNavigation.Screen(item: Compose(id: 3, draft: "ab"))
        #expect(a == b)
        #expect(a.id == "Compose" && a.context == ["id": "3"])
    }

    /// Key order of the JSON does not matter: the context is sorted, from parsed JSON.
    @Test func keyOrderDoesNotMatter() throws {
        let one = try Self.imported(#"["App.User","{\"name\":\"Ann\",\"id\":1}"]"#)
        let two = try Self.imported(#"["App.User","{\"id\":1,\"name\":\"Ann\"}"]"#)
        #expect(one == two)
    }

    /// What NavVizCore's importer makes of a saved path: its elements, bottom first.
    static func imported(_ json: String) throws -> [Node] {
        guard case .snapshot(let tree) = try SwiftUIPath.read(Array(json.utf8)) else { return [] }
        return tree.preorder().dropFirst().map(tree.node)
    }

    /// The screens a recorded stack holds above its root.
    static func recorded(_ stack: AppNavigation.Stack) throws -> [Node] {
        let tree = try AdapterTests.recorded(AppNavigation.stack(stack))
        return tree.preorder().dropFirst(2).map(tree.node)
    }

    static var pathValues: [AnyHashable] { [
        ShopRoute.category("shoes"), 42, Page.user(User(id: 1, name: "Ann", email: nil)), Mood.busy, Level.one,
        Shoe(sku: "s", variant: .init(size: 8, color: "red"), tags: []), "a \"quoted\" ü", Settings.general,
        Page.url(URL(string: "https://x.io/p?q=1")!),
    ] }

    /// The same values recorded live (a typed path, and a NavigationPath read through its
    /// Codable form) and imported from the saved NavigationPath give the same screens.
    @Test func liveAndSavedAgree() throws {
        var path = NavigationPath()
        for v in Self.pathValues { path.append(v) }
        let saved = try #require(path.codableRepresentationJSON)
        let imported = try Self.imported(String(decoding: saved, as: UTF8.self))
        let root = AppNavigation.Screen(id: "root")
        let typed = try Self.recorded(.init(root: root, values: Self.pathValues.map(\.base)))
        let erased = try Self.recorded(.init(root: root, navigationPath: path))
        #expect(imported.count == Self.pathValues.count)
        let key = { (n: Node) in "\(n.id) \(n.type ?? "") \(n.label ?? "") \(n.context.sorted { $0.key < $1.key })" }
        #expect(imported.map(key) == typed.map(key))
        #expect(imported.map(key) == erased.map(key))
    }

    /// Saved forms whose type or value names nothing (an empty type, a module without a
    /// type, an empty raw value) name their screens as the importer does, never with an
    /// empty id (which no document may have).
    @Test func emptyNamesAgreeWithTheImporter() throws {
        for saved in [#"["App.","{}"]"#, #"["","{}"]"#, #"["App.Tab","\"\""]"#, #"["","\"\""]"#, #"["App.","{\"\":{}}"]"#] {
            let live = try Self.recorded(.init(root: AppNavigation.Screen(id: "root"), navigationPath: SavedPath(json: saved)))
            guard case .snapshot(let tree) = try SwiftUIPath.read(Array(saved.utf8), as: .codableRepresentation) else { Issue.record(); continue }
            let imported = tree.preorder().dropFirst().map(tree.node)
            let key = { (n: Node) in "\(n.id) \(n.type ?? "-") \(n.label ?? "-") \(n.context.sorted { $0.key < $1.key })" }
            #expect(live.count == 1 && live.map(key) == imported.map(key), "\(saved)")
            #expect(live.allSatisfy { !$0.id.isEmpty }, "\(saved)")
        }
    }

    /// A NavigationPath with an element that is not Codable has no saved form: its elements
    /// are placeholders by position.
    @Test func pathThatIsNotCodableHasPlaceholders() throws {
        var path = NavigationPath()
        path.append(ShopRoute.category("a"))
        path.append(Person(name: "x"))
        let screens = try Self.recorded(.init(root: .init(id: "root"), navigationPath: path))
        #expect(screens.map(\.id) == ["element#1", "element#2"])
        #expect(screens.first?.label == "NavigationPath element (not Codable)")
    }
}
