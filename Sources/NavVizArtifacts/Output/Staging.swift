import Foundation
import NavVizShutdown

/// Where an output is put together before it replaces its destination, and how what a killed
/// run left behind is recognised and cleaned.
///
/// A staging directory sits beside the destination `NAME`, named `.NAME.navviz-new-PID-RAND`
/// (`PID` the process writing it), and holds a marker file, ``markerName``, naming that
/// process. While a bundle directory is being replaced, the old one is moved aside to
/// `.NAME.navviz-old-PID-RAND` and given the same marker before it is removed. A later run
/// into the same place (``sweep(beside:)``) removes such a directory only when all of this
/// holds: its name has that pattern, its process no longer runs, and it carries the marker
/// with that process's number, or is a whole navviz bundle (its manifest accounts for every
/// file, ``BundleManifest``). An old bundle whose replacement never arrived (the run was
/// killed between the two renames) is moved back into place instead of removed. Anything
/// else is left alone: navviz removes only what it can prove it wrote.
enum Staging {
    /// The marker file inside a staging directory.
    static let markerName = ".navviz-staging"

    /// The kinds of directory a run leaves beside its destination.
    enum Kind: String { case new, old }

    /// A staging name beside `name`: `.NAME.navviz-KIND-PID-RAND`.
    static func name(for name: String, _ kind: Kind, tag: String) -> String {
        ".\(name).navviz-\(kind.rawValue)-\(tag)"
    }

    /// This process's tag, `PID-RAND`.
    static func tag() -> String {
        "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Creates the staging directory `url` with its marker.
    static func create(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try mark(url)
    }

    /// Writes the marker into `directory`.
    static func mark(_ directory: URL) throws {
        let text = "navviz staging directory of process \(getpid()); removed by the next navviz run into the same place once that process has ended\n"
        try OutputDirectory.writePlainly(Array(text.utf8), to: directory.appendingPathComponent(markerName).path)
    }

    /// The process a marker names, if `directory` has one.
    static func markedOwner(_ directory: URL) -> pid_t? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(markerName).path),
              let text = String(data: data, encoding: .utf8),
              let range = text.range(of: "of process ") else { return nil }
        return pid_t(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// Whether process `pid` has ended (and is not this one).
    static func isGone(_ pid: pid_t) -> Bool {
        pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes `directory` and everything under it, its marker last, so that a removal cut
    /// short still leaves a directory the next run can prove is navviz's. Symbolic links are
    /// removed, never followed. Entries appearing while it runs (a writer not yet stopped) are
    /// retried a few times.
    static func remove(_ directory: URL) {
        let fm = FileManager.default
        for _ in 0..<20 {
            let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names where name != markerName {
                try? fm.removeItem(at: directory.appendingPathComponent(name))
            }
            unlink(directory.appendingPathComponent(markerName).path)
            if rmdir(directory.path) == 0 || errno == ENOENT { return }
            usleep(5_000)
        }
    }

    /// Cleans what killed runs left beside `destination` (see `Staging`).
    static func sweep(beside destination: URL) {
        let fm = FileManager.default
        let parent = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent).navviz-"
        guard let names = try? fm.contentsOfDirectory(atPath: parent.path) else { return }
        var found: [(Kind, URL)] = []
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count).split(separator: "-")
            guard rest.count == 3, let kind = Kind(rawValue: String(rest[0])), let pid = pid_t(rest[1]),
                  rest[2].allSatisfy(\.isNumber), isGone(pid) else { continue }
            let url = parent.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            let marked = markedOwner(url) == pid
            let whole = BundleManifest.verdict(url, ignoring: [markerName]) == .bundle
            guard marked || whole else { continue }
            found.append((kind, url))
        }
        // An old bundle whose replacement never arrived goes back into place.
        if !fm.fileExists(atPath: destination.path),
           let (_, old) = found.first(where: { $0.0 == .old && BundleManifest.verdict($0.1, ignoring: [markerName]) == .bundle }) {
            unlink(old.appendingPathComponent(markerName).path)
            if rename(old.path, destination.path) == 0 { found.removeAll { $0.1 == old } }
        }
        for (_, url) in found { remove(url) }
    }
}
