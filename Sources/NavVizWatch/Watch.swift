import Foundation
import NavVizArtifacts
import NavVizCore
import NavVizShutdown

/// `navviz watch` as one call: a live session (``LiveSession``) fed by a followed log file or
/// standard input and by recorders over HTTP, served with its live player
/// (``WatchServer``) until a signal stops it.
package enum Watch {
    /// What `navviz watch` is asked for.
    package struct Options: Sendable {
        package var session = LiveSession.Options()
        package var server = WatchServer.Options()
        /// A log file to follow, `-` for standard input, nil for recorders alone.
        package var input: String?
        /// Open the page in the browser once listening.
        package var open = false
        package init() {}
    }

    /// What a started watch tells its caller: the page's URL (with its token when there is
    /// one), and where recorders post.
    package struct Started: Sendable {
        package var url: String
        package var token: String?
    }

    /// Serves until the process is stopped (SIGINT, SIGTERM, SIGHUP: the pages are closed,
    /// the session's files removed). `started` is called once listening.
    package static func run(_ options: Options, started: @escaping @Sendable (Started) -> Void) async throws(NavVizError) {
        let session: LiveSession
        do {
            session = try LiveSession(options: options.session)
        } catch {
            throw NavVizError(.cannotWrite, file: FileManager.default.temporaryDirectory.path, "cannot keep the session's files: \(error)")
        }
        let server = try WatchServer(session: session, options: options.server)
        let url: String
        do throws(NavVizError) {
            url = try await server.start()
        } catch {
            session.close()
            throw error
        }
        let registration = Shutdown.onSignal {
            let done = DispatchSemaphore(value: 0)
            Task {
                await server.stop()
                done.signal()
            }
            _ = done.wait(timeout: .now() + 1)
            session.close()
        }
        var follower: FileFollower?
        switch options.input {
        case "-"?:
            StandardInputReader.start { session.ingest($0, from: .standardInput) }
        case let path?:
            let f = FileFollower(path: path) { session.ingest($0, from: .file(path)) }
            f.start()
            follower = f
        case nil:
            break
        }
        started(Started(url: url, token: server.token))
        if options.open { openInBrowser(url) }
        // Serve until a signal ends the process.
        while true { try? await Task.sleep(for: .seconds(3600)) }
        _ = (registration, follower)
    }

    /// Opens `url` with the system's opener (`open` on macOS, `xdg-open` on a Linux desktop);
    /// nothing where there is none.
    static func openInBrowser(_ url: String) {
        #if os(macOS)
        let opener = "/usr/bin/open"
        #else
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil else { return }
        let opener = "/usr/bin/xdg-open"
        #endif
        guard FileManager.default.isExecutableFile(atPath: opener) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
