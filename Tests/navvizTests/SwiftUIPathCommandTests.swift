import Foundation
import Testing
import _NavVizTestSupport

/// Every command reading what SwiftUI apps save (a NavigationPath's Codable representation,
/// a typed path), and `navviz import` writing it down.
@Suite struct SwiftUIPathCommandTests {
    @Test func savedPathsAreReadByTheirContent() throws {
        let r = try NavVizBinary.run(["validate", "Samples/swiftui-restored.navigationpath.json", "Samples/swiftui-saved.paths.txt", "Samples/tca-shop.stackstate.json"])
        #expect(r.status == 0)
        #expect(r.stdout == """
            Samples/swiftui-restored.navigationpath.json: ok (snapshot, 4 nodes)
            Samples/swiftui-saved.paths.txt: ok (sequence, 7 frames)
            Samples/tca-shop.stackstate.json: ok (snapshot, 4 nodes)

            """)
        let imported = try NavVizBinary.run(["import", "Samples/swiftui-restored.navigationpath.json"])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains(#""id": "product","#))
        let back = try NavVizBinary.run(["render", "-"], stdin: imported.stdout)
        #expect(back.stdout == (try NavVizBinary.run(["render", "Samples/swiftui-restored.navigationpath.json"])).stdout)
    }

    @Test func inputFormatSettlesWhatTheContentCannot() throws {
        let raw = #"["home","true"]"#
        #expect(try NavVizBinary.run(["render", "-"], stdin: raw).stdout.contains("true \"home\" home (screen)"))
        let typed = try NavVizBinary.run(["render", "-", "--input-format", "typedpath"], stdin: raw)
        #expect(typed.stdout == "stack \"NavigationStack\" (stack) ●\n└─ home ●\n   └─ true (screen) ●\n")
    }

    @Test func badRepresentationsNameTheEntry() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("path.json")
        try Data(#"["App.Route","{\"product\":{\"id\":42}}","App.Route","{nope"]"#.utf8).write(to: file)
        let r = try NavVizBinary.run(["render", file.path, "-o", dir.appendingPathComponent("out.svg").path])
        #expect(r.status == 65)
        #expect(r.stdout == "")
        #expect(r.stderr == "\(file.path):1:54: error: [3]: the value of 'App.Route' is not valid JSON: expected a quoted key, found 'n' (at character 2 of the string)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.svg").path))
        let odd = try NavVizBinary.run(["validate", "-", "--input-format", "navigationpath"], stdin: #"["App.Route"]"#)
        #expect(odd.status == 65)
        #expect(odd.stderr == "<stdin>:1:2: error: [0]: an odd number of entries (1): type name 'App.Route' has no value after it; a NavigationPath.CodableRepresentation holds type name and value pairs\n")
        let strings = try NavVizBinary.run(["validate", "-"], stdin: #"["App.Route",{"id":1}]"#)
        #expect(strings.status == 65)
        #expect(strings.stderr == "<stdin>:1:14: error: [1]: expected a string (the JSON of the value of 'App.Route'), found an object\n")
    }
}
