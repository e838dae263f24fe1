import Foundation
import Testing
import _NavVizTestSupport

/// The HTML player in a real browser (headless Chromium from Debian): it loads without
/// console errors, opens the frame named in the URL fragment, and keyboard stepping changes
/// what is shown. CI installs chromium; elsewhere the tests run when it is on the PATH. The
/// pages are drawn and loaded once for every test, in one Chromium run (``BrowserSession``).
struct PlayerBrowserTests {
    @Test(.enabled(if: BrowserSession.enabled))
    func playerLoadsStepsAndHonoursTheFragment() throws {
        try #require(BrowserSession.chromium != nil, "chromium is not installed (apt-get install chromium)")
        let third = try BrowserSession.page("tempura")
        #expect(third.run.status == 0, "\(third.run.stderr)")
        #expect(BrowserSession.attribute("data-frame", in: third.dom) == "3")
        #expect(third.dom.contains("<p id=\"label\">Show(screenB)</p>"))
        #expect(third.dom.contains("<svg"))
        let consoleErrors = try BrowserSession.consoleErrors(third)
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")

        let stepped = try BrowserSession.page("tempura-selftest")
        #expect(BrowserSession.attribute("data-selftest", in: stepped.dom) == "1|2:Show(screenB)|3:Show(screenB)|2:Show(screenB)|11:Hide(screenB, atomic): one hide")
        // The counts agree: 11 frames, 5 steps after the start (its 5 transitions).
        #expect(try Self.selftest(stepped)["data-counts"] == "frame 1 of 11|start · before step 1 of 5|5 steps after the start")
    }

    /// Every frame of a 300-transition session, at 1400 × 900, with Fit and with Focus:
    /// whatever the frame and the camera, the view
    /// shows its context (the changed nodes and the visible screen, with the path from the
    /// root to each) inside the view, every label of it at least 11 px high, and the active
    /// path above the picture. The page measures what the browser drew (`?walk`: each
    /// label's screen box and size) and the test reads the totals.
    @Test(.enabled(if: BrowserSession.enabled))
    func everyFrameShowsItsContextReadably() throws {
        try #require(BrowserSession.chromium != nil, "chromium is not installed (apt-get install chromium)")
        let walk = try BrowserSession.page("walk")
        #expect(walk.run.status == 0, "\(walk.run.stderr)")
        let frames = try PlayerPage(walk.html).frames.count
        #expect(frames > BrowserSession.walkTransitions)
        func attribute(_ name: String) -> String { BrowserSession.attribute(name, in: walk.dom) ?? "" }
        #expect(attribute("data-walk-frames") == String(frames))
        #expect(attribute("data-walk-context-frames") == String(frames),
                "frames without their context in view: \(attribute("data-walk-failures")); the first: \(attribute("data-walk-first-failure"))")
        let smallest = try #require(Double(attribute("data-walk-min-context-px")), "no label measured")
        #expect(smallest >= 11, "a label of the context is \(smallest) px high")
        // With Focus too.
        #expect(attribute("data-walk-focus-context-frames") == String(frames),
                "focused frames without their context in view: \(attribute("data-walk-focus-failures"))")
        #expect((Double(attribute("data-walk-focus-min-context-px")) ?? 0) >= 11)
        let stage = attribute("data-walk-stage").split(separator: "x").compactMap { Int($0) }
        #expect(stage.count == 2 && stage[0] >= 900 && stage[1] >= 600, "the picture is \(stage) at 1400 × 900")
        let errors = try BrowserSession.consoleErrors(walk)
        #expect(errors.isEmpty, "\(errors)")
    }

    /// The page's data attributes the `?selftest` run leaves on `<body>`.
    static func selftest(_ page: BrowserSession.Page) throws -> [String: String] {
        let consoleErrors = try BrowserSession.consoleErrors(page)
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")
        var out: [String: String] = [:]
        for name in ["data-frame", "data-selftest", "data-last-phase", "data-failed-rows", "data-zoomed-in", "data-focus-nodes",
                     "data-details", "data-filtered", "data-after-filter-click", "data-first-paint-ms", "data-jump-ms", "data-nodes",
                     "data-counts", "data-manual-context"] {
            out[name] = BrowserSession.attribute(name, in: page.dom)
        }
        return out
    }

    /// A recorded session (``BrowserSession/sessionTransitions`` transitions: 60, 300 in
    /// `make size`; screens that keep changing, modals, deep links): the page stays small (under
    /// 2 MB for 300 transitions, in proportion for fewer), and a user can step, jump to the
    /// end, zoom, focus, click a node and filter the step list.
    @Test(.enabled(if: BrowserSession.enabled))
    func longSessionIsDrawnOnceAndDrivenLikeAUserWould() throws {
        try #require(BrowserSession.chromium != nil, "chromium is not installed (apt-get install chromium)")
        let session = try BrowserSession.page("session")
        #expect(session.run.status == 0, "\(session.run.stderr)")
        let transitions = BrowserSession.sessionTransitions
        let size = session.html.utf8.count
        #expect(size < 2_000_000 * transitions / 300, "index.html is \(size) bytes for \(transitions) transitions")
        let page = try PlayerPage(session.html)
        let count = page.frames.count
        #expect(count > transitions)

        let seen = try Self.selftest(session)
        let stepped = try #require(seen["data-selftest"]).split(separator: "|")
        #expect(stepped.first == "1")
        #expect(stepped.last?.hasPrefix("\(count):") == true, "End shows the last frame: \(stepped)")
        #expect(seen["data-zoomed-in"] == "true", "+ zooms in")
        // Zoomed in and panned away, the next step brings its context back into view.
        let manual = try #require(seen["data-manual-context"]).split(separator: "/")
        #expect(manual.count == 2 && manual[0] == manual[1] && manual[1] != "0", "\(manual)")
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
    @Test(.enabled(if: BrowserSession.enabled))
    func failedRouteIsAStepOfItsOwn() throws {
        try #require(BrowserSession.chromium != nil, "chromium is not installed (apt-get install chromium)")
        let failed = try BrowserSession.page("failed")
        #expect(failed.run.status == 1, "\(failed.run.stderr)")
        let count = try PlayerPage(failed.html).frames.count
        let seen = try Self.selftest(failed)
        #expect(seen["data-last-phase"]?.hasSuffix("· failed") == true, "\(seen["data-last-phase"] ?? "")")
        #expect(seen["data-failed-rows"] == "1")
        #expect(seen["data-filtered"]?.hasPrefix("1 of ") == true, "\(seen["data-filtered"] ?? "")")
        #expect(seen["data-after-filter-click"] == String(count), "the failed step's row opens its frame")
    }
}
