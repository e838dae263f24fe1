import Foundation
import Testing
import _NavVizTestSupport

/// The HTML player in a real browser (headless Chromium from Debian): it loads without
/// console errors, opens the frame named in the URL fragment, and keyboard stepping changes
/// what is shown. CI installs chromium; elsewhere the test runs when it is on the PATH.
struct PlayerBrowserTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static func browse(_ url: String) throws -> (dom: String, log: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                             "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0",
                             "--virtual-time-budget=3000", "--dump-dom", url]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let dom = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (String(decoding: dom, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    static func attribute(_ name: String, in dom: String) -> String? {
        guard let r = dom.range(of: "\(name)=\"") else { return nil }
        let rest = dom[r.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    @Test(.enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil))
    func playerLoadsStepsAndHonoursTheFragment() throws {
        try #require(Self.chromium != nil, "chromium is not installed (apt-get install chromium)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-player-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try NavVizBinary.run(["animate", "Samples/tempura-showhide.script.json", "-o", dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        let page = dir.appendingPathComponent("index.html").absoluteString

        let third = try Self.browse(page + "#3")
        #expect(Self.attribute("data-frame", in: third.dom) == "3")
        #expect(third.dom.contains("<p id=\"label\">Show(screenB)</p>"))
        #expect(third.dom.contains("<svg"))
        let consoleErrors = third.log.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")

        let stepped = try Self.browse(page.replacingOccurrences(of: "index.html", with: "index.html?selftest") + "#1")
        #expect(Self.attribute("data-selftest", in: stepped.dom) == "1|2:Show(screenB)|3:Show(screenB)|2:Show(screenB)|11:Hide(screenB, atomic): one hide")
    }

    /// The page's data attributes the `?selftest` run leaves on `<body>`.
    static func selftest(_ page: URL) throws -> [String: String] {
        let url = page.absoluteString.replacingOccurrences(of: "index.html", with: "index.html?selftest") + "#1"
        let (dom, log) = try browse(url)
        let consoleErrors = log.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")
        var out: [String: String] = [:]
        for name in ["data-frame", "data-selftest", "data-last-phase", "data-failed-rows", "data-zoomed-in", "data-focus-nodes",
                     "data-details", "data-filtered", "data-after-filter-click", "data-first-paint-ms", "data-jump-ms", "data-nodes"] {
            out[name] = attribute(name, in: dom)
        }
        return out
    }

    /// A recorded session of 300 transitions (screens that keep changing, modals, deep links):
    /// the page stays small, and a user can step, jump to the end, zoom, focus, click a node
    /// and filter the step list.
    @Test(.enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil))
    func longSessionIsDrawnOnceAndDrivenLikeAUserWould() throws {
        try #require(Self.chromium != nil, "chromium is not installed (apt-get install chromium)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let log = dir.appendingPathComponent("session.ndjson")
        try SessionLog.ndjson(transitions: 300, seed: 7).write(to: log, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = try NavVizBinary.run(["animate", log.path, "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let index = out.appendingPathComponent("index.html")
        let size = try FileManager.default.attributesOfItem(atPath: index.path)[.size] as? Int ?? 0
        #expect(size < 2_000_000, "index.html is \(size) bytes")
        let page = try PlayerPage(contentsOf: index)
        let count = page.frames.count
        #expect(count > 300)

        let seen = try Self.selftest(index)
        let stepped = try #require(seen["data-selftest"]).split(separator: "|")
        #expect(stepped.first == "1")
        #expect(stepped.last?.hasPrefix("\(count):") == true, "End shows the last frame: \(stepped)")
        #expect(seen["data-zoomed-in"] == "true", "+ zooms in")
        // Focus shows fewer nodes and counts the hidden ones under the nodes it keeps.
        let focus = try #require(seen["data-focus-nodes"]).split(separator: "/").compactMap { Int($0) }
        #expect(focus.count == 3 && focus[0] < focus[1] && focus[2] > 0, "\(focus)")
        #expect(seen["data-details"]?.hasPrefix("id: ") == true, "a clicked node shows its fields: \(seen["data-details"] ?? "")")
        #expect(seen["data-details"]?.contains("shown in steps") == true)
        #expect(seen["data-filtered"]?.hasPrefix("0 of ") == true, "no step failed: \(seen["data-filtered"] ?? "")")
        #expect(seen["data-failed-rows"] == "0")
    }

    /// A failed route is a step of its own: the last frame, marked in the step list, found by
    /// the filter.
    @Test(.enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil))
    func failedRouteIsAStepOfItsOwn() throws {
        try #require(Self.chromium != nil, "chromium is not installed (apt-get install chromium)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-failed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try NavVizBinary.run(["animate", "Samples/portus-loop.route.json", "-o", dir.path])
        #expect(r.status == 1, "\(r.stderr)")
        let index = dir.appendingPathComponent("index.html")
        let count = try PlayerPage(contentsOf: index).frames.count
        let seen = try Self.selftest(index)
        #expect(seen["data-last-phase"]?.hasPrefix("failed") == true, "\(seen["data-last-phase"] ?? "")")
        #expect(seen["data-failed-rows"] == "1")
        #expect(seen["data-filtered"]?.hasPrefix("1 of ") == true, "\(seen["data-filtered"] ?? "")")
        #expect(seen["data-after-filter-click"] == String(count), "the failed step's row opens its frame")
    }
}
