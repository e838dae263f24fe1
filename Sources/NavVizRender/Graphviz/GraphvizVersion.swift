internal import CGraphviz

/// A Graphviz release number (`2.43.0`, `14.1.3`), and the checks that the libgvc navviz
/// runs with is the one whose headers it was compiled against.
///
/// navviz talks to Graphviz through C structures whose layout changes between releases
/// (`GVJ_t`, the plugin tables of its raster device, the cgraph disciplines), chosen at
/// compile time from the installed headers (`shim.h`). A binary that loads another libgvc than
/// those headers describe (on Linux, `PKG_CONFIG_PATH` naming one Graphviz while the linker
/// finds another; on any system, Graphviz upgraded under a built navviz) would read and write
/// those structures wrongly, so ``check(loaded:)`` refuses it before anything is drawn.
package struct GraphvizVersion: Sendable, Comparable, CustomStringConvertible {
    package var major: Int
    package var minor: Int
    package var patch: Int

    /// Parses `MAJOR.MINOR[.PATCH]` and ignores anything after it (`2.43.0`, `14.1.3~dev`).
    package init?(_ text: String) {
        let numbers = text.split(separator: ".", maxSplits: 2).map { part in Int(part.prefix { $0.isNumber }) }
        guard numbers.count >= 2, let major = numbers[0], let minor = numbers[1] else { return nil }
        self.init(major: major, minor: minor, patch: numbers.count > 2 ? numbers[2] ?? 0 : 0)
    }

    package init(major: Int, minor: Int, patch: Int) {
        (self.major, self.minor, self.patch) = (major, minor, patch)
    }

    package var description: String { "\(major).\(minor).\(patch)" }

    package static func < (a: Self, b: Self) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    /// The version the headers navviz was compiled against name (their `PACKAGE_VERSION`).
    package static let headers = String(cString: navviz_graphviz_headers_version())

    /// The generation of Graphviz's API the compiled-in C boundary was chosen for: 2 (2.42
    /// through 8.x), 9 (9.0 through 12.x) or 13 (13.0 and later).
    static let api = Int(navviz_graphviz_api())

    /// The API generation a release belongs to.
    static func api(of version: GraphvizVersion) -> Int {
        version.major >= 13 ? 13 : version.major >= 9 ? 9 : 2
    }

    /// Whether `dot` layouts in one process are limited: before 4.0 the component mark in
    /// `dotgen/decomp.c` (`Cmark`) is a `char` that wraps after 255 passes (two or three a
    /// layout), after which a layout can crash the process (`install_in_rank` assertion or a
    /// segfault). Graphviz 4.0 made it a `size_t`.
    static func limitsDotLayouts(_ version: GraphvizVersion) -> Bool {
        version.major < 4
    }

    /// Throws unless the libgvc loaded at run time, whose `gvcVersion` is `loaded`, is the
    /// release the headers describe (`built`, by default ``headers``), and unless those headers
    /// were read as the API generation of their own version.
    static func check(loaded: String, built: String = headers, api: Int = api) throws(RenderError) {
        guard let version = GraphvizVersion(built), Self.api(of: version) == api else {
            throw .unavailable("navviz's Graphviz headers say version '\(built)' but were compiled as the API of Graphviz \(api == 2 ? "2.42 to 8.x" : api == 9 ? "9.0 to 12.x" : "13.0 and later") (see Sources/CGraphviz/shim.h)")
        }
        guard loaded == built else {
            throw .mismatchedLibrary(built: built, loaded: loaded)
        }
    }
}
