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
        #expect(r.stdout.hasPrefix("{\n  \"navviz\": 1,\n  \"tree\": {\n    \"id\": \"UITabBarController\",\n    \"type\": \"UITabBarController\",\n    \"kind\": \"tabs\",\n    \"info\": {\"address\": \"0x12c01d200\"},\n    \"active\": \"ComposeViewController\","), "\(r.stdout.prefix(400))")
        let direct = try NavVizBinary.run(["render", Self.paste])
        let back = try NavVizBinary.run(["render", "-"], stdin: r.stdout)
        #expect(direct.status == 0)
        #expect(back.stdout == direct.stdout)
        let yaml = try NavVizBinary.run(["import", Self.paste, "--format", "yaml"])
        #expect(yaml.status == 0)
        #expect(yaml.stdout.contains("id: UITabBarController"))
        #expect(yaml.stdout.contains("address: 0x12c01d200") || yaml.stdout.contains("address: '0x12c01d200'"), "\(yaml.stdout.prefix(400))")
        #expect(try NavVizBinary.run(["render", "-"], stdin: yaml.stdout).stdout == direct.stdout)
    }

    /// Pastes from two launches of the app (every address different): `diff` says what
    /// changed and nothing else, and one launch's session is the other's `check`
    /// expectation. `--uikit-addresses` tells the launches' controllers apart.
    @Test func pastesOfTwoLaunchesDiffToWhatChanged() throws {
        let tmp = try Scratch.directory("launches")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let text = try String(contentsOfFile: Self.session, encoding: .utf8)
        let pastes = text.components(separatedBy: "(lldb) po [UIViewController _printHierarchy]\n").filter { $0.contains("<") }
        let relaunched = text.replacingOccurrences(of: " 0x10", with: " 0x20")
        let before = tmp.appendingPathComponent("launch1.txt"), after = tmp.appendingPathComponent("launch2.txt")
        try pastes[0].write(to: before, atomically: true, encoding: .utf8)
        try relaunched.components(separatedBy: "(lldb) po [UIViewController _printHierarchy]\n").filter { $0.contains("<") }[1]
            .write(to: after, atomically: true, encoding: .utf8)
        let diff = try NavVizBinary.run(["diff", before.path, after.path])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout == "1. push ProductViewController onto CatalogViewController\n")
        let byAddress = try NavVizBinary.run(["diff", before.path, after.path, "--uikit-addresses"])
        #expect(byAddress.stdout.contains("UITabBarController@0x10a808c00") && byAddress.stdout.contains("UITabBarController@0x20a808c00"), "\(byAddress.stdout)")

        let session2 = tmp.appendingPathComponent("session2.txt")
        try relaunched.write(to: session2, atomically: true, encoding: .utf8)
        let expected = tmp.appendingPathComponent("session.expected.json").path
        #expect(try NavVizBinary.run(["check", Self.session, "--expect", expected, "--record"]).status == 0)
        let check = try NavVizBinary.run(["check", session2.path, "--expect", expected])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout == "\(session2.path): ok (3 transitions, 5 operations match \(expected))\n")
        #expect(try String(contentsOfFile: expected, encoding: .utf8).contains("0x") == false, "an expectation holds no address")
    }

    @Test func severalPastesAreASequence() throws {
        let r = try NavVizBinary.run(["import", Self.session])
        #expect(r.status == 0)
        let validated = try NavVizBinary.run(["validate", "-"], stdin: r.stdout)
        #expect(validated.stdout == "-: ok (sequence, 4 frames)\n")
        let diff = try NavVizBinary.run(["diff", Self.session, "--transition", "1"])
        #expect(diff.stdout == "1. activate tab1 in UITabBarController\n")
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
