import Foundation
import NavVizCore

/// Recognises a directory navviz wrote: `animate` may replace a bundle only when its
/// `manifest.json` accounts for every file in it.
///
/// The files a manifest accounts for are `manifest.json`, `index.html`, `summary.md`, every
/// frame's `svg` and `png`, the `gif`, and the names in `files` (everything else the bundle
/// holds; manifests written before `files` existed have only the others). Directories count
/// when they hold only such files.
enum BundleManifest {
    /// What a destination directory is.
    enum Verdict: Equatable {
        /// Nothing is there.
        case missing
        /// An empty directory: replacing it loses nothing.
        case empty
        /// A navviz bundle whose manifest accounts for every file in it.
        case bundle
        /// A navviz bundle holding a file its manifest does not name (the relative path).
        case foreign(String)
        /// A non-empty directory without a navviz manifest.
        case notNavviz
        /// Not a directory (a file, a symbolic link, a device).
        case notADirectory
    }

    static let alwaysListed: Set<String> = ["manifest.json", "index.html", "summary.md"]

    /// What `directory` is; names in `ignoring` at its top level are not looked at.
    static func verdict(_ directory: URL, ignoring: Set<String> = []) -> Verdict {
        var info = stat()
        guard lstat(directory.path, &info) == 0 else { return .missing }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .notADirectory }
        let top = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !ignoring.contains($0) }
        if top.isEmpty { return .empty }
        guard let listed = listedFiles(directory) else { return .notNavviz }
        var dirs: Set<String> = []
        for file in listed {
            var parent = (file as NSString).deletingLastPathComponent
            while !parent.isEmpty {
                dirs.insert(parent)
                parent = (parent as NSString).deletingLastPathComponent
            }
        }
        for (path, isDirectory) in walk(directory, top) {
            if isDirectory {
                guard dirs.contains(path) else { return .foreign(path + "/") }
            } else if !listed.contains(path) {
                return .foreign(path)
            }
        }
        return .bundle
    }

    /// The files `directory/manifest.json` names, or nil when it has no navviz manifest.
    static func listedFiles(_ directory: URL) -> Set<String>? {
        let url = directory.appendingPathComponent("manifest.json")
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let data = FileManager.default.contents(atPath: url.path),
              let json = try? DocumentReader.parseJSON(Array(data)) else { return nil }
        let root = json.root
        guard json.kind(root) == .object,
              let version = json.member("navviz", of: root), json.kind(version) == .number, json.text(version) == "1",
              let frames = json.member("frames", of: root), json.kind(frames) == .array else { return nil }
        var listed = alwaysListed
        func add(_ value: Int?) {
            guard let value, json.kind(value) == .string else { return }
            let name = json.text(value)
            // Only plain relative names inside the bundle.
            guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return }
            listed.insert(name)
        }
        for frame in json.members(frames) where json.kind(frame) == .object {
            add(json.member("svg", of: frame))
            add(json.member("png", of: frame))
        }
        add(json.member("gif", of: root))
        if let files = json.member("files", of: root), json.kind(files) == .array {
            for file in json.members(files) { add(file) }
        }
        return listed
    }

    /// The files under `directory` (relative paths, sorted), for a manifest's `files`.
    static func allFiles(_ directory: URL) -> [String] {
        let top = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return walk(directory, top).filter { !$0.isDirectory }.map(\.path).sorted()
    }

    /// Every entry under `directory` below the names `top`, as relative paths; symbolic
    /// links are entries, never followed.
    private static func walk(_ directory: URL, _ top: [String]) -> [(path: String, isDirectory: Bool)] {
        var out: [(path: String, isDirectory: Bool)] = []
        var pending = top.sorted()
        var i = 0
        while i < pending.count {
            let path = pending[i]
            i += 1
            var entry = stat()
            guard lstat(directory.appendingPathComponent(path).path, &entry) == 0 else { continue }
            let isDirectory = entry.st_mode & S_IFMT == S_IFDIR
            out.append((path, isDirectory))
            if isDirectory {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(path).path)) ?? []
                pending += names.sorted().map { path + "/" + $0 }
            }
        }
        return out
    }
}
