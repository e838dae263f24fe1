import Foundation
import Testing
import _NavVizTestSupport

/// Every page the browser tests look at, written by `Animation.write` in this process (what
/// `navviz animate` writes) and loaded in one run of headless Chromium (Debian's `chromium`):
/// a harness page holds each player in a frame of its own, 800 × 600 like headless Chromium's
/// window (1400 × 900 for the walk through every frame), and when they have all loaded (their `?selftest` runs while its page loads) copies
/// each frame's DOM into itself, which `--dump-dom` prints. Chromium takes about 1.2 s of CPU
/// to start (measured on this project's 2-core VM); the browser tests started it five times,
/// now once. `--allow-file-access-from-files` lets the harness, a file, read the DOM of the
/// players, files too.
struct BrowserSession: Sendable {
    /// One page: the run that drew its bundle (the library's call, ``LibraryRuns``: the page
    /// is what `navviz animate` writes), its index.html as written, the URL loaded, and its
    /// DOM once loaded. (The bundles are removed once loaded.)
    struct Page: Sendable {
        var run: NavVizBinary.Result
        var bundle: String
        var html: String
        var url: String
        var dom: String
    }

    /// How to draw a page: `navviz animate ARGS -o DIR` (`FILE` in ARGS is a file holding
    /// `file`, `-` one holding `stdin`), and what to load after `index.html` (a fragment,
    /// `?selftest`).
    struct Recipe: Sendable {
        var name: String
        var arguments: [String]
        var stdin: String? = nil
        var file: String? = nil
        var suffix: String
        /// The frame's size in CSS pixels: headless Chromium's window (800 × 600), or the
        /// 1400 × 900 window the readers used.
        var width = 800, height = 600
    }

    static let chromium = Chromium.path

    /// Whether the browser tests run: Chromium is installed, or this is CI (where its absence
    /// fails them).
    static let enabled = chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil

    /// Transitions of the recorded session the player is driven through: 300 in `make size`,
    /// else 60 (every behaviour the test drives shows at 60: steps, End, zoom, focus hiding
    /// nodes, a click, the filter).
    static let sessionTransitions = Scale.full ? 300 : 60

    /// The text `<script>` an injected label would run if it were markup.
    static let hostileText = "<img src=x onerror=\"document.body.dataset.pwned=1\"></script><script>document.body.dataset.pwned=2</script>"

    static let recipes: [Recipe] = [
        Recipe(name: "tempura", arguments: ["Samples/tempura-showhide.script.json"], suffix: "#3"),
        Recipe(name: "tempura-selftest", arguments: ["Samples/tempura-showhide.script.json"], suffix: "?selftest#1"),
        Recipe(name: "session", arguments: ["FILE"], file: SessionLog.ndjson(transitions: sessionTransitions, seed: 7), suffix: "?selftest#1"),
        Recipe(name: "failed", arguments: ["Samples/portus-loop.route.json"], suffix: "?selftest#1"),
        Recipe(name: "hostile", arguments: ["-"], stdin: Hostile.sequence(hostileText), suffix: "#2"),
        Recipe(name: "walk", arguments: ["FILE"], file: SessionLog.ndjson(transitions: walkTransitions, seed: 11), suffix: "?walk#1",
               width: 1400, height: 900),
    ]

    /// Transitions of the session whose every frame `?walk` measures (at 1400 × 900).
    static let walkTransitions = 300

    /// The pages by name.
    var pages: [String: Page]
    /// What Chromium printed on standard error (console messages name their page's file).
    var log: String

    /// The session, drawn and loaded once for every test that reads it.
    static let shared = Result { try BrowserSession(directory: FileManager.default.temporaryDirectory.appendingPathComponent("navviz-browser-\(UUID().uuidString)")) }

    /// The page named `name`.
    static func page(_ name: String) throws -> Page {
        try #require(try shared.get().pages[name], "no page \(name)")
    }

    /// Console errors and uncaught exceptions Chromium reported for `page` (lines that name
    /// another page's file are that page's).
    static func consoleErrors(_ page: Page) throws -> [String] {
        let session = try shared.get()
        let others = session.pages.values.map(\.bundle).filter { $0 != page.bundle }
        return session.log.split(separator: "\n").map(String.init)
            .filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
            .filter { line in !others.contains { line.contains($0 + "/") } }
    }

    init(directory: URL) throws {
        guard let chromium = Self.chromium else { throw BrowserError.noChromium }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Each bundle once (two pages load the Tempura bundle).
        var drawn: [[String]: (URL, NavVizBinary.Result)] = [:]
        for recipe in Self.recipes {
            let key = recipe.arguments + [recipe.stdin ?? "", recipe.file ?? ""]
            guard drawn[key] == nil else { continue }
            let out = directory.appendingPathComponent(recipe.name)
            var arguments = recipe.arguments
            if let file = recipe.file, let i = arguments.firstIndex(of: "FILE") {
                let url = directory.appendingPathComponent(recipe.name + ".ndjson")
                try file.write(to: url, atomically: true, encoding: .utf8)
                arguments[i] = url.path
            }
            if let stdin = recipe.stdin, let i = arguments.firstIndex(of: "-") {
                let url = directory.appendingPathComponent(recipe.name + ".json")
                try stdin.write(to: url, atomically: true, encoding: .utf8)
                arguments[i] = url.path
            }
            let run = LibraryRuns.animate(arguments[0], to: out.path)
            drawn[key] = (out.appendingPathComponent("index.html"), run)
        }

        var frames = ""
        var urls: [String: (URL, NavVizBinary.Result, String)] = [:]
        for recipe in Self.recipes {
            let (index, run) = drawn[recipe.arguments + [recipe.stdin ?? "", recipe.file ?? ""]]!
            let url = index.absoluteString + recipe.suffix
            urls[recipe.name] = (index, run, url)
            frames += "<iframe id=\"\(recipe.name)\" src=\"\(url)\" width=\"\(recipe.width)\" height=\"\(recipe.height)\"></iframe>\n"
        }
        let harness = directory.appendingPathComponent("harness.html")
        try """
            <!DOCTYPE html>
            <html><body>
            \(frames)<script>
            window.addEventListener("load", function () {
              document.querySelectorAll("iframe").forEach(function (frame) {
                var copy = document.createElement("textarea");
                copy.id = "dom-" + frame.id;
                copy.textContent = frame.contentDocument.documentElement.outerHTML;
                document.body.appendChild(copy);
              });
            });
            </script></body></html>
            """.write(to: harness, atomically: true, encoding: .utf8)

        let profile = directory.appendingPathComponent("profile")
        let browsed = try NavVizBinary.run(
            executable: URL(fileURLWithPath: chromium),
            ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
             "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0", "--allow-file-access-from-files",
             "--virtual-time-budget=3000", "--dump-dom", harness.absoluteString],
            in: directory)
        log = browsed.stderr
        var pages: [String: Page] = [:]
        for (name, (index, run, url)) in urls {
            guard let dom = Self.textarea("dom-\(name)", in: browsed.stdout) else {
                throw BrowserError.notLoaded(name, browsed.stdout.prefix(300) + "\n" + browsed.stderr.suffix(1_000))
            }
            let html = (try? String(contentsOf: index, encoding: .utf8)) ?? ""
            pages[name] = Page(run: run, bundle: index.deletingLastPathComponent().path, html: html, url: url, dom: dom)
        }
        self.pages = pages
    }

    /// The text of `<textarea id="ID">` in a serialised DOM, its markup escapes undone.
    static func textarea(_ id: String, in dom: String) -> String? {
        guard let open = dom.range(of: "<textarea id=\"\(id)\">"),
              let close = dom.range(of: "</textarea>", range: open.upperBound..<dom.endIndex) else { return nil }
        return String(dom[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The value of the first `NAME="…"` attribute in `dom`.
    static func attribute(_ name: String, in dom: String) -> String? {
        guard let r = dom.range(of: "\(name)=\"") else { return nil }
        let rest = dom[r.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    enum BrowserError: Error, CustomStringConvertible {
        case noChromium
        case notLoaded(String, String)

        var description: String {
            switch self {
            case .noChromium: "chromium is not installed (apt-get install chromium)"
            case .notLoaded(let name, let output): "the harness did not copy page \(name)'s DOM:\n\(output)"
            }
        }
    }
}
