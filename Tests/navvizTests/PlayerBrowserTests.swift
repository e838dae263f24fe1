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
    }

    /// The page's data attributes the `?selftest` run leaves on `<body>`.
    static func selftest(_ page: BrowserSession.Page) throws -> [String: String] {
        let consoleErrors = try BrowserSession.consoleErrors(page)
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")
        var out: [String: String] = [:]
        for name in ["data-frame", "data-selftest", "data-last-phase", "data-failed-rows", "data-zoomed-in", "data-focus-nodes",
                     "data-details", "data-filtered", "data-after-filter-click", "data-first-paint-ms", "data-jump-ms", "data-nodes"] {
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
        #expect(seen["data-last-phase"]?.hasPrefix("failed") == true, "\(seen["data-last-phase"] ?? "")")
        #expect(seen["data-failed-rows"] == "1")
        #expect(seen["data-filtered"]?.hasPrefix("1 of ") == true, "\(seen["data-filtered"] ?? "")")
        #expect(seen["data-after-filter-click"] == String(count), "the failed step's row opens its frame")
    }
}
