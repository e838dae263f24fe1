import Testing
@testable import NavVizRender

/// The compile-time C boundary (shim.h) and the start-up check that the libgvc loaded is the
/// release whose headers navviz was compiled against.
struct GraphvizVersionTests {
    @Test(arguments: [
        ("2.43.0", "2.43.0"), ("14.1.3", "14.1.3"), ("9.0", "9.0.0"), ("13.1.2~dev.20250801", "13.1.2"), ("2.42.2", "2.42.2"),
    ])
    func parses(_ text: String, _ expected: String) throws {
        #expect(try #require(GraphvizVersion(text)).description == expected)
    }

    @Test(arguments: ["", "unknown", "14", "x.y.z"])
    func refusesWhatIsNoVersion(_ text: String) {
        #expect(GraphvizVersion(text) == nil)
    }

    /// The API generation shim.h chose from the headers' macros agrees with the version the
    /// same headers name, and the loaded libgvc is that release (what every Graphviz call
    /// relies on); `make test GRAPHVIZ_PREFIX=…` runs this against another Graphviz.
    @Test func headersLibraryAndShimAgree() throws {
        let built = try #require(GraphvizVersion(GraphvizVersion.headers))
        #expect(GraphvizVersion.api(of: built) == GraphvizVersion.api)
        #expect(try Graphviz.shared.version() == GraphvizVersion.headers)
    }

    @Test(arguments: [
        ("2.43.0", 2), ("8.1.0", 2), ("9.0.0", 9), ("12.2.1", 9), ("13.0.0", 13), ("14.1.3", 13),
    ])
    func apiGenerations(_ version: String, _ api: Int) throws {
        #expect(GraphvizVersion.api(of: try #require(GraphvizVersion(version))) == api)
    }

    @Test func aLibraryOfAnotherReleaseIsRefused() throws {
        #expect(throws: RenderError.mismatchedLibrary(built: "14.1.3", loaded: "2.43.0")) {
            try GraphvizVersion.check(loaded: "2.43.0", built: "14.1.3", api: 13)
        }
        // Same API generation, another release: the structures may still differ.
        #expect(throws: RenderError.mismatchedLibrary(built: "14.1.3", loaded: "14.0.0")) {
            try GraphvizVersion.check(loaded: "14.0.0", built: "14.1.3", api: 13)
        }
        try GraphvizVersion.check(loaded: "2.43.0", built: "2.43.0", api: 2)
        let message = RenderError.mismatchedLibrary(built: "14.1.3", loaded: "2.43.0").description
        #expect(message.contains("headers of Graphviz 14.1.3") && message.contains("loaded libgvc 2.43.0"))
    }

    @Test func headersReadAsAnotherGenerationAreRefused() {
        #expect(throws: RenderError.self) { try GraphvizVersion.check(loaded: "9.0.0", built: "9.0.0", api: 2) }
        #expect(throws: RenderError.self) { try GraphvizVersion.check(loaded: "2.43.0", built: "2.43.0", api: 13) }
    }

    /// Only releases before 4.0 have the 8-bit component mark that limits `dot` layouts in
    /// one process.
    @Test(arguments: [("2.42.2", true), ("2.43.0", true), ("3.0.0", true), ("4.0.0", false), ("14.1.3", false)])
    func dotLayoutLimit(_ version: String, _ limited: Bool) throws {
        #expect(GraphvizVersion.limitsDotLayouts(try #require(GraphvizVersion(version))) == limited)
    }
}
