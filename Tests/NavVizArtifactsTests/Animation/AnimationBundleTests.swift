import Foundation
import NavVizArtifacts
import Testing
import _NavVizTestSupport

/// What an animation bundle holds, written by `Animation.write` in this process: the frames,
/// the player, summary.md, manifest.json and the GIF, for scripts, sequences, repeated
/// screens, one frame per operation, redaction and a failing step.
struct AnimationBundleTests {
    /// The deep-link script with PNG frames and a GIF, drawn by one worker: written once for
    /// the tests that read it (here, FrameDrawingTests and OutputDirectoryTests).
    static func deeplink(to destination: URL) throws -> Animation.Written {
        try Bundles.made("nivelir-deeplink.script.json", "deeplink-png-gif-jobs1",
                         options: .with { $0.png = true; $0.gif = true; $0.jobs = 1 }, to: destination)
    }

    @Test func aScriptsBundleHasFramesPlayerSummaryManifestAndGIF() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("deeplink")
        let written = try Self.deeplink(to: out)
        #expect(written.failure == nil)
        #expect(written.frames == 7)
        // initial + (pending, applied) x 3 steps
        let expected = (1...7).flatMap { [String(format: "frames/%04d.png", $0), String(format: "frames/%04d.svg", $0)] }
        #expect(Scratch.tree(out) == (["animation.gif", "frames"] + expected + ["index.html", "manifest.json", "summary.md"]).sorted())
        let gif = try Data(contentsOf: out.appendingPathComponent("animation.gif"))
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        #expect(gif.range(of: Data("NETSCAPE2.0".utf8)) != nil)
        let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("# Chat deep link while a modal is open (Nivelir)\n"))
        #expect(summary.contains("```mermaid\nflowchart TD\n"))
        #expect(summary.contains("| 3 | reset the chats stack to the list and push chat 7 (one setStack) | 1. change chatsStack: pop chat1?chatId=1; push chat7?chatId=7 | [0006](frames/0006.svg) [0007](frames/0007.svg) |"))
        let frames = try Bundles.manifestFrames(out)
        #expect(frames.count == 7)
        #expect(frames.map { $0["phase"] as? String } == ["initial", "pending", "applied", "pending", "applied", "pending", "applied"])
        #expect(frames[5]["png"] as? String == "frames/0006.png")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!html.contains("http://") || !html.contains("src=\"http"))
        #expect(try PlayerPage(html).phases == ["initial", "pending", "applied", "pending", "applied", "pending", "applied"])
        #expect(!html.contains("<template"), "the player draws its frames; it does not embed them")
    }

    /// Repeated screens: the player highlights the product an operation acts on (by its scene
    /// id, the path for the second and third), and each frame draws every product once.
    @Test func repeatedScreensAreHighlightedWhereTheyAre() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("shop")
        _ = try Animation.write(PackagePaths.sample("shop-related.sequence.json"), to: out.path, options: Animation.Options())
        let page = try PlayerPage(contentsOf: out.appendingPathComponent("index.html"))
        let operations = page.frames.indices.flatMap { page.operations($0) }
        let push = try #require(operations.first { $0.text == "push product?id=7 onto app/home/feed/product?id=7/product?id=12" })
        #expect(push.nodes == ["app/home/feed/product?id=7/product?id=12/product?id=7"])
        let applied = try String(contentsOf: out.appendingPathComponent("frames/0007.svg"), encoding: .utf8)
        for id in ["product", "app/home/feed/product?id=7/product?id=12", "app/home/feed/product?id=7/product?id=12/product?id=7"] {
            #expect(applied.components(separatedBy: "id=\"node&#45;\(id)\"").count == 2, "\(id)")
        }
    }

    @Test func nodesDoNotMoveBetweenFrames() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        _ = try Animation.write(PackagePaths.sample("katana-tabs.script.json"), to: tmp.appendingPathComponent("a").path, options: Animation.Options())
        var positions: [String: Set<String>] = [:]
        for i in 1...9 {
            let svg = try String(contentsOf: tmp.appendingPathComponent(String(format: "a/frames/%04d.svg", i)), encoding: .utf8)
            for id in ["tabBar", "tabOne", "tabTwo", "childOne"] {
                if let center = Self.center(of: id, in: svg) { positions[id, default: []].insert(center) }
            }
        }
        for (id, set) in positions { #expect(set.count == 1, "\(id) moved: \(set)") }
        #expect(positions.count == 4)
    }

    /// The centre of a node's outline (its first polygon, path or ellipse), rounded.
    static func center(of id: String, in svg: String) -> String? {
        guard let g = svg.range(of: "<g id=\"node&#45;\(id)\"") else { return nil }
        let rest = svg[g.upperBound...]
        guard let shape = rest.range(of: #" (points|d)="[^"]*""#, options: .regularExpression) else { return nil }
        let numbers = rest[shape].split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return "\(Int(((x0 + x1) / 2).rounded())),\(Int(((y0 + y1) / 2).rounded()))"
    }

    @Test func stepPerOperation() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("ops")
        _ = try Animation.write(PackagePaths.sample("portus-example-2.route.json"), to: out.path, options: .with { $0.granularity = .op })
        // 4 instructions, each its own transition: initial + 4 x (pending, applied)
        #expect(Scratch.tree(out.appendingPathComponent("frames")).count == 9)
    }

    @Test func redactReachesEveryArtifact() throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("r")
        _ = try Animation.write(PackagePaths.sample("nivelir-deeplink.script.json"), to: out.path, options: .with { $0.timeline.redact = true })
        for file in Scratch.tree(out) where file.contains(".") {
            let text = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("chatId=7") && !text.contains("chatId=1"), "\(file) leaks context")
        }
    }

    /// A recording whose only change is a context value, animated redacted: the operation is
    /// kept, its value hidden, in the manifest, the player and the frames, whether the file
    /// is read once and held or read twice.
    @Test(arguments: [0, 100_000])
    func redactedContextChangeKeepsItsOperation(heldBytes: Int) throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = tmp.appendingPathComponent("chat.sequence.json").path
        try """
            {"navviz": 1, "frames": [
             {"label": "chat 1", "tree": {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat", "context": {"chatId": "1001"}}]}},
             {"label": "chat 2", "tree": {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat", "context": {"chatId": "1002"}}]}}]}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")
        _ = try Animation.write(file, to: out.path, options: .with { $0.timeline.redact = true; $0.heldBytes = heldBytes })
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"phase\": \"pending\""), "the change vanished")
        #expect(manifest.contains("{\"chatId\": \"•••\"}"))
        for name in Scratch.tree(out) where name.contains(".") {
            let text = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains("1001") && !text.contains("1002"), "\(name) leaks a value")
        }
    }

    /// The bundle of a failing script or an unreachable route holds the steps up to the
    /// failure and the failure's own frame: the tree where it stopped, with why as its
    /// caption, in the frames, the player and the manifest; the call returns the failure.
    @Test(arguments: [("script", 4, ["initial", "pending", "applied", "failed"]),
                      ("portus-loop.route.json", 6, ["initial", "pending", "applied", "pending", "applied", "failed"])])
    func aFailureIsDrawnAsAFrameOfItsOwn(input: String, count: Int, phases: [String]) throws {
        let tmp = try Scratch.directory("artifacts")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = tmp.appendingPathComponent("broken.script.json").path
        try BrokenScript.text.write(toFile: file, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")
        let written = try Animation.write(input == "script" ? file : PackagePaths.sample(input), to: out.path, options: .with { $0.png = true })
        let failure = input == "script" ? BrokenScript.failure
            : "destination not reachable: routing loops: chunk 3 (enter settings) repeats chunk 1 on the same tree"
        #expect(written.failure == failure)
        #expect(written.main == out.path + "/index.html")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
        let frames = manifest?["frames"] as? [[String: Any]] ?? []
        #expect(frames.map { $0["phase"] as? String ?? "" } == phases)
        #expect(frames.last?["label"] as? String == "failed: " + failure)
        #expect(manifest?["failure"] as? String == failure)
        let last = String(format: "frames/%04d", count)
        let svg = try String(contentsOf: out.appendingPathComponent(last + ".svg"), encoding: .utf8)
        #expect(svg.contains(">Failed here</text>"))
        let words = failure.split(separator: " ").prefix(3).joined(separator: " ")
        #expect(svg.contains(words.replacingOccurrences(of: "'", with: "&#39;")), "the caption is missing from \(last).svg")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(last + ".png").path))
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let page = try PlayerPage(html)
        #expect(page.frames.count == count)
        #expect(page.phases.last == "failed")
        // The caption: the title, then the explanation in lines of at most 72 characters.
        #expect((page.frames.last?["c"] as? [String])?.joined(separator: " ") == "Failed here " + failure)
    }
}
