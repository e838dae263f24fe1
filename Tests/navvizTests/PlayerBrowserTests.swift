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
}
