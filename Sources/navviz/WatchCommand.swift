import ArgumentParser
import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizRender
import NavVizShutdown
import NavVizWatch

extension NavVizCommand {
    /// `navviz watch [FILE]`: a running app's navigation, live in the browser.
    struct WatchCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Show a running app's navigation live in the browser, with time travel.",
            discussion: """
            Serves a live player at http://127.0.0.1:PORT (printed; --open opens it). Each \
            snapshot that arrives becomes a step within a few milliseconds: from FILE, a log \
            the app writes (NavigationRecorder's startWriting; a simulator's app writes \
            straight into the Mac's file system) followed as it grows; from standard input \
            ('-'); and from recorders in apps that post to the server (a device: \
            NavigationRecorder's stream(to:), see docs/watch.md).

            The page follows the newest step unless you step back, and then stays where you \
            are while steps keep arriving ('Live' returns). New screens are placed without \
            moving those already shown; when that cannot be done a new layout window starts, \
            and the page says so. 'Save' writes the session so far as the bundle 'navviz \
            animate' writes, into --save-dir.

            It listens on 127.0.0.1 only, and answers only its own page (a web page you visit \
            cannot read the app's navigation). --host 0.0.0.0 (or an interface's address) lets \
            a device reach it, and then every request must present the token printed at \
            start. Ctrl-C stops it.

            Examples:
              navviz watch navigation.ndjson --open
              navviz watch --port 7300
              tail -f app.log | navviz watch -
            """
        )

        @Argument(help: "A log to follow as it grows ('-' reads standard input; none: recorders only).")
        var file: String?

        @Option(help: "The port to listen on (0: any free one).")
        var port: UInt16 = 7300

        @Option(help: "The address to listen on: 127.0.0.1 (the default), 0.0.0.0 or an interface's address (then requests need the token).")
        var host = "127.0.0.1"

        @Option(help: "The token requests must present when --host is not loopback (default: a new random one, printed).")
        var token: String?

        @Flag(help: "Open the page in the browser.")
        var open = false

        @Option(help: ArgumentHelp("Where 'Save' writes its bundles.", valueName: "directory"))
        var saveDir: String = "."

        @Option(help: "The title of the page.")
        var title: String?

        @Option(help: "Diff dialect: navviz, katana, reswift or tempura.")
        var dialect: DiffDialect = .navviz

        @Flag(help: "Hide every context value as ••• in what is shown.")
        var redact = false

        @Option(help: "Colour theme: light or dark.")
        var theme: Theme = .light

        func run() throws {
            try reporting {
                var options = Watch.Options()
                options.input = file
                options.open = open
                options.server.host = host
                options.server.port = port
                options.server.token = token
                options.server.saveDirectory = saveDir
                options.session.dialect = dialect
                options.session.redact = redact
                options.session.theme = theme
                options.session.title = title ?? file.map { $0 == "-" ? "navviz watch" : URL(fileURLWithPath: $0).lastPathComponent } ?? "navviz watch"
                let failure = Locked<NavVizError?>(nil)
                let done = DispatchSemaphore(value: 0)
                Task {
                    do throws(NavVizError) {
                        try await Watch.run(options) { started in
                            Terminal.out(started.url + "\n")
                            if let token = started.token {
                                Terminal.diagnostic(Diagnostic(.note, "recorders on other machines post with the header 'Authorization: Bearer \(token)'"))
                            }
                        }
                    } catch {
                        failure.withLock { $0 = error }
                    }
                    done.signal()
                }
                done.wait()
                if let error = failure.withLock({ $0 }) { throw error }
            }
        }
    }
}
