import Foundation
import NavVizArtifacts
import Testing
import _NavVizTestSupport

/// Bundles for the tests of this module (scratch directories and what they hold are
/// `Scratch`'s): a manifest's frames, two bundles compared, a document read whole as
/// standard input is, and bundles written once for every test that starts from the same one.
enum Bundles {
    /// The `frames` of a bundle's manifest.json.
    static func manifestFrames(_ dir: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: dir.appendingPathComponent("manifest.json"))
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["frames"] as? [[String: Any]])
    }

    /// Expects the bundles `a` and `b` to hold the same files with the same bytes.
    static func expectSame(_ a: URL, _ b: URL, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let x = try Scratch.contents(a), y = try Scratch.contents(b)
        #expect(x.keys.sorted() == y.keys.sorted(), "\(what): other files", sourceLocation: sourceLocation)
        for (name, bytes) in x where y[name] != nil {
            #expect(y[name] == bytes, "\(name) differs: \(what)", sourceLocation: sourceLocation)
        }
    }

    /// Writes `text` into a FIFO in `dir` from another thread and returns its path: a file
    /// that can be read only once, which `Animation.write` reads whole, as it reads standard
    /// input (a regular file of a sequence or log is streamed instead).
    static func fifo(_ text: String, in dir: URL, name: String = "piped.json") throws -> String {
        let path = dir.appendingPathComponent(name).path
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let bytes = Array(text.utf8)
        Thread {
            // Opening blocks until the reader opens the other end.
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.write(Data(bytes))
            try? handle.close()
        }.start()
        return path
    }

    /// The same call of `Animation.write` (a sample, with options) made once for every test
    /// that reads or starts from its bundle: each gets a copy. A copy has the same files and
    /// manifest.json, which is all navviz reads of a directory it is to replace.
    static func made(_ sample: String, _ name: String, options: Animation.Options = Animation.Options(), to destination: URL) throws -> Animation.Written {
        let (directory, written) = try cache.bundle(sample, name, options)
        try FileManager.default.copyItem(at: directory, to: destination)
        return written
    }

    private static let cache = Cache()

    /// The bundles made so far, by name. `@unchecked Sendable` is safe: `bundles` is touched
    /// only with `lock` held (which also makes a second caller wait for the first call).
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var bundles: [String: (URL, Animation.Written)] = [:]
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-made-in-process-\(getpid())")

        init() {
            atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("navviz-made-in-process-\(getpid())")) }
        }

        func bundle(_ sample: String, _ name: String, _ options: Animation.Options) throws -> (URL, Animation.Written) {
            try lock.withLock {
                if let made = bundles[name] { return made }
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                let directory = root.appendingPathComponent(name)
                let written = try Animation.write(PackagePaths.sample(sample), to: directory.path, options: options)
                bundles[name] = (directory, written)
                return (directory, written)
            }
        }
    }
}

extension Animation.Options {
    /// Options with the fields `set` changes.
    static func with(_ set: (inout Animation.Options) -> Void) -> Animation.Options {
        var options = Animation.Options()
        set(&options)
        return options
    }
}
