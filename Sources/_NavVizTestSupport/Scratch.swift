import Foundation

/// Directories the tests write into, and what a directory holds afterwards: one place for
/// what every suite that writes files needs.
public enum Scratch {
    /// A fresh, empty directory under the temporary directory, `navviz-NAME-UUID`; the
    /// caller removes it (`defer { try? FileManager.default.removeItem(at: dir) }`).
    public static func directory(_ name: String = "tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every path under `dir`, relative and sorted (hidden ones and folders included).
    public static func tree(_ dir: URL) -> [String] {
        (FileManager.default.subpaths(atPath: dir.path) ?? []).sorted()
    }

    /// Every file under `dir` with its bytes, by relative path.
    public static func contents(_ dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for path in tree(dir) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out[path] = try Data(contentsOf: dir.appendingPathComponent(path))
            }
        }
        return out
    }

    /// Writes `chat.sequence.json` into `dir`, a sequence whose only change is a context
    /// value (`chatId` 1001 → 1002), and returns its path: what `--redact` hides.
    public static func contextOnlySequence(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("chat.sequence.json").path
        try """
            {"navviz": 1, "frames": [
             {"label": "chat 1", "tree": {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat", "context": {"chatId": "1001"}}]}},
             {"label": "chat 2", "tree": {"id": "chats", "kind": "stack", "active": "chat", "children": [{"id": "chat", "context": {"chatId": "1002"}}]}}]}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// A suite whose every test gets a fresh scratch directory, `tmp`, removed when the test
/// ends (Swift Testing makes one instance of a suite per test): subclass it.
open class ScratchSuite {
    public let tmp: URL

    public required init() throws {
        tmp = try Scratch.directory(String(describing: Self.self))
    }

    deinit {
        try? FileManager.default.removeItem(at: tmp)
    }

    /// The path of `name` in the scratch directory.
    public func path(_ name: String) -> String { tmp.appendingPathComponent(name).path }

    /// Writes `text` to `name` in the scratch directory and returns its path.
    public func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }
}
