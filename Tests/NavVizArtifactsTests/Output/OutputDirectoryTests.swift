import Foundation
import NavVizArtifacts
import Testing
import NavVizCore
import _NavVizTestSupport

/// `Animation.write` replaces only a directory navviz wrote (its manifest lists every file in
/// it) or an empty one, whole; anything else is refused (73) and kept as it was, as is the
/// previous bundle when a run fails; nothing is left beside the destination.
struct OutputDirectoryTests {
    static let script = #"{"navviz": 1, "initial": {"id": "r"}, "steps": [{"label": "push", "actions": [{"push": {"id": "a"}}]}]}"#

    /// A bundle navviz wrote is replaced whole; one holding a file its manifest does not list
    /// is refused, naming the file, and nothing in it is touched; an empty directory is
    /// written into.
    @Test func onlyItsOwnBundleIsReplaced() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("out")
        _ = try AnimationBundleTests.deeplink(to: out)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
        #expect(manifest?["files"] as? [String] == ["index.html", "manifest.json", "summary.md"])
        _ = try Animation.write(PackagePaths.sample("katana-tabs.script.json"), to: out.path, options: Animation.Options())
        #expect(!Scratch.tree(out).contains("animation.gif") && Scratch.tree(out).filter { $0.hasPrefix("frames/") }.count == 9)
        #expect(Scratch.tree(tmp).allSatisfy { $0.hasPrefix("out") })
        for foreign in ["notes.txt", "frames/extra.svg"] {
            try "mine".write(to: out.appendingPathComponent(foreign), atomically: true, encoding: .utf8)
            let before = try Scratch.contents(out)
            let refused = try #require(throws: NavVizError.self) {
                try Animation.write(PackagePaths.sample("tab-switch.sequence.json"), to: out.path, options: Animation.Options())
            }
            #expect(refused.kind == .cannotReplace)
            #expect(refused.lines == ["\(out.path): error: cannot replace '\(out.path)': '\(out.path)/\(foreign)' was not written by navviz (its manifest.json does not list it); move it out, or give -o another directory"])
            #expect(try Scratch.contents(out) == before)
            try FileManager.default.removeItem(at: out.appendingPathComponent(foreign))
        }
        // An empty directory loses nothing.
        let empty = tmp.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        _ = try Animation.write(PackagePaths.sample("tab-switch.sequence.json"), to: empty.path, options: Animation.Options())
        #expect(Scratch.tree(empty).contains("index.html"))
    }

    /// The benchmark's DOT frames are a bundle too: the next run may replace them.
    @Test func dotFramesAreReplaceable() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("dot")
        for _ in 0..<2 {
            _ = try Animation.write(PackagePaths.sample("tab-switch.sequence.json"), to: out.path, options: .with { $0.dotOnly = true })
        }
        #expect(Scratch.tree(out).contains("frames/0001.dot"))
    }

    /// A replaced bundle is renamed aside and removed: the destination holds only the new
    /// bundle, and nothing is left beside it.
    @Test func aReplacedBundleIsRemoved() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("again")
        for _ in 0..<2 {
            _ = try Animation.write(PackagePaths.sample("tempura-showhide.script.json"), to: out.path, options: Animation.Options())
        }
        #expect(Scratch.tree(out).filter { $0.hasPrefix("frames/") && $0.hasSuffix(".svg") }.count == 11)
        let others = try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { $0 != "again" }
        #expect(others.isEmpty, "left beside the bundle: \(others)")
    }

    /// A run that fails leaves the previous bundle as it was, and nothing beside it; a
    /// directory navviz did not make is never replaced, not even by a run that would succeed.
    @Test func aFailureLeavesAnExistingDirectoryAlone() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("keep")
        _ = try Bundles.made("tempura-showhide.script.json", "tempura", to: out)
        let before = try Scratch.contents(out)
        let inputs = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: inputs) }
        let bad = inputs.appendingPathComponent("bad.json")
        try #"{"initial": {"id": "r"}, "steps": [{"label": "boom", "actions": [{"pop": {"id": "ghost"}}]}]}"#.write(to: bad, atomically: true, encoding: .utf8)
        let failed = try #require(throws: NavVizError.self) {
            try Animation.write(bad.path, to: out.path, options: Animation.Options())
        }
        #expect(failed.kind == .invalidInput)
        #expect(failed.lines.first?.hasPrefix("\(bad.path): error: steps[0].actions[0]") == true, "\(failed.lines)")
        #expect(try Scratch.contents(out) == before)
        #expect(Scratch.tree(tmp).allSatisfy { $0.hasPrefix("keep") })
        let mine = tmp.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "old".write(to: mine.appendingPathComponent("marker.txt"), atomically: true, encoding: .utf8)
        let refused = try #require(throws: NavVizError.self) {
            try Animation.write(PackagePaths.sample("tempura-showhide.script.json"), to: mine.path, options: Animation.Options())
        }
        #expect(refused.kind == .cannotReplace)
        #expect(Scratch.tree(mine) == ["marker.txt"])
    }

    /// A bundle replaced by a run that succeeds is replaced whole: none of its files stay,
    /// and no temporary is left beside it.
    @Test func successReplacesTheBundleWholeAndLeavesNoTemporaries() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("out")
        _ = try Bundles.made("tempura-showhide.script.json", "tempura", to: out)
        #expect(Scratch.tree(tmp).contains("out/frames/0011.svg"))
        let inputs = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: inputs) }
        let input = inputs.appendingPathComponent("script.json")
        try Self.script.write(to: input, atomically: true, encoding: .utf8)
        _ = try Animation.write(input.path, to: out.path, options: Animation.Options())
        let files = Scratch.tree(tmp)
        #expect(!files.contains("out/frames/0011.svg"))
        #expect(files.contains("out/index.html") && files.contains("out/summary.md") && files.contains("out/manifest.json"))
        #expect(files.allSatisfy { $0.hasPrefix("out") }, "\(files)")
    }
}
