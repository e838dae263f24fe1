import Foundation
import Testing
import _NavVizTestSupport

/// `navviz import` and every command reading a debugger paste directly.
@Suite struct ImportCommandTests {
    static let paste = "Samples/uikit-tabs.paste.txt"
    static let session = "Samples/uikit-session.pastes.txt"

    @Test func importPrintsASnapshotThatReadsBackAsThePaste() throws {
        let r = try NavVizBinary.run(["import", Self.paste])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.hasPrefix("{\n  \"navviz\": 1,\n  \"tree\": {\n    \"id\": \"UITabBarController@0x12c01d200\",\n    \"type\": \"UITabBarController\",\n    \"kind\": \"tabs\",\n    \"context\": {\"address\": \"0x12c01d200\"},\n    \"active\": \"App.ComposeViewController@0x12d2065e0\","))
        let direct = try NavVizBinary.run(["render", Self.paste])
        let back = try NavVizBinary.run(["render", "-"], stdin: r.stdout)
        #expect(direct.status == 0)
        #expect(back.stdout == direct.stdout)
        let yaml = try NavVizBinary.run(["import", Self.paste, "--format", "yaml"])
        #expect(yaml.status == 0)
        #expect(yaml.stdout.contains("id: UITabBarController@0x12c01d200"))
        #expect(try NavVizBinary.run(["render", "-"], stdin: yaml.stdout).stdout == direct.stdout)
    }

    @Test func severalPastesAreASequence() throws {
        let r = try NavVizBinary.run(["import", Self.session])
        #expect(r.status == 0)
        let validated = try NavVizBinary.run(["validate", "-"], stdin: r.stdout)
        #expect(validated.stdout == "-: ok (sequence, 4 frames)\n")
        let diff = try NavVizBinary.run(["diff", Self.session, "--transition", "1"])
        #expect(diff.stdout == "1. activate UINavigationController@0x10b01b600?address=0x10b01b600 in UITabBarController@0x10a808c00\n")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-pastes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        // Animated: the library's call, as the command makes it (the command runs on the
        // pastes in ExamplesTests, as README.md shows it).
        let animate = LibraryRuns.animate(Self.session, to: out)
        #expect(animate.status == 0, "\(animate.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: out + "/frames").filter { $0.hasSuffix(".svg") }
        #expect(frames.count == 7)
        // From standard input, and with the format named.
        let text = try String(contentsOfFile: PackagePaths.sample("uikit-session.pastes.txt"), encoding: .utf8)
        #expect(try NavVizBinary.run(["timeline", "-"], stdin: text).status == 0)
        #expect(try NavVizBinary.run(["validate", "-", "--input-format", "uikit"], stdin: text).stdout == "-: ok (sequence, 4 frames)\n")
    }

    @Test func badPastesNameTheLine() throws {
        let text = "<UINavigationController 0x1>, state: appeared\n   | <App.A 0x2> state: appeared\n"
        let r = try NavVizBinary.run(["render", "-"], stdin: text)
        #expect(r.status == 65)
        #expect(r.stdout == "")
        #expect(r.stderr == "<stdin>:2: error: expected ', state: …' after '<App.A 0x2>', found 'state: appeared'\n")
        let script = try NavVizBinary.run(["import", "Samples/nivelir-deeplink.script.json"])
        #expect(script.status == 65)
        #expect(script.stderr.contains("error: this action script is already a navviz document"))
    }

    @Test func cutLinesWarn() throws {
        let text = "<UINavigationController 0x1>, state: appeared\n   | <App.A 0x2>, state: appea"
        let r = try NavVizBinary.run(["import", "-"], stdin: text)
        #expect(r.status == 0)
        #expect(r.stderr == "<stdin>:2: warning: the line is cut off; read as far as it goes (App.A, state unknown)\n")
    }
}
