import Foundation
internal import CGraphviz

/// A cairo image surface navviz keeps from frame to frame, for Graphviz's cairo renderer to
/// draw into (through `gvRenderContext`) instead of a surface it allocates and frees for
/// every frame: a large frame's surface is tens of megabytes, and mapping, zeroing and
/// unmapping it every frame cost more than drawing on it.
///
/// cairo's headers are not a build dependency, so its few calls are looked up at run time in
/// the library the Graphviz cairo plugin itself uses (``libraryName``, found where the
/// system's loader looks, or else beside libgvc, as in Homebrew's lib/); without it,
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
    /// libcairo's name on this platform.
    #if canImport(Darwin)
    static let libraryName = "libcairo.2.dylib"
    #else
    static let libraryName = "libcairo.so.2"
    #endif

    /// Where libcairo is looked for: by name (the loader's search path), and on macOS also in
    /// the directory libgvc was loaded from (a package manager's lib/, which macOS's loader
    /// does not search for a bare name: Homebrew's /opt/homebrew/lib).
    static var libraries: [String] {
        var out = [libraryName]
        #if canImport(Darwin)
        var info = Dl_info()
        let gvc = unsafeBitCast(gvContext as @convention(c) () -> OpaquePointer?, to: UnsafeRawPointer.self)
        if dladdr(gvc, &info) != 0, let path = info.dli_fname {
            out.append(URL(fileURLWithPath: String(cString: path)).deletingLastPathComponent().appendingPathComponent(libraryName).path)
        }
        #endif
        return out
    }

    private let calls: Calls
    private let library: UnsafeMutableRawPointer
    private var surface: OpaquePointer?
    /// The pixels the surface draws on (nil before the first ``reserve(width:height:)``).
    private var raster: Raster?
    /// The surface's size in pixels.
    var width: Int { raster?.width ?? 0 }
    var height: Int { raster?.height ?? 0 }

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
        guard let library = libraries.lazy.compactMap({ dlopen($0, RTLD_NOW) }).first else { return nil }
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
        guard let raster = Raster(width: width, height: height, stride: stride) else { return false }
        let surface = calls.createForData(raster.baseAddress.assumingMemoryBound(to: UInt8.self), Self.argb32, Int32(width), Int32(height), Int32(stride))
        guard calls.surfaceStatus(surface) == 0 else {
            calls.surfaceDestroy(surface)
            return false
        }
        (self.surface, self.raster) = (surface, raster)
        return true
    }

    /// Clears the surface to transparent black (as a new surface is) and runs `body` with a
    /// new cairo context drawing on it, destroyed when `body` returns.
    func draw<T>(_ body: (OpaquePointer) -> T) -> T? {
        guard let surface, let raster else { return nil }
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

    /// The top-left `width` × `height` pixels of the surface as drawn; nil when the surface
    /// is smaller. The page is the canvas's raster: valid until the next drawing.
    func page(width: Int, height: Int) -> RasterPage? {
        guard let surface, let raster else { return nil }
        calls.surfaceFlush(surface)
        return RasterPage(raster, width: width, height: height)
    }

    /// Destroys the surface, then lets go of the pixels it drew on.
    private func release() {
        if let surface { calls.surfaceDestroy(surface) }
        (surface, raster) = (nil, nil)
    }
}
