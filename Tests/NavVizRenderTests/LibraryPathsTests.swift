import Foundation
import Testing
@_spi(Internals) @testable import NavVizRender

/// Where navviz looks for the libraries and the worker executable it loads or starts: by
/// absolute paths only, and found under `swift test` on every platform (docs/platforms.md).
struct LibraryPathsTests {
    /// libcairo is looked for at absolute paths only, Graphviz's own cairo plugin first.
    @Test func cairoPlacesAreAbsolutePluginFirst() {
        let listing: (String) -> [String] = { dir in
            dir.hasSuffix("/graphviz") ? ["config6a", "libgvplugin_core.so.6", "libgvplugin_pango.so.6", "libgvplugin_pango.6.dylib", "libgvplugin_pango.la"] : []
        }
        let places = CairoCanvas.places(libgvc: "/opt/gv/lib/libgvc.so.6", files: listing)
        #expect(places.allSatisfy { $0.path.hasPrefix("/") })
        #if canImport(Darwin)
        #expect(places.first == .plugin("/opt/gv/lib/graphviz/libgvplugin_pango.6.dylib"))
        #expect(places.contains(.library("/opt/homebrew/lib/libcairo.2.dylib")))
        #expect(places.contains(.library("/usr/local/lib/libcairo.2.dylib")))
        #else
        #expect(places == [.plugin("/opt/gv/lib/graphviz/libgvplugin_pango.so.6"), .library("/opt/gv/lib/libcairo.so.2")])
        #endif
        // A libgvc the loader names by a relative path gives no place of its own: never a
        // bare or relative name, which the loader would look for in the current directory.
        let relative = CairoCanvas.places(libgvc: "libgvc.so.6", files: listing)
        #expect(relative.allSatisfy { $0.path.hasPrefix("/") })
        #expect(!relative.contains { $0.path.contains("/graphviz/") })
        #expect(CairoCanvas.places(libgvc: nil, files: listing).allSatisfy { $0.path.hasPrefix("/") })
    }

    /// On this machine libcairo is found, through Graphviz's plugin, by an absolute path.
    @Test func cairoIsOpenedByAnAbsolutePath() throws {
        let gvc = try #require(CairoCanvas.libgvcPath)
        #expect(gvc.hasPrefix("/"))
        let opened = try #require(CairoCanvas.open())
        #expect(opened.path.hasPrefix("/"))
        #expect(URL(fileURLWithPath: opened.path).lastPathComponent.hasPrefix("libcairo"))
        #expect(CairoCanvas.load() != nil)
        dlclose(opened.library)
        // Closed, the plugin and libcairo stay loaded (RTLD_NODELETE): what their
        // initialisers allocated stays reachable from their globals.
        let plugin = try #require(CairoCanvas.places(libgvc: gvc).first { if case .plugin = $0 { true } else { false } })
        for path in [plugin.path, opened.path] {
            let handle = dlopen(path, RTLD_NOW | RTLD_NOLOAD)
            #expect(handle != nil, "\(path) was unloaded")
            if let handle { dlclose(handle) }
        }
    }

    /// `/proc/PID/maps` lines name the file mapped at an address; anonymous mappings and
    /// pseudo-files (`[heap]`) name none.
    @Test func mapsNameTheFileAtAnAddress() {
        let maps = """
            55d0c0000000-55d0c0010000 r--p 00000000 08:01 1234   /usr/bin/navviz
            7f0000000000-7f0000100000 r-xp 00001000 08:01 99     /usr/lib/x86_64-linux-gnu/libcairo.so.2.11600.0
            7f0000100000-7f0000200000 rw-p 00000000 00:00 0
            7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0      [stack]
            7f0000300000-7f0000301000 r-xp 00000000 08:01 77     /tmp/a dir/lib with spaces.so
            """
        #expect(PlatformProcess.mappedFile(containing: 0x7f00_0000_0800, maps: maps) == "/usr/lib/x86_64-linux-gnu/libcairo.so.2.11600.0")
        #expect(PlatformProcess.mappedFile(containing: 0x55d0_c000_0000, maps: maps) == "/usr/bin/navviz")
        #expect(PlatformProcess.mappedFile(containing: 0x7f00_0010_0000, maps: maps) == nil)
        #expect(PlatformProcess.mappedFile(containing: 0x7ffd_0000_0010, maps: maps) == nil)
        #expect(PlatformProcess.mappedFile(containing: 0x7f00_0030_0010, maps: maps) == "/tmp/a dir/lib with spaces.so")
        #expect(PlatformProcess.mappedFile(containing: 0x10, maps: maps) == nil)
    }

    /// Lines that are not a mapping are passed over, a path's surrounding blanks are not
    /// its own, and an address past the last line finds nothing.
    @Test func mapsPassOverWhatIsNotAMapping() {
        let maps = "garbage\n" + "zz-7f0000000010 r--p 0 0 0 /bad/start\n" + "1-10000000000000000 r--p 0 0 0 /bad/overflow\n"
            + "7f0000000000-7f0000000010 r--p 0 0 0\n" + "7F0000000010-7F0000000020 r--p 00000000 08:01 5 \t/lib/upper.so  \n"
            + "7f0000000020-7f0000000030 r--p 00000000 08:01 6 /lib/last.so"
        #expect(PlatformProcess.mappedFile(containing: 0x7f00_0000_0008, maps: maps) == nil)
        #expect(PlatformProcess.mappedFile(containing: 0x7f00_0000_0018, maps: maps) == "/lib/upper.so")
        #expect(PlatformProcess.mappedFile(containing: 0x7f00_0000_0028, maps: maps) == "/lib/last.so")
        #expect(PlatformProcess.mappedFile(containing: 0x7f00_0000_0030, maps: maps) == nil)
        #expect(PlatformProcess.mappedFile(containing: 0x2, maps: maps) == nil)
        #expect(PlatformProcess.mappedFile(containing: 0x7f00_0000_0008, maps: "") == nil)
    }

    /// This module's code is found in a file the loader names by an absolute path.
    @Test func theImageHoldingThisCodeIsFound() throws {
        let image = try #require(PlatformProcess.imagePath)
        #expect(image.hasPrefix("/"))
        #expect(FileManager.default.fileExists(atPath: image))
    }

    /// The worker: NAVVIZ_WORKER first, the running navviz, a navviz beside the running
    /// executable, then beside the image or its .xctest bundle (macOS's `swift test`).
    @Test func workerExecutableIsFoundInEveryLayout() {
        let built: Set<String> = ["/p/.build/debug/navviz"]
        func find(_ env: [String: String] = [:], running: String?, image: String?) -> String? {
            GraphvizPool.defaultWorkerExecutable(environment: env, running: running, image: image, isExecutable: built.contains)
        }
        #expect(find(["NAVVIZ_WORKER": "/opt/navviz"], running: "/usr/bin/navviz", image: nil) == "/opt/navviz")
        #expect(find(running: "/usr/local/bin/navviz", image: nil) == "/usr/local/bin/navviz")
        // Linux's swift test: the test binary beside the debug navviz.
        #expect(find(running: "/p/.build/debug/navvizPackageTests.xctest", image: "/p/.build/debug/navvizPackageTests.xctest") == "/p/.build/debug/navviz")
        // macOS's swift test: xctest runs a bundle beside the debug navviz.
        #expect(find(running: "/Applications/Xcode.app/Contents/Developer/usr/bin/xctest",
                     image: "/p/.build/debug/navvizPackageTests.xctest/Contents/MacOS/navvizPackageTests") == "/p/.build/debug/navviz")
        #expect(find(running: "/usr/libexec/swift/pm/swiftpm-testing-helper",
                     image: "/p/.build/debug/navvizPackageTests.xctest/Contents/MacOS/navvizPackageTests") == "/p/.build/debug/navviz")
        // A program of its own without a navviz anywhere: the path it will name when it fails.
        #expect(find(running: "/usr/local/bin/tool", image: "/usr/local/bin/tool") == "/usr/local/bin/navviz")
        #expect(find(running: nil, image: nil) == nil)
        // The image (on Linux, a read of /proc/self/maps) is asked for only when the running
        // executable is not a navviz and has none beside it.
        var asked = 0
        func image() -> String? {
            asked += 1
            return "/p/.build/debug/navvizPackageTests.xctest/Contents/MacOS/navvizPackageTests"
        }
        #expect(GraphvizPool.defaultWorkerExecutable(environment: [:], running: "/usr/local/bin/navviz", image: image(), isExecutable: built.contains) == "/usr/local/bin/navviz")
        #expect(GraphvizPool.defaultWorkerExecutable(environment: [:], running: "/p/.build/debug/navvizPackageTests.xctest", image: image(), isExecutable: built.contains) == "/p/.build/debug/navviz")
        #expect(asked == 0)
        #expect(GraphvizPool.defaultWorkerExecutable(environment: [:], running: "/usr/bin/xctest", image: image(), isExecutable: built.contains) == "/p/.build/debug/navviz")
        #expect(asked == 1)
    }

    /// Under this test run the default worker is a built navviz.
    @Test func theDefaultWorkerRunsHere() throws {
        let worker = try #require(GraphvizPool.defaultWorkerExecutable(environment: [:], running: GraphvizPool.runningExecutable, image: PlatformProcess.imagePath))
        #expect(URL(fileURLWithPath: worker).lastPathComponent == "navviz")
        #expect(FileManager.default.isExecutableFile(atPath: worker))
    }
}
