import Foundation
import Testing
import _NavVizTestSupport

/// `navviz watch` end to end, nothing mocked: the real `navviz watch`, a real recorder
/// process (`navviz-recorder-probe`, NavigationRecorder streaming over HTTP) and headless
/// Chromium showing the live page, driven over the DevTools protocol by
/// `Scripts/watch-e2e.py` (which `make bench` runs at full size for the figures). Here each
/// scenario runs small, and the test checks what must hold whatever the machine's load: every
/// step recorded is painted, a burst loses none, a restarted server shows the recorder's whole
/// buffer with no step twice, a page that let old frames and windows go shows them as a page
/// that kept them, and a page of another origin is refused.
@Suite(.serialized) struct WatchBrowserTests {
    static let chromium = Chromium.path

    /// Python 3 with `websockets` (the DevTools and WebSocket client the script uses).
    static let python: Bool = {
        guard let result = try? NavVizBinary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import websockets"],
                                                 in: PackagePaths.root) else { return false }
        return result.status == 0
    }()

    /// Whether the test runs: Chromium and Python's `websockets` are installed, or this is CI
    /// (where their absence fails it: `.ci/run` installs both).
    static let enabled = (chromium != nil && python) || ProcessInfo.processInfo.environment["CI"] != nil

    /// The recorder stand-in, built beside the test bundle (`swift build` builds it).
    static var probe: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navviz-recorder-probe").path
    }

    /// The bounds are for a run that hangs, scaled under a sanitizer (an ASan run at a load of
    /// 10 to 17 took longer than 240 s and was killed).
    @Test(.enabled(if: enabled), .timeLimit(.minutes(Int(5 * Sanitizer.slowdown))))
    func aRecorderTheServerAndABrowserAgree() throws {
        let figures = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-watch-e2e-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: figures) }
        let script = PackagePaths.root.appendingPathComponent("Scripts/watch-e2e.py").path
        let result = try NavVizBinary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, "--navviz", NavVizBinary.url.path, "--probe", Self.probe,
                                         "--scenario", "origin", "--scenario", "latency", "--steps", "150", "--rate", "20",
                                         "--scenario", "burst", "--burst", "400", "--scenario", "restart",
                                         "--scenario", "travel", "--travel", "3000",
                                         "--json", figures.path], in: PackagePaths.root, timeout: Sanitizer.seconds(240))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let data = try Data(contentsOf: figures)
        let report = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((report["failures"] as? [String])?.isEmpty == true, "\(report)")
        let values = try #require(report["figures"] as? [String: Any])
        #expect(values["origin_refused_status"] as? Int == 403)
        #expect(values["latency_painted_states"] as? Int == 150)
        #expect(values["burst_states_shown"] as? Int == 400)
        #expect(values["restart_states_shown"] as? Int == 150)
        #expect(values["restart_duplicates"] as? Int == 0)
        // A page that let old frames and windows go shows them as one that kept them.
        #expect(values["travel_frames_differing"] as? Int == 0)
        #expect((values["travel_windows_let_go"] as? Int ?? 0) > 0)
    }
}
