import Foundation
import Testing
import _NavVizTestSupport

/// `navviz animate`, `timeline` and `check` run as a user runs them.
struct AnimateCommandTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-anim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func files(_ dir: URL) -> [String] {
        let e = FileManager.default.enumerator(atPath: dir.path)
        return ((e?.allObjects as? [String]) ?? []).sorted()
    }

    @Test func bundleHasFramesPlayerSummaryManifestAndGIF() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("deeplink")
        let r = try NavVizBinary.run(["animate", "Samples/nivelir-deeplink.script.json", "-o", out.path, "--png", "--gif"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "\(out.path)/index.html\n")
        #expect(r.stderr == "")
        // initial + (pending, applied) x 3 steps
        let expected = (1...7).flatMap { [String(format: "frames/%04d.png", $0), String(format: "frames/%04d.svg", $0)] }
        #expect(Self.files(out) == (["animation.gif", "frames"] + expected + ["index.html", "manifest.json", "summary.md"]).sorted())
        let gif = try Data(contentsOf: out.appendingPathComponent("animation.gif"))
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        #expect(gif.range(of: Data("NETSCAPE2.0".utf8)) != nil)
        let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("# Chat deep link while a modal is open (Nivelir)\n"))
        #expect(summary.contains("```mermaid\nflowchart TD\n"))
        #expect(summary.contains("| 3 | reset the chats stack to the list and push chat 7 (one setStack) | 1. change chatsStack: pop chat1?chatId=1; push chat7?chatId=7 | [0006](frames/0006.svg) [0007](frames/0007.svg) |"))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
        let frames = manifest?["frames"] as? [[String: Any]]
        #expect(frames?.count == 7)
        #expect(frames?.map { $0["phase"] as? String } == ["initial", "pending", "applied", "pending", "applied", "pending", "applied"])
        #expect(frames?[5]["png"] as? String == "frames/0006.png")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!html.contains("http://") || !html.contains("src=\"http"))
        #expect(try PlayerPage(html).phases == ["initial", "pending", "applied", "pending", "applied", "pending", "applied"])
        #expect(!html.contains("<template"), "the player draws its frames; it does not embed them")
    }

    /// Repeated screens: the player highlights the product an operation acts on (by its scene
    /// id, the path for the second and third), and each frame draws every product once.
    @Test func repeatedScreensAreHighlightedWhereTheyAre() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("shop")
        let r = try NavVizBinary.run(["animate", "Samples/shop-related.sequence.json", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let page = try PlayerPage(contentsOf: out.appendingPathComponent("index.html"))
        let operations = page.frames.indices.flatMap { page.operations($0) }
        let push = try #require(operations.first { $0.text == "push product?id=7 onto app/home/feed/product?id=7/product?id=12" })
        #expect(push.nodes == ["app/home/feed/product?id=7/product?id=12/product?id=7"])
        let applied = try String(contentsOf: out.appendingPathComponent("frames/0007.svg"), encoding: .utf8)
        for id in ["product", "app/home/feed/product?id=7/product?id=12", "app/home/feed/product?id=7/product?id=12/product?id=7"] {
            #expect(applied.components(separatedBy: "id=\"node&#45;\(id)\"").count == 2, "\(id)")
        }
    }

    /// Worker processes draw the same bytes: a bundle is the same whatever --jobs says.
    @Test(arguments: ["Samples/nivelir-deeplink.script.json", "Samples/tab-switch.sequence.json"])
    func jobsGiveTheSameFiles(sample: String) throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        var bundles: [[String: Data]] = []
        for jobs in ["1", "3"] {
            let out = tmp.appendingPathComponent("jobs\(jobs)")
            let r = try NavVizBinary.run(["animate", sample, "-o", out.path, "--png", "--gif", "--jobs", jobs])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr == "")
            var files: [String: Data] = [:]
            for name in Self.files(out) where !name.hasSuffix("frames") {
                files[name] = try Data(contentsOf: out.appendingPathComponent(name))
            }
            bundles.append(files)
        }
        #expect(bundles[0].keys.sorted() == bundles[1].keys.sorted())
        for (name, bytes) in bundles[0] { #expect(bundles[1][name] == bytes, "\(name) differs between --jobs 1 and --jobs 3") }
        // Only --png keeps the PNG frames the GIF was made from.
        let out = tmp.appendingPathComponent("gif")
        let r = try NavVizBinary.run(["animate", sample, "-o", out.path, "--gif", "--jobs", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.files(out).contains("animation.gif") && !Self.files(out).contains { $0.hasSuffix(".png") })
    }

    /// A sequence file is streamed (read twice, a frame at a time); standard input is read
    /// whole. Both give the same bundle.
    /// (`--held-bytes 0`, a hidden option, makes navviz read even a short file twice, as it reads a long one.)
    @Test(arguments: [("Samples/tab-switch.sequence.json", false), ("Samples/tempura-showhide.sequence.json", false),
                      ("Samples/tab-switch.sequence.json", true)])
    func streamedAndWholeGiveTheSameBundle(sample: String, redact: Bool) throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        let streamed = tmp.appendingPathComponent("streamed"), whole = tmp.appendingPathComponent("whole")
        let options = ["--title", "t"] + (redact ? ["--redact", "--dialect", "katana"] : [])
        let a = try NavVizBinary.run(["animate", sample, "-o", streamed.path, "--held-bytes", "0"] + options)
        let b = try NavVizBinary.run(["animate", "-", "-o", whole.path] + options, stdin: text)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(Self.files(streamed) == Self.files(whole))
        // Held after one reading (the default for a file this short): the same bundle again.
        let held = tmp.appendingPathComponent("held")
        let c = try NavVizBinary.run(["animate", sample, "-o", held.path] + options)
        #expect(c.status == 0, "\(c.stderr)")
        for name in Self.files(streamed) where name.contains(".") {
            let x = try Data(contentsOf: streamed.appendingPathComponent(name)), y = try Data(contentsOf: whole.appendingPathComponent(name))
            #expect(x == y, "\(name) differs between a streamed file and standard input")
            #expect(try Data(contentsOf: held.appendingPathComponent(name)) == y, "\(name) differs between a held file and standard input")
            if redact { #expect(!String(decoding: x, as: UTF8.self).contains("messageId=42"), "\(name) leaks context") }
        }
    }

    /// A problem deep in a long sequence is reported as `validate` reports it, and nothing
    /// is written.
    @Test func streamedFileReportsProblemsLikeValidate() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        var frames = (0..<40).map { i in #"{"label": "f\#(i)", "tree": {"id": "root", "children": [{"id": "s\#(i)"}]}}"# }
        frames[33] = #"{"tree": {"id": "root", "children": [{"id": "root"}, {"id": "root"}]}}"#
        let file = tmp.appendingPathComponent("late.json")
        try Data(("{\"frames\": [\n" + frames.joined(separator: ",\n") + "\n]}").utf8).write(to: file)
        let out = tmp.appendingPathComponent("out")
        let r = try NavVizBinary.run(["animate", file.path, "-o", out.path])
        let v = try NavVizBinary.run(["validate", file.path])
        #expect(r.status == 65)
        #expect(r.stderr == v.stderr)
        #expect(r.stderr.contains("frames[33].tree.children[1]: duplicate id 'root' with no context among the children of 'root' (the other is frames[33].tree.children[0])"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// With every option that shapes the frames set, two worker processes draw what one draws.
    @Test func workersDrawWithEveryFrameOption() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        var bundles: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let out = tmp.appendingPathComponent("jobs\(jobs)")
            let r = try NavVizBinary.run(["animate", "Samples/tab-switch.sequence.json", "-o", out.path, "--png", "--jobs", jobs,
                                          "--step", "op", "--theme", "dark", "--redact", "--dialect", "katana"])
            #expect(r.status == 0, "\(r.stderr)")
            var files: [String: Data] = [:]
            for name in Self.files(out) where name.contains(".") { files[name] = try Data(contentsOf: out.appendingPathComponent(name)) }
            bundles.append(files)
        }
        #expect(bundles[0].keys.sorted() == bundles[1].keys.sorted())
        for (name, bytes) in bundles[0] { #expect(bundles[1][name] == bytes, "\(name) differs between one and two processes") }
    }

    @Test func nodesDoNotMoveBetweenFrames() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let r = try NavVizBinary.run(["animate", "Samples/katana-tabs.script.json", "-o", tmp.appendingPathComponent("a").path])
        #expect(r.status == 0, "\(r.stderr)")
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
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("ops")
        let r = try NavVizBinary.run(["animate", "Samples/portus-example-2.route.json", "-o", out.path, "--step", "op"])
        #expect(r.status == 0, "\(r.stderr)")
        // 4 instructions, each its own transition: initial + 4 x (pending, applied)
        #expect(Self.files(out.appendingPathComponent("frames")).count == 9)
    }

    @Test func failureLeavesAnExistingDirectoryAlone() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("keep")
        let first = try MadeBundles.copy("Samples/tempura-showhide.script.json", to: out)
        #expect(first.status == 0, "\(first.stderr)")
        let before = Self.files(out)
        let bad = try NavVizBinary.run(["animate", "-", "-o", out.path], stdin: #"{"initial": {"id": "r"}, "steps": [{"label": "boom", "actions": [{"pop": {"id": "ghost"}}]}]}"#)
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("<stdin>: error: steps[0].actions[0]"), "\(bad.stderr)")
        #expect(Self.files(out) == before)
        #expect(Self.files(tmp).allSatisfy { $0.hasPrefix("keep") })
        // A directory navviz did not make is never replaced, not even by a good run.
        let mine = tmp.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "old".write(to: mine.appendingPathComponent("marker.txt"), atomically: true, encoding: .utf8)
        let good = try NavVizBinary.run(["animate", "Samples/tempura-showhide.script.json", "-o", mine.path])
        #expect(good.status == 73)
        #expect(Self.files(mine) == ["marker.txt"])
    }

    /// A replaced bundle is renamed aside at once and removed in the background: the
    /// destination holds only the new bundle, and the old one is soon gone.
    @Test func replacedBundleIsRemoved() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("again")
        for _ in 0..<2 {
            let r = try NavVizBinary.run(["animate", "Samples/tempura-showhide.script.json", "-o", out.path])
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(Self.files(out).filter { $0.hasPrefix("frames/") && $0.hasSuffix(".svg") }.count == 11)
        let others = try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { $0 != "again" }
        #expect(others.isEmpty, "left beside the bundle: \(others)")
    }

    @Test func unwritableDestinationExits74() throws {
        let r = try NavVizBinary.run(["animate", "Samples/tempura-showhide.script.json", "-o", "/nonexistent/out"])
        #expect(r.status == 74)
        #expect(r.stderr == "/nonexistent/out: error: cannot write: directory '/nonexistent' does not exist\n")
    }

    @Test func redactReachesEveryArtifact() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("r")
        let r = try NavVizBinary.run(["animate", "Samples/nivelir-deeplink.script.json", "-o", out.path, "--redact"])
        #expect(r.status == 0)
        for file in Self.files(out) where file.contains(".") {
            let text = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("chatId=7") && !text.contains("chatId=1"), "\(file) leaks context")
        }
    }

    @Test func timelineCommand() throws {
        let text = try NavVizBinary.run(["timeline", "Samples/tempura-showhide.script.json"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Tempura Show and Hide\n\nframe 0: initial\nscreenA ScreenAViewController ●\n"))
        let json = try NavVizBinary.shared(["timeline", "Samples/portus-loop.route.json", "--format", "json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"failure\": \"destination not reachable: "))
        #expect(json.stderr.hasPrefix("Samples/portus-loop.route.json: error: destination not reachable: "))
    }

    @Test func checkRecordsComparesAndExplainsDrift() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let expect = tmp.appendingPathComponent("expected.json").path
        let record = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", expect, "--record"])
        #expect(record.status == 0)
        #expect(record.stdout == "recorded 5 transitions in \(expect)\n")
        let same = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", expect])
        #expect(same.status == 0)
        let drift = try NavVizBinary.run(["check", "Samples/tempura-showhide.sequence.json", "--expect", expect])
        #expect(drift.status == 1)
        #expect(drift.stdout == """
            step 5 (Hide(screenB, atomic): one hide):
              - 1. pop screenB from screenA
              + 1. pop screenC from screenB
              + 2. pop screenB from screenA

            """)
        #expect(drift.stderr == "Samples/tempura-showhide.sequence.json: error: the operations drifted from \(expect) (re-record with --record if the change is intended)\n")
        let missing = try NavVizBinary.run(["check", "Samples/tempura-showhide.script.json", "--expect", tmp.appendingPathComponent("none.json").path])
        #expect(missing.status == 66)
    }
}
