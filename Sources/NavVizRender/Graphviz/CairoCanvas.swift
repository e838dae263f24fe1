import Foundation
internal import CGraphviz

/// A cairo image surface navviz keeps from frame to frame, for Graphviz's cairo renderer to
/// draw into (through `gvRenderContext`) instead of a surface it allocates and frees for
/// every frame: a large frame's surface is tens of megabytes, and mapping, zeroing and
/// unmapping it every frame cost more than drawing on it.
///
/// cairo's headers are not a build dependency, so its few calls are looked up at run time in
/// the library the Graphviz cairo plugin itself uses, opened by its absolute path only
/// (``places(libgvc:files:)``); without it,
/// ``load()`` gives nil and Graphviz keeps its own surfaces. The surface is made over a
/// ``Raster``'s memory, which the canvas keeps as long as the surface and lends as the page
/// drawn; the canvas destroys the surface in `deinit`. Only used under ``Graphviz``'s lock;
/// C pointers never leave the Graphviz folder.
final class CairoCanvas {
    /// cairo's calls, by their C signatures.
    private struct Calls {
        let createForData: @convention(c) (UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32, Int32) -> OpaquePointer?
        let strideForWidth: @convention(c) (Int32, Int32) -> Int32
        let surfaceStatus: @convention(c) (OpaquePointer?) -> Int32
        let surfaceFlush: @convention(c) (OpaquePointer?) -> Void
        let surfaceMarkDirty: @convention(c) (OpaquePointer?) -> Void
        let surfaceDestroy: @convention(c) (OpaquePointer?) -> Void
        let create: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let destroy: @convention(c) (OpaquePointer?) -> Void
    }

    /// `CAIRO_FORMAT_ARGB32`.
    private static let argb32: Int32 = 0
    /// libcairo's file name on this platform.
    #if canImport(Darwin)
    static let libraryName = "libcairo.2.dylib"
    #else
    static let libraryName = "libcairo.so.2"
    #endif

    /// Where libcairo is looked for, in order; every place an absolute path, never a bare
    /// name (for a bare name macOS's loader also searches the current directory, so a
    /// `libcairo.2.dylib` in a checked-out repository would be loaded, and Homebrew's lib/
    /// is not on its default path):
    ///
    /// 1. ``Place/plugin(_:)``: Graphviz's own cairo plugin, `libgvplugin_pango`, in
    ///    `graphviz/` beside libgvc (libgvc's path as the loader gives it, then with its
    ///    symbolic links resolved: Homebrew's `…/opt/graphviz/lib` links to the Cellar). The
    ///    plugin is opened by that path, and libcairo is the library its `cairo_create` comes
    ///    from (`dladdr`): the very libcairo Graphviz draws with, wherever its package
    ///    manager put it, which the canvas must be, since Graphviz's cairo draws on the
    ///    canvas's surface.
    /// 2. ``Place/library(_:)``: `libcairo` beside libgvc (Debian's multiarch directory,
    ///    a `GRAPHVIZ_PREFIX`), and on macOS in Homebrew's prefixes (`/opt/homebrew/lib` on
    ///    Apple silicon, `/usr/local/lib` on Intel) and MacPorts' (`/opt/local/lib`).
    enum Place: Equatable, CustomStringConvertible {
        /// A Graphviz plugin that links libcairo.
        case plugin(String)
        /// libcairo itself.
        case library(String)

        var path: String {
            switch self { case .plugin(let p), .library(let p): p }
        }

        var description: String {
            switch self { case .plugin(let p): "plugin \(p)"; case .library(let p): "library \(p)" }
        }
    }

    /// The places to look, for a libgvc loaded from `libgvc` (nil: not known); `files` lists
    /// a directory's file names. Only absolute paths come out.
    static func places(libgvc: String?, files: (String) -> [String] = { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }) -> [Place] {
        var directories: [String] = []
        if let libgvc, libgvc.hasPrefix("/") {
            let url = URL(fileURLWithPath: libgvc)
            for dir in [url.deletingLastPathComponent().path, url.resolvingSymlinksInPath().deletingLastPathComponent().path]
            where !directories.contains(dir) {
                directories.append(dir)
            }
        }
        var out: [Place] = []
        for dir in directories {
            let plugins = "\(dir)/graphviz"
            out += files(plugins).filter(isPangoPlugin).sorted().map { .plugin("\(plugins)/\($0)") }
        }
        var libraries = directories
        #if canImport(Darwin)
        libraries += ["/opt/homebrew/lib", "/usr/local/lib", "/opt/local/lib"]
        #endif
        for dir in libraries where !out.contains(.library("\(dir)/\(libraryName)")) {
            out.append(.library("\(dir)/\(libraryName)"))
        }
        return out.filter { $0.path.hasPrefix("/") }
    }

    /// Whether a file name is Graphviz's pango (cairo) plugin as this platform names a
    /// loadable one: `libgvplugin_pango.so.6` (Linux), `libgvplugin_pango.6.dylib` (macOS).
    static func isPangoPlugin(_ name: String) -> Bool {
        guard name.hasPrefix("libgvplugin_pango") else { return false }
        #if canImport(Darwin)
        return name.hasSuffix(".dylib")
        #else
        return name.contains(".so")
        #endif
    }

    /// The path libgvc was loaded from.
    static var libgvcPath: String? {
        PlatformProcess.libraryPath(containing: unsafeBitCast(gvContext as @convention(c) () -> OpaquePointer?, to: UnsafeRawPointer.self))
    }

    /// libcairo opened from the first of ``places(libgvc:files:)`` that has it, with the
    /// absolute path it was opened by; nil when none has.
    ///
    /// Everything is opened `RTLD_NODELETE`: a `dlclose` (of the plugin here, of libcairo by
    /// the canvas's `deinit`) never unmaps a library. Opening the plugin first in a process
    /// loads pango, harfbuzz and the libraries under them, whose initialisers allocate and
    /// keep what they allocate in their own globals; unmapped, those globals are gone, and
    /// LeakSanitizer reported their blocks as leaked from an unknown module (12,384 B in 6
    /// blocks, in a CI run where the test process opened the canvas before any Graphviz
    /// rendering had loaded the plugin). Graphviz loads the same plugin to draw anyway, and
    /// keeps it for the life of the process.
    static func open() -> (library: UnsafeMutableRawPointer, path: String)? {
        for place in places(libgvc: libgvcPath) where FileManager.default.fileExists(atPath: place.path) {
            switch place {
            case .library(let path):
                if let library = dlopen(path, RTLD_NOW | RTLD_NODELETE) { return (library, path) }
            case .plugin(let path):
                guard let plugin = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else { continue }
                defer { dlclose(plugin) }
                guard let create = dlsym(plugin, "cairo_create"),
                      let cairo = PlatformProcess.libraryPath(containing: UnsafeRawPointer(create)),
                      let library = dlopen(cairo, RTLD_NOW | RTLD_NODELETE) else { continue }
                return (library, cairo)
            }
        }
        return nil
    }

    private let calls: Calls
    private let library: UnsafeMutableRawPointer
    private var surface: OpaquePointer?
    /// The pixels the surface draws on (nil before the first ``reserve(width:height:)``).
    private var raster: Raster?
    /// A second surface of the same size, where a page's damage is drawn before it is copied
    /// onto the canvas (``draw(damage:_:)``); made the first time one is.
    private var scratch: (surface: OpaquePointer, raster: Raster)?
    /// The surface's size in pixels.
    var width: Int { raster?.width ?? 0 }
    var height: Int { raster?.height ?? 0 }
    /// Changes whenever the surface is made anew (its pixels are then no page drawn before).
    private(set) var generation = 0

    private init(calls: Calls, library: UnsafeMutableRawPointer) {
        self.calls = calls
        self.library = library
    }

    deinit {
        release()
        dlclose(library)
    }

    /// A canvas of no size yet, or nil when libcairo or one of its calls cannot be found.
    static func load() -> CairoCanvas? {
        guard let library = open()?.library else { return nil }
        func call<T>(_ name: String, as _: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let createForData = call("cairo_image_surface_create_for_data", as: (@convention(c) (UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32, Int32) -> OpaquePointer?).self),
              let strideForWidth = call("cairo_format_stride_for_width", as: (@convention(c) (Int32, Int32) -> Int32).self),
              let surfaceStatus = call("cairo_surface_status", as: (@convention(c) (OpaquePointer?) -> Int32).self),
              let surfaceFlush = call("cairo_surface_flush", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let surfaceMarkDirty = call("cairo_surface_mark_dirty", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let surfaceDestroy = call("cairo_surface_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let create = call("cairo_create", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
              let destroy = call("cairo_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self)
        else {
            dlclose(library)
            return nil
        }
        return CairoCanvas(calls: Calls(createForData: createForData, strideForWidth: strideForWidth, surfaceStatus: surfaceStatus,
                                        surfaceFlush: surfaceFlush, surfaceMarkDirty: surfaceMarkDirty, surfaceDestroy: surfaceDestroy,
                                        create: create, destroy: destroy),
                           library: library)
    }

    /// Makes the surface at least `width` × `height` pixels: kept when it already is, else
    /// made as wide and as high as the largest asked for so far (so pages of an animation,
    /// whose sizes vary, are drawn on one surface), or just the size asked for when that
    /// would more than double it; false when cairo refuses the size or memory runs out.
    func reserve(width: Int, height: Int) -> Bool {
        if surface != nil, width <= self.width, height <= self.height { return true }
        let grown = (width: max(width, self.width), height: max(height, self.height))
        let (width, height) = grown.width * grown.height <= 2 * width * height ? grown : (width, height)
        release()
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return false }
        let stride = Int(calls.strideForWidth(Self.argb32, Int32(width)))
        guard let raster = Raster(width: width, height: height, stride: stride), let surface = surface(over: raster) else { return false }
        (self.surface, self.raster) = (surface, raster)
        generation += 1
        return true
    }

    /// A surface over `raster`, or nil when cairo refuses it.
    private func surface(over raster: Raster) -> OpaquePointer? {
        let surface = calls.createForData(raster.baseAddress.assumingMemoryBound(to: UInt8.self), Self.argb32,
                                          Int32(raster.width), Int32(raster.height), Int32(raster.stride))
        guard calls.surfaceStatus(surface) == 0 else {
            calls.surfaceDestroy(surface)
            return nil
        }
        return surface
    }

    /// Clears the surface to transparent black (as a new surface is) and runs `body` with a
    /// new cairo context drawing on it, destroyed when `body` returns.
    ///
    /// With `damage`, only those rectangles of the canvas change: `body` draws on the scratch
    /// surface, cleared in them, and they are copied from it onto the canvas; every other
    /// pixel of the canvas keeps the page drawn before. cairo is not clipped: a clip changes
    /// by a few levels the antialiased edges of what it cuts, so what reaches into the
    /// rectangles is drawn whole, and whatever it draws outside them is left on the scratch.
    /// Nil when there is no surface (or no scratch surface can be made).
    func draw<T>(damage: [GraphvizDamage.Rect]? = nil, _ body: (OpaquePointer) -> T) -> T? {
        guard let surface, let raster else { return nil }
        guard let damage else {
            calls.surfaceFlush(surface)
            raster.clear()
            calls.surfaceMarkDirty(surface)
            guard let context = calls.create(surface) else { return nil }
            defer {
                calls.destroy(context)
                calls.surfaceFlush(surface)
            }
            return body(context)
        }
        if scratch == nil, let pixels = Raster(width: raster.width, height: raster.height, stride: raster.stride),
           let made = self.surface(over: pixels) {
            scratch = (made, pixels)
        }
        guard let scratch else { return nil }
        let rects = damage.compactMap { r -> (x: Range<Int>, y: Range<Int>)? in
            let (x0, x1, y0, y1) = (max(0, r.x0), min(raster.width, r.x1), max(0, r.y0), min(raster.height, r.y1))
            return x0 < x1 && y0 < y1 ? (x0..<x1, y0..<y1) : nil
        }
        calls.surfaceFlush(scratch.surface)
        scratch.raster.withUnsafeMutableBytes { bytes in
            for r in rects {
                for y in r.y { (bytes.baseAddress! + y * raster.stride + 4 * r.x.lowerBound).initializeMemory(as: UInt8.self, repeating: 0, count: 4 * r.x.count) }
            }
        }
        calls.surfaceMarkDirty(scratch.surface)
        guard let context = calls.create(scratch.surface) else { return nil }
        let result = body(context)
        calls.destroy(context)
        calls.surfaceFlush(scratch.surface)
        calls.surfaceFlush(surface)
        raster.withUnsafeMutableBytes { target in
            scratch.raster.withUnsafeBytes { source in
                for r in rects {
                    for y in r.y {
                        let offset = y * raster.stride + 4 * r.x.lowerBound
                        (target.baseAddress! + offset).copyMemory(from: source.baseAddress! + offset, byteCount: 4 * r.x.count)
                    }
                }
            }
        }
        calls.surfaceMarkDirty(surface)
        return result
    }

    /// The top-left `width` × `height` pixels of the surface as drawn; nil when the surface
    /// is smaller. The page is the canvas's raster: valid until the next drawing.
    func page(width: Int, height: Int) -> RasterPage? {
        guard let surface, let raster else { return nil }
        calls.surfaceFlush(surface)
        return RasterPage(raster, width: width, height: height)
    }

    /// Destroys the surfaces, then lets go of the pixels they drew on.
    private func release() {
        if let surface { calls.surfaceDestroy(surface) }
        if let scratch { calls.surfaceDestroy(scratch.surface) }
        (surface, raster, scratch) = (nil, nil, nil)
    }
}
