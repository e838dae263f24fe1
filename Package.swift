// swift-tools-version:6.1
import PackageDescription

// Package traits (swift-tools-version 6.1). `Tool`, on by default, is everything but the
// recorder and the core: the navviz command line, the file readers, the renderer. Every
// package only they use is a `.tool(...)` dependency below, resolved only while `Tool` is on,
// so an app that takes only the recorder,
//     .package(url: "https://github.com/navviz/navviz", from: "0.2.0", traits: [])
// with the `NavVizRecorder` (or `NavVizCore`) product, resolves no other package: its
// Package.resolved has no pin from navviz (docs/recorder.md has the measurement). Without
// `Tool` only NavVizCore, NavVizRecorder and the rules they share (NavVizScreenValues) build.
// A new package for the tool (e.g. FlyingFox for `navviz watch`): add its `.package(...)`
// line to `dependencies`, and name its product with `.tool("Product", package: "name")` in
// the targets that use it (never `.product(...)`, which would be resolved for every app).
let toolTrait = "Tool"

extension Target.Dependency {
    /// A product of another package used only by the tool: resolved and linked only with
    /// the `Tool` trait.
    static func tool(_ name: String, package: String) -> Self {
        .product(name: name, package: package, condition: .when(traits: [toolTrait]))
    }
}

#if os(Linux)
let gdPkgConfig: String? = nil
#else
let gdPkgConfig: String? = "gdlib"
#endif

let package = Package(
    name: "navviz",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "NavVizCore", targets: ["NavVizCore"]),
        .library(name: "NavVizRender", targets: ["NavVizRender"]),
        // Reading document files (JSON, NDJSON logs, YAML, UIKit pastes); the fuzz targets
        // under Fuzz/ read their bytes through it.
        .library(name: "NavVizFiles", targets: ["NavVizFiles"]),
        // What navviz writes, as calls a Swift program can make: an animation bundle from a
        // document or recording, a check against an expectation and its reports.
        .library(name: "NavVizArtifacts", targets: ["NavVizArtifacts"]),
        // For apps (debug builds): records the app's navigation as a navviz log.
        .library(name: "NavVizRecorder", targets: ["NavVizRecorder"]),
        .executable(name: "navviz", targets: ["navviz"]),
        // `swift package navviz check …` in a package that depends on navviz.
        .plugin(name: "NavVizPlugin", targets: ["NavVizPlugin"]),
    ],
    traits: [
        .trait(name: toolTrait, description: "The navviz command line, its file readers and renderer, and their packages (swift-argument-parser, Yams). Off (`traits: []`), only NavVizCore, NavVizRecorder and NavVizScreenValues build, and no other package is resolved."),
        .default(enabledTraits: [toolTrait]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `navviz watch`'s HTTP and WebSocket server (docs/watch.md says why this one).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // The standard library only (not even Foundation): model, documents, validation,
        // semantics. An iOS app can depend on it; `make availability` type-checks it for the
        // platforms above.
        .target(name: "NavVizCore", dependencies: ["NavVizScreenValues"]),
        // Foundation only, no other dependency: what an app links (iOS, macOS, Linux) to
        // record its navigation as a navviz log.
        .target(name: "NavVizRecorder", dependencies: ["NavVizScreenValues"]),
        // The rules by which a value on screen becomes a screen (type names, limits, canonical
        // JSON text), shared by NavVizCore's importer of saved SwiftUI paths and the recorder,
        // so the two agree. The standard library only.
        .target(name: "NavVizScreenValues"),
        // Reads document files (JSON, NDJSON logs, YAML) from disk or stdin into the core model.
        .target(name: "NavVizFiles", dependencies: ["NavVizCore", .tool("Yams", package: "Yams")]),
        // Graphviz's libgvc, found through pkg-config; no copied headers.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // libgd, for the tests only: a decoder of the PNGs and GIFs navviz writes that is not
        // navviz's own (navviz links only libgvc and zlib). Found through pkg-config `gdlib` on
        // macOS (Homebrew's include directory). On Linux gd.h is on the compiler's default path
        // and CGD needs no flag from pkg-config: there gdlib.pc brings in libavif's Cflags,
        // whose `-DAVIF_DLL` SwiftPM refuses with a warning on every build.
        .systemLibrary(
            name: "CGD",
            pkgConfig: gdPkgConfig,
            providers: [.apt(["libgd-dev"]), .brew(["gd"])]
        ),
        // zlib, found through pkg-config `zlib`, for writing PNG frames.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Ending a navviz process on SIGINT, SIGTERM and SIGHUP: its children ended, its
        // staging removed, exit 128 + the signal.
        .target(name: "NavVizShutdown"),
        .target(name: "NavVizRender", dependencies: ["NavVizCore", "NavVizShutdown", "CGraphviz", "CZlib"]),
        // The last stage: animation bundles, expectations and check reports written to disk
        // atomically (documents and recordings read through NavVizFiles, drawn through
        // NavVizRender). The CLI is a shell around it.
        .target(name: "NavVizArtifacts", dependencies: ["NavVizCore", "NavVizFiles", "NavVizRender", "NavVizShutdown", "CZlib"]),
        // `navviz watch`: a running app's navigation, live in the browser. Lines in (a log file
        // as it grows, standard input, recorders posting over HTTP), steps out to the player
        // over a WebSocket; FlyingFox serves both.
        .target(
            name: "NavVizWatch",
            dependencies: [
                "NavVizCore", "NavVizFiles", "NavVizRender", "NavVizArtifacts", "NavVizShutdown",
                .tool("FlyingFox", package: "FlyingFox"),
            ]
        ),
        .executableTarget(
            name: "navviz",
            dependencies: [
                "NavVizCore", "NavVizFiles", "NavVizRender", "NavVizShutdown", "NavVizArtifacts", "NavVizWatch",
                .tool("ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A command plugin that runs the navviz tool in the package's directory.
        .plugin(
            name: "NavVizPlugin",
            capability: .command(
                intent: .custom(verb: "navviz", description: "Run navviz (check, animate, validate, …) on the package's navigation documents."),
                permissions: [.writeToPackageDirectory(reason: "navviz writes the animations, expectations (--record) and reports you name with -o, --expect and --report.")]
            ),
            dependencies: ["navviz"]
        ),
        // `make bench`: the cost of one record of a 30-node tree.
        .executableTarget(name: "navviz-recorder-bench", dependencies: ["NavVizRecorder"]),
        // `make bench` and the live tests: an app's recorder streaming to `navviz watch`.
        .executableTarget(name: "navviz-recorder-probe", dependencies: ["NavVizRecorder"]),
        .target(name: "_NavVizTestSupport", dependencies: ["NavVizCore", "NavVizFiles", "CGD"]),
        .testTarget(
            name: "NavVizCoreTests",
            dependencies: [
                "NavVizCore", "NavVizFiles", "_NavVizTestSupport",
                .tool("PropertyBased", package: "swift-property-based"),
            ],
            // Rows of the differential check against the routers' code, read by
            // RouterAgreementTests beside them; pastes UIKitPasteTests read.
            exclude: [
                "Differential/diff-cases.json", "Differential/route-cases.json",
                "UIKitPaste/cut.paste.txt", "UIKitPaste/wrapped.paste.txt", "UIKitPaste/split-collapsed.paste.txt",
            ]
        ),
        .testTarget(name: "NavVizFilesTests", dependencies: ["NavVizFiles", "NavVizCore"]),
        .testTarget(name: "NavVizArtifactsTests", dependencies: ["NavVizArtifacts", "NavVizCore", "NavVizFiles", "NavVizRender", "_NavVizTestSupport", "CZlib", "CGD"]),
        // CGD: libgd decodes the PNGs and GIFs navviz writes, as a decoder not navviz's own.
        .testTarget(name: "NavVizRenderTests", dependencies: ["NavVizRender", "NavVizCore", "_NavVizTestSupport", "CZlib", "CGD"]),
        // NavVizArtifacts: what the binary writes made in this process too, to compare with
        // a run of the binary (the CLI's part) where the library's variations are tested in
        // NavVizArtifactsTests.
        .testTarget(name: "navvizTests", dependencies: ["navviz", "_NavVizTestSupport", "NavVizCore", "NavVizFiles", "NavVizRender", "NavVizArtifacts"]),
        .testTarget(name: "NavVizRecorderTests", dependencies: ["NavVizRecorder", "NavVizCore", "_NavVizTestSupport"]),
        .testTarget(name: "NavVizWatchTests", dependencies: ["NavVizWatch", "NavVizRecorder", "NavVizArtifacts", "NavVizCore", "NavVizShutdown", "_NavVizTestSupport"]),
    ]
)
