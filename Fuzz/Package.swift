// swift-tools-version:6.0
// libFuzzer targets over navviz's input boundaries: a package of its own, so the main package
// gains no sanitizer flags or executables. `make fuzz-libfuzzer` builds and runs them; by hand:
//
//   swift build -c debug --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
//   Fuzz/.build/debug/fuzz-readers -dict=Fuzz/navviz.dict CORPUS_DIR
//
// (`--sanitize=fuzzer` alone instruments only C code: the Swift modules get no coverage.)
import PackageDescription

// Each target's main hands its one-input function to libFuzzer's LLVMFuzzerRunDriver
// (FuzzDriver.run): in debug builds SwiftPM links an executable's main as `<module>_main`
// (`--defsym main=fuzz_readers_main`, for testable executables), so libFuzzer's own main()
// cannot be the entry point. `-parse-as-library`: the file is no top-level code.
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "navviz-fuzz",
    // `name:`: a path dependency is otherwise known by its folder's name (a worktree's, a clone's).
    dependencies: [.package(name: "navviz", path: "..")],
    targets: [
        // The declaration of libFuzzer's LLVMFuzzerRunDriver.
        .target(name: "CLibFuzzer"),
        // What every target shares: its entry into libFuzzer's driver, the error-message check.
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer"]),
        // Bytes through format sniffing, every reader (JSON, NDJSON log, YAML, UIKit paste)
        // and the document decoder and validation.
        .executableTarget(
            name: "fuzz-readers",
            dependencies: ["FuzzDriver", .product(name: "NavVizCore", package: "navviz"), .product(name: "NavVizFiles", package: "navviz")],
            path: "Sources/FuzzReaders",
            swiftSettings: fuzzTarget
        ),
        // A decoded document through redaction, the timeline in every diff dialect, routing,
        // text, JSON operations, scenes, Mermaid and DOT (no Graphviz).
        .executableTarget(
            name: "fuzz-pipeline",
            dependencies: [
                "FuzzDriver", .product(name: "NavVizCore", package: "navviz"), .product(name: "NavVizFiles", package: "navviz"),
                .product(name: "NavVizRender", package: "navviz"),
            ],
            path: "Sources/FuzzPipeline",
            swiftSettings: fuzzTarget
        ),
        // A decoded document's frames drawn by Graphviz (SVG; `dot` in a worker process,
        // which is this executable's `graphviz-worker`) and through the stable layout.
        .executableTarget(
            name: "fuzz-graphviz",
            dependencies: [
                "FuzzDriver", .product(name: "NavVizCore", package: "navviz"), .product(name: "NavVizFiles", package: "navviz"),
                .product(name: "NavVizRender", package: "navviz"),
            ],
            path: "Sources/FuzzGraphviz",
            swiftSettings: fuzzTarget
        ),
        // What `navviz import` reads (UIKit pastes, snapshots, sequences, logs) written as
        // JSON and YAML and read back, and each tree recorded by NavigationRecorder and its
        // log line read back.
        .executableTarget(
            name: "fuzz-importers",
            dependencies: [
                "FuzzDriver", .product(name: "NavVizCore", package: "navviz"), .product(name: "NavVizFiles", package: "navviz"),
                .product(name: "NavVizRecorder", package: "navviz"),
            ],
            path: "Sources/FuzzImporters",
            swiftSettings: fuzzTarget
        ),
    ]
)
