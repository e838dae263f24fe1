import Testing
import NavVizCore
import NavVizFiles

/// Saved SwiftUI paths (docs/format.md, "SwiftUI paths"): what each kind reads as, how the
/// kind is told, and the errors that name the entry.
struct SwiftUIPathTests {
    static func render(_ text: String, as kind: SwiftUIPath.Kind? = nil) throws -> String {
        guard case .snapshot(let tree) = try SwiftUIPath.read(Array(text.utf8), as: kind) else { return "not a snapshot" }
        return TreeWriter.render(tree)
    }

    /// The error lines navviz prints for `text` read as `format` from a file named `path.json`.
    static func errors(_ text: String, _ format: InputFormat? = nil) -> [String] {
        let bytes = Array(text.utf8)
        do {
            _ = try DocumentFile.load(bytes: bytes, name: "path.json", format: format ?? DocumentFile.format(of: "path.json", bytes: bytes))
            return []
        } catch {
            return error.diagnostics.flatMap(\.lines)
        }
    }

    /// Point-Free's published `JSONEncoder().encode(path.codable!)` (blog post 78).
    @Test func pointFreeFixture() throws {
        let saved = #"["User","{\"id\":42,\"name\":\"Blob\"}","Swift.Bool","true","Swift.Int","42","Swift.String","\"hello\""]"#
        #expect(try Self.render(saved) == """
            stack "NavigationStack" (stack) ●
            └─ String?value=hello "String" Swift.String ●
               └─ Int?value=42 "Int" Swift.Int ●
                  └─ Bool?value=true "Bool" Swift.Bool ●
                     └─ User?id=42&name=Blob "User" (screen) ●

            """)
    }

    /// A real NavigationStack's output quoted in NavigationBackport issue #2: a module-qualified
    /// app type, keys unsorted, an emoji unescaped.
    @Test func navigationBackportFixture() throws {
        let saved = #"["NavigationBackportApp.EmojiVisualisation","{\"emoji\":\"🎈\",\"count\":99}","Swift.Int","99"]"#
        #expect(try Self.render(saved) == """
            stack "NavigationStack" (stack) ●
            └─ Int?value=99 "Int" Swift.Int ●
               └─ EmojiVisualisation?count=99&emoji=🎈 "EmojiVisualisation" NavigationBackportApp.EmojiVisualisation (screen) ●

            """)
    }

    @Test func enumsStructsRawValuesAndTCA() throws {
        let saved = #"["App.Tab","\"home\"","App.Shop.Path.State","{\"product\":{\"_0\":{\"productID\":42,\"quantity\":1}}}","App.Route","{\"compare\":{\"_0\":1,\"_1\":2}}","App.Route","{\"settings\":{}}","App.Shoe","{\"variant\":{\"size\":9,\"fit\":null},\"tags\":[\"a\",\"b\"],\"deep\":{\"a\":{\"b\":{\"c\":{\"d\":1}}}}}"]"#
        #expect(try Self.render(saved) == """
            stack "NavigationStack" (stack) ●
            └─ Shoe?deep.a.b.c={"d":1}&tags=["a","b"]&variant.size=9 "Shoe" App.Shoe ●
               └─ settings "Route.settings" App.Route ●
                  └─ compare?_0=1&_1=2 "Route.compare" App.Route ●
                     └─ product?productID=42&quantity=1 "Path.product" App.Shop.Path.State ●
                        └─ home "Tab" App.Tab (screen) ●

            """)
    }

    /// A typed path (`[Route]`, a saved TCA StackState): the values in order, no type names.
    @Test func typedPath() throws {
        let saved = #"[{"category":{"_0":"shoes"}},{"product":{"id":42}},"home",7,{"id":1,"name":"Ann"},{"product":{"_0":{"productID":3}}}]"#
        #expect(SwiftUIPath.kind(of: Array(saved.utf8)) == .typed)
        #expect(try Self.render(saved) == """
            stack "NavigationStack" (stack) ●
            └─ category?_0=shoes ●
               └─ product?id=42 ●
                  └─ home ●
                     └─ 7 ●
                        └─ element?id=1&name=Ann ●
                           └─ product?productID=3 (screen) ●

            """)
        #expect(try Self.render("[]") == "stack \"NavigationStack\" (stack) ●\n")
    }

    static let kinds: [(String, SwiftUIPath.Kind?)] = [
        (#"["App.Route","{\"a\":{}}"]"#, .codableRepresentation),
        (#"["User","{\"id\":1}"]"#, .codableRepresentation),
        (#"["Si","42"]"#, .codableRepresentation),
        (#"["App.Route",3]"#, .codableRepresentation),
        (#"["App.Route"]"#, .codableRepresentation),
        (#"["Swift.Array<App.Route>","[]"]"#, .codableRepresentation),
        (#"["home","search"]"#, .typed),
        (#"["home","true"]"#, .codableRepresentation),
        (#"[{"a":{}}]"#, .typed),
        (#"[1,2]"#, .typed),
        ("\u{FEFF}  \n[\"a b\"]", .typed),
        ("[]\n[]\n[\"App.A\",\"1\"]", .codableRepresentation),
        (#"{"id":"a"}"#, nil),
        ("- a", nil),
    ]

    @Test(arguments: kinds.indices)
    func kindIsTold(_ i: Int) {
        #expect(SwiftUIPath.kind(of: Array(Self.kinds[i].0.utf8)) == Self.kinds[i].1)
    }

    @Test func formatIsToldByContentAndInJSONFiles() {
        let saved = Array(#"["App.Route","{\"a\":{}}"]"#.utf8)
        #expect(InputFormat.sniff(saved) == .navigationPath)
        #expect(DocumentFile.format(of: "x.json", bytes: saved) == .navigationPath)
        #expect(DocumentFile.format(of: "x.json", bytes: Array("[1]".utf8)) == .typedPath)
        #expect(DocumentFile.format(of: "x.json", bytes: Array(#"{"id":"a"}"#.utf8)) == .json)
        #expect(InputFormat(name: "navigationpath") == .navigationPath && InputFormat(name: "typedpath") == .typedPath)
    }

    /// Bad input names the entry (counted from 0, as JSON paths do) at its line and column.
    static let bad: [(String, InputFormat?, [String])] = [
        (#"{"a":1}"#, .navigationPath, ["path.json:1:1: error: expected a NavigationPath.CodableRepresentation: an array of strings, each type name followed by that value's JSON, last element first; found an object"]),
        (#"["App.Route",3]"#, nil, ["path.json:1:14: error: [1]: expected a string (the JSON of the value of 'App.Route'), found a number"]),
        (#"[null,"1"]"#, .navigationPath, ["path.json:1:2: error: [0]: expected a string (a type name), found null"]),
        (#"["App.Route","{\"a\":{}}","App.Tab"]"#, nil, ["path.json:1:27: error: [2]: an odd number of entries (3): type name 'App.Tab' has no value after it; a NavigationPath.CodableRepresentation holds type name and value pairs"]),
        (#"["App.Route","{nope","App.Tab","\"x"]"#, nil, [
            "path.json:1:14: error: [1]: the value of 'App.Route' is not valid JSON: expected a quoted key, found 'n' (at character 2 of the string)",
            #"path.json:1:32: error: [3]: the value of 'App.Tab' is not valid JSON: unterminated string (at character 1 of the string)"#,
        ]),
        ("[\"App.A\",\"1\"]\n[\"App.B\",\"{\"]", nil, [#"path.json:2:10: error: [1]: the value of 'App.B' is not valid JSON: unexpected end of input inside an object (at character 2 of the string)"#]),
        (#"["App.Route","1""#, nil, ["path.json:1:17: error: invalid JSON: unexpected end of input: ']' is missing"]),
        (#"{"a":1}"#, .typedPath, ["path.json:1:1: error: expected a typed navigation path: an array of the path's values, bottom first, as JSONEncoder writes [Route]; found an object"]),
        ("  \n", .typedPath, ["path.json:1: error: empty input: expected a typed navigation path: an array of the path's values, bottom first, as JSONEncoder writes [Route]"]),
    ]

    @Test(arguments: bad.indices)
    func badInputNamesTheEntry(_ i: Int) {
        #expect(Self.errors(Self.bad[i].0, Self.bad[i].1) == Self.bad[i].2)
    }

    /// Several arrays, one a line: a sequence, each frame named by its line.
    @Test func linesAreASequence() throws {
        let text = "[]\n\n[\"App.Route\",\"{\\\"product\\\":{\\\"id\\\":42}}\"]\n[\"App.Route\",\"{\\\"product\\\":{\\\"id\\\":7}}\",\"App.Route\",\"{\\\"product\\\":{\\\"id\\\":42}}\"]\n"
        guard case .sequence(let s) = try SwiftUIPath.read(Array(text.utf8)) else { Issue.record("not a sequence"); return }
        #expect(s.snapshots.map(\.label) == ["path 1 (line 1)", "path 2 (line 3)", "path 3 (line 4)"])
        #expect(s.snapshots.map(\.tree.count) == [1, 2, 3])
        // A pretty-printed array spans lines that are not each an array: one path.
        #expect(try Self.render("[\n  \"App.A\",\n  \"1\"\n]\n").contains("1 \"A\" App.A (screen)"))
    }

    /// A value or type that names nothing never gives an empty id (which no document may
    /// have, so the imported file would not read back; fuzz-importers found the typed `[""]`):
    /// an empty value is named by its type, or `element`; a type named by its module alone
    /// (`App.`) keeps its name whole, as a UIKit paste's class does.
    @Test func emptyNamesStillNameTheScreen() throws {
        #expect(try Self.render(#"[""]"#) == "stack \"NavigationStack\" (stack) ●\n└─ element?value= (screen) ●\n")
        #expect(try Self.render(#"["App.Route","\"\""]"#).contains("└─ Route?value= \"Route\" App.Route (screen) ●"))
        #expect(try Self.render(#"["App.","{}"]"#).contains("└─ App. \"App.\" (screen) ●"))
        #expect(try Self.render(#"["","{}"]"#, as: .codableRepresentation).contains("└─ element (screen) ●"))
        #expect(try Self.render(#"["App.","{\"\":{}}"]"#).contains("└─ App. \"App..\" (screen) ●"))
        // The whole file, as `navviz import` reads it, then written and read back as JSON.
        let text = #"["App.Shop\":x\"}}"]"# + "\n[\"\"]\n"
        let document = try DocumentFile.load(bytes: Array(text.utf8), name: "path.json", format: .typedPath).document
        guard case .sequence(let sequence) = document else { Issue.record("expected a sequence"); return }
        let json = DocumentEncoder.sequence(sequence)
        #expect(throws: Never.self) { try DocumentFile.load(bytes: Array(json.utf8), name: "import.json", format: .json) }
    }

    /// A value nested far deeper than a context shows is read without recursion and clipped.
    @Test func deepValuesAreClipped() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let text = "[\"App.Deep\",\"\(deep)\"]"
        let out = try Self.render(text)
        #expect(out.contains("Deep?value=[[[[[["))
        #expect(out.contains("…"))
    }
}
