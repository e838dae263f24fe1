import Foundation
import _NavVizTestSupport

/// Bundles `navviz animate SAMPLE -o DIR` writes (made by the library's call,
/// ``LibraryRuns``), made once for the tests that start from a bundle navviz made (to replace
/// it, or to see it kept) and copied to each. A copy has the same files and the same
/// manifest.json, which is what navviz reads of a directory before it replaces it
/// (OutputDirectory). The bundles live in one temporary directory, removed when the test
/// process exits.
enum MadeBundles {
    /// Copies the bundle of `sample` (a path under the package root, made on first use) to
    /// `destination`, which must not exist; returns the run that made it.
    static func copy(_ sample: String, to destination: URL) throws -> NavVizBinary.Result {
        let made = try cache.bundle(sample)
        try FileManager.default.copyItem(at: made.directory, to: destination)
        return made.run
    }

    private static let cache = Cache()

    /// The bundles made so far, by sample. `@unchecked Sendable` is safe: `bundles` is touched
    /// only with `lock` held (which also makes a second caller wait for the first run).
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var bundles: [String: (directory: URL, run: NavVizBinary.Result)] = [:]
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-made-bundles-\(getpid())")

        init() {
            atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("navviz-made-bundles-\(getpid())")) }
        }

        func bundle(_ sample: String) throws -> (directory: URL, run: NavVizBinary.Result) {
            try lock.withLock {
                if let made = bundles[sample] { return made }
                let directory = root.appendingPathComponent("\(bundles.count)")
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                let run = LibraryRuns.animate(sample, to: directory.path)
                bundles[sample] = (directory, run)
                return (directory, run)
            }
        }
    }
}
